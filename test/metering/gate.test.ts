import assert from 'node:assert/strict';
import type { WorkflowHandle } from '@temporalio/client';
import { PLANS } from '../../src/domain/plans';
import { getInfra } from '../support/infra';
import { startTestApp, type TestApp } from '../support/app';
import { jsonOf } from '../support/http';
import { createWorkspace } from '../support/workspaces';

/** A fixture site that audits in a few milliseconds. */
const SITE = 'site-0.test';
/** Call limits above the calls these races fire at once, so that quotas alone decide (limits: workspace-limits.test.ts). */
const ROOMY = { rate: 1000, burst: 1000, inFlight: 100 };

async function countEvents(workspaceId: string, eventType = 'audit_run'): Promise<number> {
  const [row] = await getInfra().db('usage_events').where({ workspace_id: workspaceId, event_type: eventType }).count<{ count: number }[]>('* as count');
  return Number(row.count);
}

describe('metering gate', function () {
  this.timeout(120_000);
  let app: TestApp;
  let second: TestApp;
  const audit = (base: string, headers: Record<string, string>) => fetch(`${base}/v1/audit?domain=${SITE}`, { headers });
  before(async () => {
    app = await startTestApp({}, { TRUST_PROXY: 'true' });
    second = await startTestApp({}, { TRUST_PROXY: 'true' });
  });
  after(async () => {
    await app.close();
    await second.close();
  });

  describe('anonymous trial', () => {
    it('admits exactly 8 of 50 concurrent calls from one IP; the rest get 429 with Retry-After', async () => {
      const ip = '192.0.2.10';
      const results = await Promise.all(Array.from({ length: 50 }, () => audit(app.baseUrl, { 'x-forwarded-for': ip })));
      const ok = results.filter((r) => r.status === 200);
      const limited = results.filter((r) => r.status === 429);
      assert.equal(ok.length, 8);
      assert.equal(limited.length, 42);
      for (const r of limited) {
        assert.ok(Number(r.headers.get('retry-after')) > 0 && Number(r.headers.get('retry-after')) <= 3600);
        assert.equal(r.headers.get('ratelimit-policy'), '"trial";q=8;w=3600');
        assert.match(r.headers.get('ratelimit') ?? '', /^"trial";r=0;t=\d+$/);
        assert.match((await jsonOf(r)).error, /8 metered calls per hour/);
      }
      assert.match(ok[0].headers.get('ratelimit') ?? '', /^"trial";r=\d;t=\d+$/);
    });

    it('holds across two API instances sharing the database', async () => {
      const ip = '192.0.2.11';
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => audit(i % 2 ? app.baseUrl : second.baseUrl, { 'x-forwarded-for': ip })));
      assert.equal(results.filter((r) => r.status === 200).length, 8);
      assert.equal(results.filter((r) => r.status === 429).length, 42);
    });

    it('buckets IPv6 clients by /64 and keeps other IPs apart', async () => {
      const a = await Promise.all(Array.from({ length: 9 }, (_, i) => audit(app.baseUrl, { 'x-forwarded-for': `2001:db8:1:2::${i + 1}` })));
      assert.equal(a.filter((r) => r.status === 200).length, 8, 'one /64 is one bucket');
      const other = await audit(app.baseUrl, { 'x-forwarded-for': '2001:db8:1:3::1' });
      assert.equal(other.status, 200);
    });

    it('records no usage event for anonymous calls and never charges a failed validation', async () => {
      const ip = '192.0.2.12';
      for (let i = 0; i < 10; i++) {
        const res = await fetch(`${app.baseUrl}/v1/audit?domain=not a domain`, { headers: { 'x-forwarded-for': ip } });
        assert.equal(res.status, 400);
      }
      const res = await audit(app.baseUrl, { 'x-forwarded-for': ip });
      assert.equal(res.status, 200, '400s did not use the trial');
      assert.match(res.headers.get('ratelimit') ?? '', /r=7/);
    });
  });

  describe('keyed calls', () => {
    it('with 10 calls left, 50 concurrent calls: exactly 10 succeed, 40 get 402 QUOTA_EXHAUSTED, exactly 10 events', async () => {
      const ws = await createWorkspace(getInfra().db, { used: { audit_run: 90 }, callLimits: ROOMY });
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => audit(i % 2 ? app.baseUrl : second.baseUrl, { 'x-api-key': ws.key })));
      assert.equal(results.filter((r) => r.status === 200).length, 10);
      const refused = results.filter((r) => r.status === 402);
      assert.equal(refused.length, 40);
      const body = await jsonOf(refused[0]);
      assert.deepEqual(
        { reason: body.reason, eventType: body.eventType, plan: body.plan, included: body.included, remaining: body.remaining },
        { reason: 'QUOTA_EXHAUSTED', eventType: 'audit_run', plan: 'free', included: 100, remaining: 0 },
      );
      assert.equal(typeof body.error, 'string');
      assert.equal(await countEvents(ws.workspaceId), 10);
      const usage = await jsonOf(await fetch(`${app.baseUrl}/v1/usage`, { headers: { 'x-api-key': ws.key } }));
      assert.equal(usage.meters.find((m: { eventType: string }) => m.eventType === 'audit_run').used, 100);
      const events = await jsonOf(await fetch(`${app.baseUrl}/v1/usage/events?event_type=audit_run`, { headers: { 'x-api-key': ws.key } }));
      assert.equal(events.events.length, 10);
      assert.ok(events.events.every((e: { source: string; billable_quantity: number }) => e.source === 'api' && e.billable_quantity === 0));
    });

    it('never overshoots a hard spend limit under concurrency', async () => {
      const ws = await createWorkspace(getInfra().db, { plan: 'usage', meteredEnabled: true, used: { audit_run: 100 }, callLimits: ROOMY });
      await getInfra().db('workspace_limits').where({ workspace_id: ws.workspaceId }).update({ hard_limit_usd: 0.3 });
      const results = await Promise.all(Array.from({ length: 50 }, () => audit(app.baseUrl, { 'x-api-key': ws.key })));
      assert.equal(results.filter((r) => r.status === 200).length, 10, '10 × $0.03 = $0.30');
      const refused = results.filter((r) => r.status === 402);
      assert.equal(refused.length, 40);
      assert.equal((await jsonOf(refused[0])).reason, 'SPEND_LIMIT_REACHED');
      const [{ total }] = await getInfra().db('usage_events').where({ workspace_id: ws.workspaceId }).sum({ total: 'amount_usd' });
      assert.ok(Number(total) <= 0.3 + 1e-9, `spent ${total}`);
      assert.equal(await countEvents(ws.workspaceId), 10);
      const limits = await jsonOf(await fetch(`${app.baseUrl}/v1/limits`, { headers: { 'x-api-key': ws.key } }));
      assert.equal(limits.spendStatus, 'SPEND_LIMIT_REACHED');
    });

    it('stops every call, free ones included, at a hard limit of 0', async () => {
      const ws = await createWorkspace(getInfra().db);
      await getInfra().db('workspace_limits').insert({ workspace_id: ws.workspaceId, hard_limit_usd: 0 });
      const res = await audit(app.baseUrl, { 'x-api-key': ws.key });
      assert.equal(res.status, 402);
      assert.equal((await jsonOf(res)).reason, 'SPEND_LIMIT_REACHED');
    });

    it('asks the usage plan for a payment method before overage', async () => {
      const ws = await createWorkspace(getInfra().db, { plan: 'usage', used: { audit_run: 100 } });
      const res = await audit(app.baseUrl, { 'x-api-key': ws.key });
      assert.equal(res.status, 402);
      assert.equal((await jsonOf(res)).reason, 'PAYMENT_REQUIRED');
    });

    it('records a warning notification once per threshold per period', async () => {
      const ws = await createWorkspace(getInfra().db, { plan: 'usage', meteredEnabled: true, used: { audit_run: 100 } });
      await getInfra().db('workspace_limits').insert({ workspace_id: ws.workspaceId, warning_threshold_usd: 0.05, monthly_budget_usd: 0.09 });
      for (let i = 0; i < 4; i++) assert.equal((await audit(app.baseUrl, { 'x-api-key': ws.key })).status, 200);
      const notes = await getInfra().db('spend_notifications').where({ workspace_id: ws.workspaceId }).orderBy('threshold');
      assert.deepEqual(
        notes.map((n) => n.threshold),
        ['BUDGET_EXCEEDED', 'WARNING'],
      );
      const limits = await jsonOf(await fetch(`${app.baseUrl}/v1/limits`, { headers: { 'x-api-key': ws.key } }));
      assert.equal(limits.spendStatus, 'BUDGET_EXCEEDED');
    });

    it('tags events from the CLI with source cli', async () => {
      const ws = await createWorkspace(getInfra().db);
      assert.equal((await audit(app.baseUrl, { 'x-api-key': ws.key, 'x-agentdex-source': 'cli' })).status, 200);
      const [event] = await getInfra().db('usage_events').where({ workspace_id: ws.workspaceId });
      assert.equal(event.source, 'cli');
      assert.ok(event.product_id, 'the audited product is on the event');
    });
  });

  describe('single-step reads started while their admission commits', () => {
    const findTools = (key: string) =>
      fetch(`${app.baseUrl}/v1/find-tools`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify({ task: 'send transactional email from a Node app' }),
      });

    it('starts early only after an admission of the workspace, bills a refused early read nothing, and stops at a refusal', async () => {
      const included = PLANS.free.included.agent_discovery_check;
      const ws = await createWorkspace(getInfra().db, { used: { agent_discovery_check: included - 2 } });
      // Every workflow this API starts, observed on the real client.
      const workflows = app.deps.temporal.client.workflow;
      const start = workflows.start.bind(workflows);
      const started: Array<Promise<WorkflowHandle>> = [];
      workflows.start = ((...args: Parameters<typeof start>) => {
        const handle = start(...args);
        started.push(handle);
        return handle;
      }) as typeof workflows.start;
      try {
        assert.equal((await findTools(ws.key)).status, 200, 'the first call: admitted, then started');
        assert.equal((await findTools(ws.key)).status, 200, 'the last included call: started early, admitted');
        const refused = await findTools(ws.key);
        assert.equal(refused.status, 402);
        assert.equal((await jsonOf(refused)).reason, 'QUOTA_EXHAUSTED');
        assert.equal(started.length, 3, 'the refused call had started early: the workspace was admitted just before');
        await (await started[2]).result(); // its read ran to the end, unseen...
        assert.equal(await countEvents(ws.workspaceId, 'agent_discovery_check'), 2, '...and unbilled');
        const next = await findTools(ws.key);
        assert.equal(next.status, 402);
        assert.equal(started.length, 3, 'after a refusal, a call waits for its admission before starting anything');
        const [counter] = await getInfra().db('usage_counters').where({ workspace_id: ws.workspaceId, event_type: 'agent_discovery_check' });
        assert.equal(counter.used, included);
      } finally {
        workflows.start = start;
      }
    });
  });

  describe('a key revoked elsewhere (another API process)', () => {
    it('is refused on its next metered call and on a replay, though this process remembers it', async () => {
      const ws = await createWorkspace(getInfra().db);
      const replayHeaders = { 'x-api-key': ws.key, 'idempotency-key': 'before-revocation' };
      assert.equal((await audit(app.baseUrl, { 'x-api-key': ws.key })).status, 200);
      assert.equal((await audit(app.baseUrl, replayHeaders)).status, 200);
      // Straight to the database: nothing in this process hears of it.
      await getInfra().db('api_keys').where({ id: ws.keyId }).update({ revoked_at: new Date() });
      const next = await audit(app.baseUrl, { 'x-api-key': ws.key });
      assert.equal(next.status, 401);
      assert.match((await jsonOf(next)).error, /revoked/);
      assert.equal((await audit(app.baseUrl, replayHeaders)).status, 401, 'a stored answer is not handed to a revoked key');
      assert.equal(await countEvents(ws.workspaceId), 2);
      const [counter] = await getInfra().db('usage_counters').where({ workspace_id: ws.workspaceId, event_type: 'audit_run' });
      assert.deepEqual([counter.used, counter.reserved], [2, 0], 'the refused call reserved nothing');
    });
  });

  describe('Idempotency-Key', () => {
    it('runs 20 concurrent requests with one key once: one event, identical bodies', async () => {
      const ws = await createWorkspace(getInfra().db, { callLimits: ROOMY });
      const headers = { 'x-api-key': ws.key, 'idempotency-key': 'order-42' };
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => audit(i % 2 ? app.baseUrl : second.baseUrl, headers)));
      assert.deepEqual([...new Set(results.map((r) => r.status))], [200]);
      const bodies = await Promise.all(results.map((r) => r.text()));
      assert.equal(new Set(bodies).size, 1, 'identical bodies');
      assert.ok(results.filter((r) => r.headers.get('idempotent-replayed') === 'true').length >= 19);
      assert.equal(await countEvents(ws.workspaceId), 1);
      const audits = await getInfra()
        .db('audits')
        .where('workflow_id', 'like', 'audit-%')
        .andWhere({ domain: SITE })
        .whereIn('workflow_id', getInfra().db('usage_events').select('dedupe_key').where({ workspace_id: ws.workspaceId }));
      assert.equal(audits.length, 1, 'one execution');

      const replay = await audit(app.baseUrl, headers);
      assert.equal(replay.status, 200);
      assert.equal(replay.headers.get('idempotent-replayed'), 'true');
      assert.equal(await replay.text(), bodies[0]);
      assert.equal(await countEvents(ws.workspaceId), 1);
    });

    it('stores the answer for a retry after the first request died unanswered, and replays it once the workflow is gone', async () => {
      const infra = getInfra();
      const ws = await createWorkspace(infra.db);
      const headers = { 'x-api-key': ws.key, 'idempotency-key': 'api-crashed' };
      const original = await audit(app.baseUrl, headers);
      assert.equal(original.status, 200);
      const body = await original.text();
      // What an API process killed while waiting leaves: the key claimed, the workflow run, no answer stored.
      const record = () => infra.db('idempotency_records').where({ scope: `ws:${ws.workspaceId}`, idempotency_key: 'api-crashed' });
      await record().update({ status: 'running', response_status: null, response_body: null });

      const retry = await audit(second.baseUrl, headers);
      assert.equal(retry.status, 200);
      assert.equal(retry.headers.get('idempotent-replayed'), 'true');
      assert.equal(await retry.text(), body);
      const [stored] = await record();
      assert.equal(stored.status, 'completed', 'the retry stored the answer');

      // Past the workflow's retention its result is gone from Temporal: the stored answer still serves.
      const temporal = app.deps.temporal;
      await temporal.client.workflowService.deleteWorkflowExecution({
        namespace: infra.namespace,
        workflowExecution: { workflowId: stored.workflow_id },
      });
      const later = await audit(app.baseUrl, headers);
      assert.equal(later.status, 200);
      assert.equal(await later.text(), body);
      assert.equal(await countEvents(ws.workspaceId), 1);
    });

    it('422s the same key with a different request', async () => {
      const ws = await createWorkspace(getInfra().db);
      const headers = { 'x-api-key': ws.key, 'idempotency-key': 'k-1' };
      assert.equal((await audit(app.baseUrl, headers)).status, 200);
      const other = await fetch(`${app.baseUrl}/v1/audit?domain=site-1.test`, { headers });
      assert.equal(other.status, 422);
      assert.match((await jsonOf(other)).error, /different request/);
    });

    it('stores nothing for a request that failed validation', async () => {
      const ws = await createWorkspace(getInfra().db);
      const headers = { 'x-api-key': ws.key, 'idempotency-key': 'k-2' };
      assert.equal((await fetch(`${app.baseUrl}/v1/audit?domain=-bad-`, { headers })).status, 400);
      assert.equal(
        (
          await getInfra()
            .db('idempotency_records')
            .where({ scope: `ws:${ws.workspaceId}` })
        ).length,
        0,
      );
      assert.equal((await audit(app.baseUrl, headers)).status, 200, 'the key is still free for a valid request');
    });

    it('lets a refused request be retried with the same key', async () => {
      const ws = await createWorkspace(getInfra().db, { used: { audit_run: 100 } });
      const headers = { 'x-api-key': ws.key, 'idempotency-key': 'k-3' };
      assert.equal((await audit(app.baseUrl, headers)).status, 402);
      await getInfra().db('usage_counters').where({ workspace_id: ws.workspaceId }).update({ used: 0 });
      assert.equal((await audit(app.baseUrl, headers)).status, 200);
    });

    it('400s a key over 255 characters', async () => {
      const ws = await createWorkspace(getInfra().db);
      const res = await audit(app.baseUrl, { 'x-api-key': ws.key, 'idempotency-key': 'k'.repeat(256) });
      assert.equal(res.status, 400);
      assert.match((await jsonOf(res)).error, /Idempotency-Key/);
    });
  });
});
