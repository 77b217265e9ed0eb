import assert from 'node:assert/strict';
import { AgentdexClient, RateLimitError } from '../../src/client';
import { PLANS } from '../../src/domain/plans';
import { readCallGate, releaseCallSlots, takeCallSlot } from '../../src/store/call-gates';
import { getInfra } from '../support/infra';
import { startTestApp, type TestApp } from '../support/app';
import { jsonOf } from '../support/http';
import { createWorkspace } from '../support/workspaces';

async function countEvents(workspaceId: string): Promise<number> {
  const [row] = await getInfra().db('usage_events').where({ workspace_id: workspaceId }).count<{ count: number }[]>('* as count');
  return Number(row.count);
}

/** Per-workspace limits on metered calls (docs/decisions/metering.md#per-workspace-limits, "Per-workspace limits"), through the REST door. */
describe('per-workspace call limits', function () {
  this.timeout(120_000);
  let app: TestApp;
  let second: TestApp;
  const findTools = (base: string, key: string, task = 'send sms to customers') =>
    fetch(`${base}/v1/find-tools`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ task }) });

  before(async () => {
    app = await startTestApp();
    second = await startTestApp();
  });
  after(async () => {
    await app.close();
    await second.close();
  });

  it('answers 100 concurrent calls on one key, over two API processes, with 200s and 429s only; each 429 says which limit and when to retry', async () => {
    const ws = await createWorkspace(getInfra().db); // free: 10 in flight, 10/s in bursts of 20
    const limits = PLANS.free.callLimits;
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => findTools(i % 2 ? app.baseUrl : second.baseUrl, ws.key)));
    const elapsedSeconds = (Date.now() - started) / 1000;
    const statuses = results.map((r) => r.status);
    assert.deepEqual([...new Set(statuses)].sort(), [200, 429]);
    const ok = statuses.filter((s) => s === 200).length;
    // The bucket refills while the calls run (a token every 1/rate s), so a slow machine admits a few past the burst.
    const mostAdmitted = limits.burst + Math.floor(elapsedSeconds * limits.rate);
    assert.ok(ok >= 1 && ok <= mostAdmitted, `${ok} admitted in ${elapsedSeconds}s: at most a burst and what refilled (${mostAdmitted})`);
    for (const r of results.filter((x) => x.status === 429)) {
      const body = await jsonOf(r);
      assert.ok(['RATE_LIMITED', 'TOO_MANY_IN_FLIGHT'].includes(body.reason), body.reason);
      assert.ok(Number(r.headers.get('retry-after')) >= 1);
      assert.equal(body.retryAfter, Number(r.headers.get('retry-after')));
      if (body.reason === 'RATE_LIMITED') {
        assert.equal(r.headers.get('ratelimit-policy'), `"workspace";q=${limits.burst};w=2`);
        assert.match(r.headers.get('ratelimit') ?? '', /^"workspace";r=0;t=\d+$/);
      } else {
        assert.equal(r.headers.get('ratelimit-policy'), `"in-flight";q=${limits.inFlight}`);
        assert.equal(r.headers.get('ratelimit'), '"in-flight";r=0;t=1');
      }
    }
    assert.equal(await countEvents(ws.workspaceId), ok, 'one usage event per 200, none for a 429');
  });

  it('refuses a call past the bucket until it refills, then admits it', async () => {
    // real time: the gate's clock is Postgres' and each API process remembers a refusal by its own, so the refill
    // is waited for. One token every 5 s: the four calls and the refusal take well under a second on a quiet
    // machine, so no token refills while they run even at a quarter of its speed.
    const ws = await createWorkspace(getInfra().db, { callLimits: { rate: 0.2, burst: 3 } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await findTools(app.baseUrl, ws.key)).status);
    assert.deepEqual(statuses, [200, 200, 200, 429]);
    const refused = await findTools(app.baseUrl, ws.key);
    assert.equal(refused.status, 429);
    const wait = Number(refused.headers.get('retry-after'));
    assert.ok(wait >= 1 && wait <= 5, `the next token is at most 5 s away, rounded up: ${wait}`);
    await new Promise((r) => setTimeout(r, wait * 1000));
    const admitted = await findTools(app.baseUrl, ws.key);
    assert.equal(admitted.status, 200);
    assert.equal(admitted.headers.get('ratelimit-policy'), '"workspace";q=3;w=15');
    // a token refilled while we waited: at most that much is left (r), and the bucket is full again within t
    assert.match(admitted.headers.get('ratelimit') ?? '', /^"workspace";r=[0-2];t=\d+$/);
    assert.equal(await countEvents(ws.workspaceId), 4);
  });

  it('counts the calls another API process has in flight', async () => {
    const ws = await createWorkspace(getInfra().db, { callLimits: { inFlight: 2 } });
    // Two calls running in another process hold the workspace's two places.
    const held = await Promise.all([1, 2].map(() => takeCallSlot(getInfra().db, ws.workspaceId, { ttlMs: 60_000 })));
    const refused = await findTools(app.baseUrl, ws.key);
    assert.equal(refused.status, 429);
    assert.equal((await jsonOf(refused)).reason, 'TOO_MANY_IN_FLIGHT');
    await releaseCallSlots(getInfra().db, new Map([[ws.workspaceId, held.map((h) => (h.state === 'admitted' ? (h.slot as number) : 0))]]));
    assert.equal((await findTools(app.baseUrl, ws.key)).status, 200);
    assert.equal(await countEvents(ws.workspaceId), 1);
  });

  it('hands back the place of a call its quota refused: a 402 never turns into TOO_MANY_IN_FLIGHT', async () => {
    const ws = await createWorkspace(getInfra().db, {
      used: { agent_discovery_check: PLANS.free.included.agent_discovery_check },
      callLimits: { inFlight: 1 },
    });
    for (let i = 0; i < 4; i++) {
      const r = await findTools(app.baseUrl, ws.key);
      assert.equal(r.status, 402);
      assert.equal((await jsonOf(r)).reason, 'QUOTA_EXHAUSTED');
    }
    // once handed back (with the next call, or shortly after), the gate holds nothing
    await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual((await readCallGate(getInfra().db, ws.workspaceId))?.slots, []);
    assert.equal(await countEvents(ws.workspaceId), 0);
  });

  it('keeps serving another workspace while one is refused', async () => {
    const flooder = await createWorkspace(getInfra().db, { callLimits: { rate: 0.01, burst: 1 } }); // a token per 100 s
    const quiet = await createWorkspace(getInfra().db);
    assert.equal((await findTools(app.baseUrl, flooder.key)).status, 200);
    assert.equal((await findTools(app.baseUrl, flooder.key)).status, 429);
    const answer = await findTools(app.baseUrl, quiet.key);
    assert.equal(answer.status, 200);
    assert.ok((await jsonOf(answer)).results.length > 0);
  });

  it('lists the limits in GET /v1/entitlements, the plan’s or the contract’s', async () => {
    const plain = await createWorkspace(getInfra().db, { plan: 'usage' });
    const contract = await createWorkspace(getInfra().db, { plan: 'scale', callLimits: { rate: 400, inFlight: 150 } });
    const read = async (key: string) => (await jsonOf(await fetch(`${app.baseUrl}/v1/entitlements`, { headers: { 'x-api-key': key } }))).callLimits;
    assert.deepEqual(await read(plain.key), PLANS.usage.callLimits);
    assert.deepEqual(await read(contract.key), { rate: 400, burst: PLANS.scale.callLimits.burst, inFlight: 150 });
  });

  it('reaches the typed client as a RateLimitError carrying the wait', async () => {
    const ws = await createWorkspace(getInfra().db, { callLimits: { rate: 0.01, burst: 1 } }); // a token per 100 s
    const client = new AgentdexClient({ apiKey: ws.key, baseUrl: app.baseUrl, maxRetries: 0 });
    await client.findTools({ task: 'send sms to customers' });
    await assert.rejects(client.findTools({ task: 'send sms to customers' }), (err: unknown) => {
      assert.ok(err instanceof RateLimitError);
      assert.ok(err.retryAfter !== undefined && err.retryAfter > 90 && err.retryAfter <= 100, `retryAfter ${err.retryAfter}`);
      return true;
    });
  });
});
