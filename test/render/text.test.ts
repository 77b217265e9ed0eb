import assert from 'node:assert/strict';
import { operationList } from '../../src/operations';
import { hasRenderer, renderText } from '../../src/render/text';

describe('text renderings (MCP text content, CLI output)', () => {
  it('exist for every operation with a tool or a command, so neither door falls back to raw JSON', () => {
    const missing = operationList.filter((op) => (op.tool || op.cli) && !hasRenderer(op.name)).map((op) => op.name);
    assert.deepEqual(missing, []);
  });

  it('render pricing as a table with the quote each price was read from', () => {
    const text = renderText('getPricing', {
      domain: 'acme.test',
      name: 'Acme',
      currency: 'USD',
      model: 'freemium',
      freeTier: true,
      plans: [
        { name: 'Free', priceMonthlyUsd: 0, features: [], quote: '$0/month' },
        { name: 'Team', priceMonthlyUsd: null, priceMonthly: 19, currency: 'EUR', unit: 'per seat', features: [], quote: '19 € pro Nutzer' },
        { name: 'Enterprise', priceMonthlyUsd: null, features: [], quote: 'Contact sales' },
      ],
      sourceUrl: 'http://acme.test/pricing',
      asOf: '2026-11-23T10:00:00.000Z',
      reachable: true,
      cached: true,
      freshness: { fetchedAt: '2026-11-23T10:00:00.000Z', ageSeconds: 60, ttlSeconds: 86400, source: 'cache' },
    });
    assert.match(text, /Acme: freemium, free tier, from http:\/\/acme\.test\/pricing/);
    assert.match(text, /Team\s+19 EUR\s+per seat\s+"19 € pro Nutzer"/);
    assert.match(text, /Enterprise\s+contact sales/);
    assert.match(text, /from the cache; pages fetched 2026-11-23 10:00 UTC/);
  });
});
