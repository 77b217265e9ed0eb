import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { ScheduleIds } from '../../src/temporal/workflow-names';
import type { Proof, ProofRow } from './proof';
import { type Stack, startStack } from './stack';

/**
 * Crashes (issue 16): processes killed with SIGKILL in the middle of metered work, through the real doors
 * (REST on the API process, the worker process, the usage-sync schedule), then started again. Kept: the
 * waiting call completes, one usage event per call, one meter event per usage event (Stripe counts a meter
 * event once per identifier), and an Idempotency-Key retry after an API crash returns the result without a
 * second workflow or charge.
 */

/** Hosts the crawl and the audit spend seconds on, so a worker can be killed inside the activity. */
const SLOW_COMPANY = 'tallyhive.test';
const SLOW_AUDIT = 'slow-loris.test';
const SYNC_EVENTS = 20;

export const crashesProof: Proof = {
  name: 'crashes',
  async run(log) {
    const stack = await startStack({
      log,
      genericSites: 5,
      slowHosts: { [SLOW_COMPANY]: 600 },
      stripe: { delayMs: 300 },
      env: {
        LOG_LEVEL: 'info',
        AUDIT_TIMEOUT_MS: '20000',
        // The schedules must not start work of their own during the proof: the proof triggers what it needs.
        USAGE_SYNC_INTERVAL_MINUTES: '1440',
        SWEEP_INTERVAL_MINUTES: '10080',
        MAINTENANCE_INTERVAL_MINUTES: '1440',
      },
    });
    const rows: ProofRow[] = [];
    try {
      const scenarios: Array<[string, (s: Stack, log: (l: string) => void) => Promise<Outcome>]> = [
        ['a worker killed mid-audit (GET /v1/audit): the waiting call completes, one usage event', workerKilledMidAudit],
        ['a worker killed mid-research (POST /v1/research): the waiting call completes, one usage event', workerKilledMidResearch],
        ['a worker killed mid usage-sync: every usage event synced once, one meter event identifier each', workerKilledMidSync],
        ['the API killed mid-request: the workflow finishes, an Idempotency-Key retry returns its result, one usage event', apiKilledMidRequest],
      ];
      for (const [promise, scenario] of scenarios) {
        log(`-- ${promise}`);
        try {
          rows.push({ ...(await scenario(stack, log)), promise });
        } catch (err) {
          rows.push({ promise, passed: false, figure: `error: ${(err as Error).message}` });
        }
        // Whatever a scenario left behind, the next one starts with both processes up.
        if (!stack.worker.pid) await stack.worker.start();
        if (!stack.api.pid) await stack.api.start();
      }
    } finally {
      await stack.stop();
    }
    return rows;
  },
};

async function workerKilledMidAudit(stack: Stack, log: (l: string) => void): Promise<Outcome> {
  const ws = await stack.workspace();
  const seen = requestsTo(stack, SLOW_AUDIT);
  const call = request(stack, 'GET', `/v1/audit?domain=${SLOW_AUDIT}`, { key: ws.key });
  await until(() => seen() > 0, 30_000, 'the audit to reach the slow site');
  await delay(500); // inside the gather activity
  await stack.worker.kill();
  const restarted = await restartTimed(stack);
  const res = await completed(stack, await call, ws.key);
  const m = await metering(stack, ws.workspaceId);
  const retried = m.workflowIds.length === 1 && (await retriedActivities(stack, m.workflowIds[0])) > 0;
  const audits = await stack.db('audits').whereIn('workflow_id', m.workflowIds).select('status');
  log(`audit: HTTP ${res.status}, ${m.events} usage event(s), ${audits.length} audit row(s), retried: ${retried}`);
  return {
    passed: res.status === 200 && m.events === 1 && m.reservations === 1 && audits.length === 1 && retried,
    figure: `1 call, HTTP ${res.status} ${secs(Date.now() - restarted)} after the restart; ${m.events} usage event; gather ${retried ? 'retried on the new worker' : 'NOT retried'}`,
  };
}

async function workerKilledMidResearch(stack: Stack, log: (l: string) => void): Promise<Outcome> {
  const ws = await stack.workspace();
  const seen = requestsTo(stack, SLOW_COMPANY);
  const call = request(stack, 'POST', '/v1/research', { key: ws.key, body: { domain: SLOW_COMPANY, question: 'Where is customer data stored?' } });
  await until(() => seen() >= 2, 30_000, 'the crawl to read pages'); // home read: the crawl is under way
  await stack.worker.kill();
  const pagesBeforeKill = seen();
  const restarted = await restartTimed(stack);
  const res = await completed(stack, await call, ws.key);
  const m = await metering(stack, ws.workspaceId);
  const retried = m.workflowIds.length === 1 && (await retriedActivities(stack, `${m.workflowIds[0]}-crawl-0`)) > 0;
  const body = res.body as { answered?: boolean; citations?: unknown[] };
  log(`research: HTTP ${res.status}, answered ${body?.answered}, ${m.events} usage event(s), ${pagesBeforeKill} requests before the kill`);
  return {
    passed: res.status === 200 && m.events === 1 && m.reservations === 1 && retried,
    figure: `1 call, HTTP ${res.status} ${secs(Date.now() - restarted)} after the restart; ${m.events} usage event; crawl ${retried ? 'retried on the new worker' : 'NOT retried'}`,
  };
}

