import assert from 'node:assert/strict';
import { PRODUCT_EVENT_TYPES, type WebhookEventType } from '../../../src/domain/watch/event-types';
import { type EventForPayload, eventSummary, webhookPayload } from '../../../src/domain/watch/payload';

const BASE_URL = 'https://agentdex.example';

const event = (over: Partial<EventForPayload> = {}): EventForPayload => ({
  id: 'evt_01',
  type: 'readiness.dropped',
  occurred_at: new Date('2025-03-04T05:06:07.089Z'),
  slug: 'acme',
  domain: 'acme.com',
  name: 'Acme',
  data: { delta: 7 },
  ...over,
});

describe('watch webhookPayload', () => {
  it('carries the event id, type, data and the product with its page url', () => {
    const data = { delta: 7, moved: ['readiness'] };
    assert.deepEqual(webhookPayload(event({ data }), BASE_URL), {
      id: 'evt_01',
      type: 'readiness.dropped',
      occurredAt: '2025-03-04T05:06:07.089Z',
      product: { slug: 'acme', domain: 'acme.com', name: 'Acme', url: 'https://agentdex.example/products/acme' },
      data,
    });
  });

  const times: Array<[string, Date | string, string]> = [
    ['a Date', new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 6)), '2025-01-02T03:04:05.006Z'],
    ['an ISO string', '2025-06-30T23:59:59.999Z', '2025-06-30T23:59:59.999Z'],
    ['a string with an offset', '2025-06-30T23:00:00+02:00', '2025-06-30T21:00:00.000Z'],
  ];
  for (const [what, at, want] of times) {
    it(`occurredAt is ISO 8601 in UTC from ${what}`, () => {
      assert.equal(webhookPayload(event({ occurred_at: at }), BASE_URL).occurredAt, want);
    });
  }

  const urls: Array<[string, string, string]> = [
    ['a plain slug', 'acme', 'https://agentdex.example/products/acme'],
    ['a slug with a space and a slash', 'a b/c', 'https://agentdex.example/products/a%20b%2Fc'],
    ['a slug with ? # and &', 'x?y#z&w', 'https://agentdex.example/products/x%3Fy%23z%26w'],
    ['a non-ASCII slug', 'café', 'https://agentdex.example/products/caf%C3%A9'],
  ];
  for (const [what, slug, want] of urls) {
    it(`product url is url-encoded: ${what}`, () => {
      const p = webhookPayload(event({ slug }), BASE_URL).product;
      assert.equal(p?.url, want);
      assert.equal(p?.slug, slug);
    });
  }

  it('the product url follows the configured base URL', () => {
    assert.equal(webhookPayload(event(), 'http://localhost:3000').product?.url, 'http://localhost:3000/products/acme');
  });

  it('the product name falls back to the slug', () => {
    assert.equal(webhookPayload(event({ name: null }), BASE_URL).product?.name, 'acme');
  });

  it('the product is null without a slug', () => {
    const p = webhookPayload(event({ slug: null, type: 'webhook.test', data: {} }), BASE_URL);
    assert.equal(p.product, null);
    assert.equal(p.id, 'evt_01');
    assert.equal(p.type, 'webhook.test');
  });

  it('the product is null without a domain', () => {
    assert.equal(webhookPayload(event({ domain: null }), BASE_URL).product, null);
  });
});

describe('watch eventSummary', () => {
  const before = { readiness: 72, discovery: 70, understanding: 70, adoption: 70, operability: 70 };
  const after = { readiness: 61, discovery: 58, understanding: 70, adoption: 70, operability: 70 };
  const change = (id: string) => ({ id, level: 'info', text: id });
  const DATA: Record<WebhookEventType, [Record<string, unknown>, string[]]> = {
    'readiness.dropped': [{ delta: 12, moved: ['readiness', 'discovery'], before, after, checks: [] }, ['72', '61', '12', 'discovery']],
    'readiness.rose': [{ delta: 9, moved: ['adoption'], before: after, after: before, checks: [] }, ['61', '72', '9', 'adoption']],
    'openapi.breaking': [{ from: 'a', to: 'b', breaking: [change('x'), change('y'), change('z')], changes: [change('w')] }, ['3', '1']],
    'openapi.changed': [{ from: 'a', to: 'b', changes: [change('p'), change('q')] }, ['2']],
    'mcp.tools_changed': [
      {
        since: 's',
        added: ['a', 'b', 'c', 'd'],
        removed: ['e'],
        changed: [
          { name: 'f', fields: [] },
          { name: 'g', fields: [] },
        ],
      },
      ['4', '1', '2'],
    ],
    'site.unreachable': [{ error: 'connect ECONNREFUSED 1.2.3.4:443' }, ['ECONNREFUSED']],
    'site.recovered': [{ scores: after }, []],
    'security.finding': [{ findings: [{}, {}, {}, {}, {}] }, ['5']],
    'webhook.test': [{}, []],
  };

  it('covers every product event type and webhook.test', () => {
    assert.deepEqual(Object.keys(DATA).sort(), [...PRODUCT_EVENT_TYPES, 'webhook.test'].sort());
  });

  for (const type of [...PRODUCT_EVENT_TYPES, 'webhook.test'] as WebhookEventType[]) {
    const [data, mentions] = DATA[type];
    it(`${type}: a non-empty line${mentions.length ? ` mentioning ${mentions.join(', ')}` : ''}`, () => {
      const s = eventSummary(type, data);
      assert.equal(typeof s, 'string');
      assert.ok(s.trim().length > 0, 'empty summary');
      assert.ok(!s.includes('\n'), `more than one line: ${s}`);
      for (const m of mentions) assert.ok(s.includes(m), `"${s}" does not mention ${m}`);
    });
  }

  it('counts are the list lengths, not fixed text', () => {
    assert.notEqual(
      eventSummary('mcp.tools_changed', { added: ['a'], removed: [], changed: [] }),
      eventSummary('mcp.tools_changed', { added: ['a', 'b'], removed: [], changed: [] }),
    );
    assert.match(eventSummary('mcp.tools_changed', { added: ['a', 'b'], removed: [], changed: [] }), /\b2\b/);
    assert.match(eventSummary('openapi.changed', { changes: [] }), /\b0\b/);
  });

  it('site.unreachable without an error is still a line, and a long error is cut', () => {
    assert.ok(eventSummary('site.unreachable', {}).trim().length > 0);
    const long = `E${'x'.repeat(1_000)}`;
    const s = eventSummary('site.unreachable', { error: long });
    assert.ok(s.length < 300, `${s.length} chars`);
    assert.ok(s.includes('Exxx'));
  });

  it('readiness summaries for the same data differ only by the numbers given', () => {
    const a = eventSummary('readiness.dropped', { delta: 5, moved: ['readiness'], before: { readiness: 50 }, after: { readiness: 45 } });
    const b = eventSummary('readiness.dropped', { delta: 8, moved: ['readiness'], before: { readiness: 50 }, after: { readiness: 42 } });
    assert.notEqual(a, b);
    assert.ok(a.includes('50') && a.includes('45') && a.includes('5'));
  });
});
