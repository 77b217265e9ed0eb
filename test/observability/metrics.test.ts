import assert from 'node:assert/strict';
import { startTestApp, type TestApp } from '../support/app';
import { jsonOf } from '../support/http';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';

/** Prometheus text as sample → value ("name{a="x",b="y"}" keys, labels in the order they are printed). */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

/** GET /metrics: counters scraped before and after real calls moved by exactly what was done. */
describe('operator metrics (GET /metrics)', function () {
  this.timeout(60_000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());

  const scrape = async () => {
    const res = await fetch(`${app.baseUrl}/metrics`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    return parse(await res.text());
  };
  const delta = (before: Map<string, number>, after: Map<string, number>, key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
  const findTools = (key: string, headers: Record<string, string> = {}) =>
    fetch(`${app.baseUrl}/v1/find-tools`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ task: 'send sms to customers' }),
    });

  it('counts requests by route and status, cache hits and misses, and metered admissions, replays and refusals by reason', async () => {
    const { db } = getInfra();
    const roomy = await createWorkspace(db);
    const limited = await createWorkspace(db, { callLimits: { rate: 0.1, burst: 1 } });
    const spent = await createWorkspace(db);
    await db('workspace_limits').insert({ workspace_id: spent.workspaceId, hard_limit_usd: 0 }).onConflict('workspace_id').merge();

    const before = await scrape();
    const read = '/v1/registry?limit=3&minScore=7';
    for (let i = 0; i < 2; i++) assert.equal((await fetch(`${app.baseUrl}${read}`)).status, 200);
    assert.equal((await fetch(`${app.baseUrl}/v1/profile/no-such-product-here`)).status, 404);
    assert.equal((await findTools(roomy.key, { 'idempotency-key': 'metrics-1' })).status, 200);
    assert.equal((await findTools(roomy.key, { 'idempotency-key': 'metrics-1' })).status, 200);
    assert.equal((await findTools(limited.key)).status, 200);
    const refused = await findTools(limited.key);
    assert.equal(refused.status, 429);
    assert.equal((await jsonOf(refused)).reason, 'RATE_LIMITED');
    assert.equal((await findTools(spent.key)).status, 402);
    const after = await scrape();

    const d = (key: string) => delta(before, after, key);
    assert.equal(d('agentdex_http_requests_total{route="/v1/registry",method="GET",status="200"}'), 2);
    assert.equal(d('agentdex_http_requests_total{route="/v1/profile/:slug",method="GET",status="404"}'), 1);
    assert.equal(d('agentdex_http_requests_total{route="/v1/find-tools",method="POST",status="200"}'), 3);
    assert.equal(d('agentdex_http_requests_total{route="/v1/find-tools",method="POST",status="429"}'), 1);
    assert.equal(d('agentdex_http_requests_total{route="/v1/find-tools",method="POST",status="402"}'), 1);
    assert.equal(d('agentdex_http_request_duration_seconds_count{route="/v1/find-tools",method="POST"}'), 5);
    assert.equal(d('agentdex_response_cache_total{result="miss"}'), 2, 'the first registry read and the unknown profile computed');
    assert.equal(d('agentdex_response_cache_total{result="hit"}'), 1, 'the second served from the cache');
    assert.equal(d('agentdex_metered_calls_total{operation="findTools",outcome="admitted",reason=""}'), 2);
    assert.equal(d('agentdex_metered_calls_total{operation="findTools",outcome="replayed",reason=""}'), 1);
    assert.equal(d('agentdex_metered_calls_total{operation="findTools",outcome="refused",reason="RATE_LIMITED"}'), 1);
    assert.equal(d('agentdex_metered_calls_total{operation="findTools",outcome="refused",reason="SPEND_LIMIT_REACHED"}'), 1);
    assert.ok((after.get('agentdex_pg_pool_connections{state="free"}') ?? -1) >= 0, 'the pool is observed');
    assert.ok((after.get('agentdex_process_resident_memory_bytes') ?? 0) > 0, "the process's own metrics are there");
  });

  it('labels a path no route matched as unmatched, and stays out of the published API', async () => {
    const before = await scrape();
    for (const path of ['/no/such/path/1', '/no/such/path/2']) assert.equal((await fetch(`${app.baseUrl}${path}`)).status, 404);
    const after = await scrape();
    assert.equal(delta(before, after, 'agentdex_http_requests_total{route="unmatched",method="GET",status="404"}'), 2);
    assert.ok(![...after.keys()].some((k) => k.includes('/no/such/path')), 'no raw path becomes a label');
    const openapi = await jsonOf(await fetch(`${app.baseUrl}/openapi.json`));
    assert.equal(openapi.paths['/metrics'], undefined);
  });
});
