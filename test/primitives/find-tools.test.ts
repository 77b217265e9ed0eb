import assert from 'node:assert/strict';
import { FindToolsResultSchema } from '../../src/schemas/primitives';
import { startTestApp, type TestApp } from '../support/app';
import { assertOrderedByFit } from '../support/ranking';
import { jsonOf } from '../support/http';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';

describe('POST /v1/find-tools', function () {
  this.timeout(60_000);
  let app: TestApp;
  let ws: { workspaceId: string; key: string };
  const find = (body: unknown) =>
    fetch(`${app.baseUrl}/v1/find-tools`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': ws.key }, body: JSON.stringify(body) });
  const categoriesOf = (slug: string) =>
    getInfra().db('product_categories as pc').join('products as p', 'p.id', 'pc.product_id').where('p.slug', slug).pluck('pc.category_slug');

  before(async () => {
    app = await startTestApp();
    ws = await createWorkspace(getInfra().db);
  });
  after(() => app.close());

  it('reads the task into search terms and finds real email products, best fit first, each with its match and reason', async () => {
    const res = await find({ task: 'send transactional email from a Node app' });
    assert.equal(res.status, 200);
    const body = FindToolsResultSchema.parse(await jsonOf(res));
    assert.equal(body.task, 'send transactional email from a Node app');
    assert.equal(body.intent.searchTerms, 'send transactional email node');
    assert.ok(body.results.length >= 5);
    assertOrderedByFit(body.results);
    for (const r of body.results.slice(0, 5)) assert.match(r.reason, /"email"|email\.send/, r.reason);
    const emailish = await Promise.all(body.results.slice(0, 5).map(async (r) => (await categoriesOf(r.slug)).includes('email')));
    assert.ok(
      emailish.filter(Boolean).length >= 4,
      `top results: ${body.results
        .slice(0, 5)
        .map((r) => r.slug)
        .join(', ')}`,
    );
  });

  it('returns SMS providers for "send sms", not an email API or a webhook service whose words score higher', async () => {
    const body = FindToolsResultSchema.parse(await jsonOf(await find({ task: 'send sms' })));
    assert.ok(body.results.length >= 5);
    assertOrderedByFit(body.results);
    const messaging = await Promise.all(body.results.slice(0, 5).map(async (r) => (await categoriesOf(r.slug)).includes('messaging')));
    assert.ok(messaging.every(Boolean), body.results.map((r) => r.slug).join(', '));
  });

  it('reads requirements from the task and drops products lacking them', async () => {
    const body = FindToolsResultSchema.parse(await jsonOf(await find({ task: 'a vector database with an MCP server' })));
    assert.deepEqual(body.intent.requirements, { mcp: true });
    assert.ok(body.results.length > 0);
    const flags = await getInfra()
      .db('products')
      .whereIn(
        'slug',
        body.results.map((r) => r.slug),
      )
      .pluck('has_mcp');
    assert.ok(flags.every(Boolean));
  });

  it('is metered as agent_discovery_check, one event per call', async () => {
    const [{ count }] = await getInfra()
      .db('usage_events')
      .where({ workspace_id: ws.workspaceId, event_type: 'agent_discovery_check' })
      .count<{ count: number }[]>('* as count');
    assert.equal(Number(count), 3);
  });

  it('400s a missing or empty task', async () => {
    for (const body of [{}, { task: '  ' }, { task: 7 }]) {
      const res = await find(body);
      assert.equal(res.status, 400);
      assert.match((await jsonOf(res)).error, /body\.task/);
    }
  });
});
