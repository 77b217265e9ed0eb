import assert from 'node:assert/strict';
import { ResolveResultSchema } from '../../src/schemas/primitives';
import { startTestApp, type TestApp } from '../support/app';
import { jsonOf } from '../support/http';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';

// The discovery sources are fixture servers speaking the real formats (test/fixture-web/discovery.ts):
// the MCP registry knows vectorly.test; the SearXNG instance finds embedbase.test, mailpigeon.test and
// postbox-mail.test, plus pages on code hosts and encyclopedias that name no product.
describe('POST /v1/resolve with discover: true', function () {
  this.timeout(120_000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());

  const resolve = (key: string, body: unknown) =>
    fetch(`${app.baseUrl}/v1/resolve`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify(body) });
  const events = async (workspaceId: string, eventType: string) =>
    Number((await getInfra().db('usage_events').where({ workspace_id: workspaceId, event_type: eventType }).count<{ count: string }[]>('* as count'))[0].count);

  it('audits new products from the MCP registry and web search into the registry, billing each audit', async () => {
    const db = getInfra().db;
    const ws = await createWorkspace(db);
    const res = await resolve(ws.key, { task: 'vector search for embeddings', discover: true });
    assert.equal(res.status, 200);
    const body = ResolveResultSchema.parse(await jsonOf(res));
    assert.equal(body.discovered, 2);
    assert.ok(body.capabilities.includes('search.vector'), body.capabilities.join(', '));

    const found = await db('products').whereIn('domain', ['vectorly.test', 'embedbase.test']).select('slug', 'domain', 'score_source', 'has_mcp');
    assert.equal(found.length, 2);
    assert.ok(found.every((p) => p.score_source === 'audit'));
    assert.equal(found.find((p) => p.domain === 'vectorly.test')?.has_mcp, true, 'the MCP server the registry named was found by the audit');
    const slugs = body.results.map((r) => r.slug);
    for (const p of found) assert.ok(slugs.includes(p.slug), `${p.slug} is among the results: ${slugs.join(', ')}`);

    assert.equal(await events(ws.workspaceId, 'agent_discovery_check'), 1);
    assert.equal(await events(ws.workspaceId, 'audit_run'), 2);
    assert.deepEqual(
      await db('products')
        .whereIn('domain', ['github.com', 'wikipedia.org'])
        .pluck('score_source')
        .then((s) => s.filter((x) => x === 'audit')),
      [],
      'code hosts and encyclopedias are not audited',
    );

    // Known now: a second discovery finds nothing new and audits nothing.
    const again = ResolveResultSchema.parse(await jsonOf(await resolve(ws.key, { task: 'vector search for embeddings', discover: true })));
    assert.equal(again.discovered, 0);
    assert.equal(await events(ws.workspaceId, 'audit_run'), 2);
  });

  it('stops auditing where the workspace’s audits run out, and still answers', async () => {
    const db = getInfra().db;
    const ws = await createWorkspace(db, { used: { audit_run: 99 } }); // free plan: 100 audits
    const res = await resolve(ws.key, { task: 'send transactional email', discover: true });
    assert.equal(res.status, 200);
    const body = ResolveResultSchema.parse(await jsonOf(res));
    assert.equal(body.discovered, 1);
    assert.ok(body.results.length > 0);
    assert.equal(await events(ws.workspaceId, 'audit_run'), 1);
    assert.equal((await db('products').whereIn('domain', ['mailpigeon.test', 'postbox-mail.test']).pluck('id')).length, 1);
  });

  it('ranks a product it discovered by what its own pages say: the tide vendor for a tide task', async () => {
    const db = getInfra().db;
    const ws = await createWorkspace(db);
    const task = 'tide tables and marine weather forecasts for coastal locations';
    const body = ResolveResultSchema.parse(await jsonOf(await resolve(ws.key, { task, discover: true })));
    assert.ok(body.discovered >= 1);
    const tide = await db('products').where({ domain: 'tidewise.test' }).first('slug', 'audit_text');
    assert.ok(tide, 'the MCP registry named tidewise.test and the call audited it');
    assert.match(tide.audit_text, /tide tables/i, 'what the audit read about it is kept for the ranking');
    const top5 = body.results.slice(0, 5).map((r) => r.slug);
    assert.ok(top5.includes(tide.slug), `${tide.slug} is in the top 5: ${top5.join(', ')}`);
    const row = body.results.find((r) => r.slug === tide.slug)!;
    // Its expansion, from what its audit read (issue 38), weighs its words as a seed's would: 0.58 measured
    // (second, behind a seeded marine-weather API at 0.60); 0.49 without it.
    assert.ok(row.match >= 0.55, `match ${row.match}`);
    assert.ok(
      body.results.slice(0, 2).some((r) => r.slug === tide.slug),
      body.results.map((r) => `${r.slug} ${r.match}`).join(', '),
    );
    assert.match(row.reason, /"tide"/, 'its reason names the word it matched');
    // Without discovery the same task ranks it too, now that it is in the registry.
    const plain = ResolveResultSchema.parse(await jsonOf(await resolve(ws.key, { task })));
    assert.ok(
      plain.results.slice(0, 5).some((r) => r.slug === tide.slug),
      plain.results.map((r) => r.slug).join(', '),
    );
  });
});