async function workerKilledMidSync(stack: Stack, log: (l: string) => void): Promise<Outcome> {
  if (!stack.stripe) throw new Error('the stack runs without stripe-mock');
  const meter = stack.stripe;
  // A paying workspace past its allowance: each further call is a billable usage event, pending for Stripe.
  const ws = await stack.workspace({ plan: 'usage', meteredEnabled: true, used: { agent_discovery_check: 1000 } });
  await stack
    .db('workspaces')
    .where({ id: ws.workspaceId })
    .update({ stripe_customer_id: `cus_prove_${ws.workspaceId.slice(0, 8)}` });
  for (let i = 0; i < SYNC_EVENTS; i++) {
    const res = await request(stack, 'POST', '/v1/find-tools', { key: ws.key, body: { task: `send transactional email, variant ${i}` } });
    if (res.status !== 200) throw new Error(`find-tools call ${i} answered ${res.status}: ${res.text.slice(0, 200)}`);
  }
  const ids: string[] = (await stack.db('usage_events').where({ workspace_id: ws.workspaceId, payments_sync_status: 'pending' }).select('id')).map((r) => r.id);
  const mine = () => meter.meterEvents().filter((e) => ids.includes(e.body.get('identifier') ?? ''));

  // The schedule's own run, started now rather than at its next interval.
  const schedule = stack.temporal.client.schedule.getHandle(ScheduleIds.usageSync);
  await schedule.trigger();
  await until(() => mine().length >= 5, 30_000, 'the sync to send meter events');
  await stack.worker.kill();
  const sentBeforeKill = mine().length;
  const syncedBeforeKill = await syncedCount(stack, ids);
  const restarted = await restartTimed(stack);
  await until(async () => (await syncedCount(stack, ids)) === ids.length, 90_000, 'every usage event to be synced');
  const allSynced = Date.now();
  await until(async () => (await schedule.describe()).info.runningActions.length === 0, 30_000, 'the sync run to finish');

  const sent = mine().map((e) => e.body.get('identifier') ?? '');
  const perId = new Map<string, number>();
  for (const id of sent) perId.set(id, (perId.get(id) ?? 0) + 1);
  const everyOneSent = ids.every((id) => perId.has(id));
  const resent = sent.length - perId.size;
  log(`sync: ${ids.length} events, ${sentBeforeKill} sent and ${syncedBeforeKill} marked before the kill, ${sent.length} sends, ${perId.size} identifiers`);
  return {
    // Stripe applies a meter event once per identifier: the one in flight at the kill may be sent again under
    // its identifier, and that is all a crash may add.
    passed: ids.length === SYNC_EVENTS && everyOneSent && perId.size === ids.length && resent <= 1 && syncedBeforeKill < ids.length,
    figure:
      `${ids.length} usage events, ${perId.size} identifiers, ${sent.length} sends (${resent} resent under its identifier); ` +
      `killed after ${sentBeforeKill}; all synced ${secs(allSynced - restarted)} after the restart`,
  };
}

