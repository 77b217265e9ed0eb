import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ResolveResultSchema } from '../../src/schemas/primitives';
import { assertOrderedByFit } from '../support/ranking';
import { startTestApp, type TestApp } from '../support/app';
import { jsonOf } from '../support/http';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';

describe('POST /v1/resolve', function () {
  this.timeout(60_000);
  let app: TestApp;
  let ws: { workspaceId: string; key: string };
  const resolve = (body: unknown) =>
    fetch(`${app.baseUrl}/v1/resolve`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': ws.key }, body: JSON.stringify(body) });

  before(async () => {
    app = await startTestApp();
    ws = await createWorkspace(getInfra().db);
  });
  after(() => app.close());

  it('has a controlled vocabulary of at least 150 capabilities with descriptions and phrasings', () => {
    const vocab = JSON.parse(readFileSync(path.resolve(__dirname, '../../../data/capabilities.json'), 'utf8')) as Array<{
      id: string;
      description: string;
      synonyms: string[];
    }>;
    assert.ok(vocab.length >= 150, `${vocab.length}`);
    assert.equal(new Set(vocab.map((c) => c.id)).size, vocab.length);
    assert.ok(vocab.every((c) => /^[a-z0-9_]+\.[a-z0-9_]+$/.test(c.id) && c.description && c.synonyms.length >= 3));
  });

  it('maps a task to capabilities and ranks products by fit, each with its match, coverage and reason', async () => {
    const res = await resolve({ task: 'send transactional email from a Node app' });
    assert.equal(res.status, 200);
    const body = ResolveResultSchema.parse(await jsonOf(res));
    assert.ok(body.capabilities.includes('email.send'), body.capabilities.join(', '));
    assert.ok(body.results.length >= 5);
    assertOrderedByFit(body.results);
    for (const r of body.results) {
      assert.ok(r.matched.every((m) => body.capabilities.includes(m)));
      assert.ok(r.capScore >= 0 && r.capScore <= 1);
      assert.equal(r.capScore, Math.round((100 * r.matched.length) / body.capabilities.length) / 100);
    }
    assert.match(body.results[0].reason, /covers email\.send/);
    assert.match(body.results[0].reason, /match \d\.\d\d, readiness \d+/);
    assert.equal(body.discovered, 0);
    assert.equal(body.note, undefined, 'a task that fits well carries no note');
  });

  it('drops (never down-ranks) products lacking a requirement, from the body or the task', async () => {
    const body = ResolveResultSchema.parse(await jsonOf(await resolve({ task: 'send transactional email', requirements: { mcp: true } })));
    assert.deepEqual(body.requirements, { mcp: true });
    const flags = await getInfra()
      .db('products')
      .whereIn(
        'slug',
        body.results.map((r) => r.slug),
      )
      .pluck('has_mcp');
    assert.ok(flags.length > 0 && flags.every(Boolean));
    const fromTask = ResolveResultSchema.parse(await jsonOf(await resolve({ task: 'send transactional email with a CLI' })));
    assert.deepEqual(fromTask.requirements, { cli: true });
  });

  it('is metered as agent_discovery_check, one event per call above', async () => {
    const [{ count }] = await getInfra()
      .db('usage_events')
      .where({ workspace_id: ws.workspaceId, event_type: 'agent_discovery_check' })
      .count<{ count: number }[]>('* as count');
    assert.equal(Number(count), 3);
  });

  it('400s bad input, naming the field', async () => {
    for (const [body, field] of [
      [{}, 'task'],
      [{ task: '' }, 'task'],
      [{ task: 'x', requirements: { mcp: 'yes' } }, 'requirements.mcp'],
      [{ task: 'x', discover: 'yes' }, 'discover'],
    ] as const) {
      const res = await resolve(body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(JSON.stringify(await res.json()), new RegExp(field.replace('.', '\\.')), JSON.stringify(body));
    }
  });
});