async function apiKilledMidRequest(stack: Stack, log: (l: string) => void): Promise<Outcome> {
  const ws = await stack.workspace();
  const idempotencyKey = randomUUID();
  const seen = requestsTo(stack, SLOW_AUDIT);
  const first = request(stack, 'GET', `/v1/audit?domain=${SLOW_AUDIT}`, { key: ws.key, idempotencyKey }).then(
    (r) => `HTTP ${r.status}`,
    (err: Error) => `dropped (${err.message})`,
  );
  await until(() => seen() > 0, 30_000, 'the audit to reach the slow site');
  const [reservation] = await stack.db('usage_reservations').where({ workspace_id: ws.workspaceId }).select('workflow_id');
  if (!reservation) throw new Error('no reservation: the call never reached admission');
  const workflow = stack.temporal.client.workflow.getHandle(reservation.workflow_id);
  await stack.api.kill();
  const killed = Date.now();
  const runningAtKill = (await workflow.describe()).status.name === 'RUNNING';
  const firstOutcome = await first;
  // The workflow finishes with no API process at all.
  await Promise.race([workflow.result(), delay(90_000).then(() => Promise.reject(new Error('the workflow did not finish within 90 s')))]);
  const finished = Date.now();
  await stack.api.start();
  const retry = await request(stack, 'GET', `/v1/audit?domain=${SLOW_AUDIT}`, { key: ws.key, idempotencyKey });
  const again = await request(stack, 'GET', `/v1/audit?domain=${SLOW_AUDIT}`, { key: ws.key, idempotencyKey });
  const m = await metering(stack, ws.workspaceId);
  let executions = 0;
  for await (const _ of stack.temporal.client.workflow.list({ query: `WorkflowId = '${reservation.workflow_id}'` })) executions++;
  const record = await stack.db('idempotency_records').where({ idempotency_key: idempotencyKey }).first();
  log(
    `api crash: first ${firstOutcome}, workflow running at the kill: ${runningAtKill}; retries HTTP ${retry.status}/${again.status}, replayed ${retry.replayed}/${again.replayed}, ` +
      `identical ${retry.text === again.text}, ${m.events} usage event(s), ${executions} execution(s), record ${record?.status}`,
  );
  return {
    passed:
      runningAtKill &&
      retry.status === 200 &&
      retry.replayed &&
      again.status === 200 &&
      again.text === retry.text &&
      m.events === 1 &&
      m.reservations === 1 &&
      executions === 1 &&
      record?.status === 'completed',
    figure:
      `first call ${firstOutcome.startsWith('dropped') ? 'dropped by the kill' : firstOutcome}; workflow ${runningAtKill ? 'running at the kill, ' : ''}` +
      `done ${secs(finished - killed)} later; retries HTTP ${retry.status}, ${again.status}` +
      `${retry.replayed ? ' (replayed)' : ''}, ${retry.text === again.text ? 'identical' : 'DIFFERENT'}; ${m.events} usage event, ${executions} workflow`,
  };
}

// --- helpers

/** A scenario's measured result; its promise is the row's. */
type Outcome = Omit<ProofRow, 'promise'>;

interface Answer {
  status: number;
  text: string;
  body: unknown;
  replayed: boolean;
}

async function request(stack: Stack, method: string, path: string, o: { key: string; body?: unknown; idempotencyKey?: string }): Promise<Answer> {
  const res = await fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: {
      'x-api-key': o.key,
      ...(o.body !== undefined && { 'content-type': 'application/json' }),
      ...(o.idempotencyKey && { 'idempotency-key': o.idempotencyKey }),
    },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
    signal: AbortSignal.timeout(120_000),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, text, body, replayed: res.headers.get('idempotent-replayed') === 'true' };
}

/** A 200, or a 202 followed to its job's result (the body the call would have returned), as a 200. */
async function completed(stack: Stack, res: Answer, key: string): Promise<Answer> {
  if (res.status !== 202) return res;
  const location = (res.body as { location: string }).location;
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; await delay(500)) {
    const job = await request(stack, 'GET', location, { key });
    const view = job.body as { status: string; result?: unknown };
    if (view.status !== 'running') return { ...job, status: view.status === 'completed' ? 200 : 500, body: view.result };
  }
  throw new Error(`job ${location} still running after 90 s`);
}

/** What the metering holds for a workspace: its usage events, reservations and their workflows. */
async function metering(stack: Stack, workspaceId: string) {
  const events = await stack.db('usage_events').where({ workspace_id: workspaceId }).select('dedupe_key');
  const reservations = await stack.db('usage_reservations').where({ workspace_id: workspaceId }).select('workflow_id', 'state');
  return { events: events.length, reservations: reservations.length, workflowIds: reservations.map((r) => r.workflow_id as string) };
}

/** Activity attempts beyond the first in a workflow's history: the work the killed worker had was taken over. */
async function retriedActivities(stack: Stack, workflowId: string): Promise<number> {
  const history = await stack.temporal.client.workflow.getHandle(workflowId).fetchHistory();
  return (history.events ?? []).filter((e) => (e.activityTaskStartedEventAttributes?.attempt ?? 1) > 1).length;
}

async function syncedCount(stack: Stack, ids: string[]): Promise<number> {
  const [row] = await stack.db('usage_events').whereIn('id', ids).where({ payments_sync_status: 'synced' }).count<{ count: string }[]>('* as count');
  return Number(row.count);
}

/** Requests the fixture web has served for `host` since now. */
function requestsTo(stack: Stack, host: string): () => number {
  const log = stack.fixtureWeb.requests;
  const skip = log.filter((r) => r.host === host).length;
  return () => log.filter((r) => r.host === host).length - skip;
}

async function restartTimed(stack: Stack): Promise<number> {
  await stack.worker.start();
  return Date.now();
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(100);
  }
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
