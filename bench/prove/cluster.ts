/**
 * The distributed shape on a real Temporal cluster (issue 22): the Temporal server as one process per
 * service (frontend, two history, matching, worker) on the stack's Postgres, two API processes and two
 * workers of the unchanged build pointed at the frontend. Under the outage proof's load mix, one history
 * process is SIGKILLed and started again, then the matching process. Promises, each a row: no 500s (503 only
 * while a service is down or coming back), calls succeed again within the outage proof's bound, usage events
 * equal the metered 2xx (none lost or doubled), the schedules (re-audit sweep, usage sync, maintenance) take
 * and finish actions after each kill, every workflow started completes, and the histories the cluster
 * recorded replay against this build. Needs the Temporal server built (`go install`, see temporal-cluster.ts).
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Client } from '@temporalio/client';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { ScheduleIds } from '../../src/temporal/workflow-names';
import { WORKFLOW_BUNDLE_PATH } from '../../workers/worker';
import { type Load, type LoadWorkspace, type Sample, startLoad } from './outage-load';
import { charges, histogram, recoveryAfter } from './outage-verdict';
import { settledEventKeys } from './outages';
import type { Proof, ProofRow } from './proof';
import { type Stack, startStack } from './stack';
import type { ClusterService } from './temporal-cluster';

/** Callers per API process (the outage proof's 12, split over the two APIs). */
const CALLERS_PER_API = 6;
const DOWN_MS = Number(process.env.CLUSTER_DOWN_SECONDS ?? 10) * 1000;
const RECOVERY_LIMIT_S = 15;
/** The outage proof's bound on a call's wait while Temporal is down (acquire timeout 5 s + 1 s margin), for the figure. */
const OUTAGE_PROOF_BOUND_MS = 6_000;
/** How long after a service is back the proof waits for every schedule to have fired and finished since the kill. */
const SCHEDULE_WAIT_MS = 150_000;
const SCHEDULES = [ScheduleIds.sweep, ScheduleIds.usageSync, ScheduleIds.maintenance];
/** Fixture sites the re-audit sweep finds stale again and again (the seeded products are marked fresh). */
const SWEPT_SITES = 4;
const KILLED: ClusterService[] = ['history-1', 'matching'];

const isOk = (s: Sample) => s.status >= 200 && s.status < 300;

interface Phase {
  service: ClusterService;
  workspace: LoadWorkspace;
  begin: number;
  killedAt: number;
  up: number;
  end: number;
  schedules: ScheduleCheck[];
}

interface ScheduleCheck {
  scheduleId: string;
  /** Actions scheduled after the kill, and how many of their workflows completed. */
  actions: number;
  completed: number;
}

export const clusterProof: Proof = {
  name: 'cluster',
  onlyWhenNamed: true,
  async run(log) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agentdex-cluster-'));
    chmodSync(dir, 0o755); // as root, Postgres runs as `postgres` and must enter this directory
    let stack: Stack | undefined;
    const loads: Load[] = [];
    let staleMaker: NodeJS.Timeout | undefined;
    let keep = false;
    try {
      stack = await startStack({
        log,
        dir,
        temporalCluster: true,
        apis: 2,
        workers: 2,
        genericSites: SWEPT_SITES,
        // The seeded products count as freshly audited: the sweep re-audits only fixture sites, never the web.
        prepareDb: async (db) => {
          await db('products').update({ audited_at: db.fn.now() });
        },
        env: {
          SWEEP_INTERVAL_MINUTES: '1',
          SWEEP_STALE_HOURS: '1',
          SWEEP_BATCH: '2',
          SWEEP_CONCURRENCY: '2',
          USAGE_SYNC_INTERVAL_MINUTES: '1',
          MAINTENANCE_INTERVAL_MINUTES: '1',
        },
      });
      const s = stack;
      log(`cluster frontend ${s.temporalAddress}; APIs ${s.apis.map((a) => a.url).join(', ')}; logs in ${path.join(dir, 'logs')}`);
      const roomy = { plan: 'scale', meteredEnabled: true, callLimits: { rate: 1000, burst: 1000, inFlight: 500 } };
      const setup = await s.workspace(roomy);
      for (let i = 0; i < SWEPT_SITES; i++) {
        const res = await fetch(`${s.apiUrl}/v1/audit?domain=site-${i}.test`, { headers: { 'x-api-key': setup.key } });
        if (res.status !== 200) throw new Error(`auditing site-${i}.test answered ${res.status}: ${await res.text()}`);
      }
      const makeStale = () =>
        s
          .db('products')
          .where('domain', 'like', 'site-%.test')
          .update({ audited_at: s.db.raw("now() - interval '2 hours'") });
      await makeStale();
      staleMaker = setInterval(() => void makeStale().catch(() => undefined), 20_000);

      const slugs: string[] = await s.db('products').orderBy('slug').limit(200).pluck('slug');
      const workspaces = await Promise.all(KILLED.map(() => s.workspace(roomy)));
      for (const api of s.apis) loads.push(startLoad({ apiUrl: api.url, callers: CALLERS_PER_API, slugs, abortMs: 90_000, workspace: workspaces[0] }));
      await untilMeteredSucceeds(loads, 60_000);

      const phases: Phase[] = [];
      for (const [i, service] of KILLED.entries()) phases.push(await killAndRestart(s, loads, service, workspaces[i], log));
      await Promise.all(loads.map((l) => l.stop()));
      clearInterval(staleMaker);

      const samples = loads.flatMap((l) => l.samples);
      const processesKept = [...s.apis, ...s.workers].every((p) => p.pid && p.starts === 1);
      const rows: ProofRow[] = [];
      for (const phase of phases) {
        rows.push(...callRows(phase, samples, processesKept));
        rows.push(await eventsRow(s, phase, samples));
        rows.push(schedulesRow(phase));
      }
      rows.push(await workflowsRow(s.temporal.client, log));
      rows.push(await replayRow(s.temporal.client, phases, log));
      keep = rows.some((r) => !r.passed) || !!process.env.KEEP_CLUSTER_LOGS;
      if (keep) {
        writeFileSync(path.join(dir, 'logs', 'samples.json'), JSON.stringify({ phases, samples }));
        log(`the logs and every call (samples.json) stay in ${path.join(dir, 'logs')}`);
      }
      return rows;
    } catch (err) {
      keep = true;
      throw err;
    } finally {
      clearInterval(staleMaker);
      await Promise.all(loads.map((l) => l.stop()));
      await stack?.stop();
      if (!keep) rmSync(dir, { recursive: true, force: true });
    }
  },
};

/** One kill under load: SIGKILL the service, leave it down DOWN_MS, start it again, then wait for the schedules. */
async function killAndRestart(stack: Stack, loads: Load[], service: ClusterService, workspace: LoadWorkspace, log: (line: string) => void): Promise<Phase> {
  const cluster = stack.cluster;
  if (!cluster) throw new Error('the stack has no Temporal cluster');
  for (const l of loads) l.useWorkspace(workspace);
  const begin = Date.now();
  await delay(5_000);
  const killedAt = Date.now();
  await cluster.services[service].kill();
  log(`${service}: killed; down for ${DOWN_MS / 1000} s`);
  await delay(DOWN_MS);
  await cluster.services[service].start();
  const up = Date.now();
  log(`${service}: started again after ${((up - killedAt) / 1000).toFixed(1)} s`);
  await delay(RECOVERY_LIMIT_S * 1000 + 5_000);
  const schedules = await untilSchedulesFiredSince(stack.temporal.client, killedAt, SCHEDULE_WAIT_MS);
  log(`${service}: schedules since the kill: ${schedules.map((c) => `${c.scheduleId} ${c.completed}/${c.actions}`).join(', ')}`);
  return { service, workspace, begin, killedAt, up, end: Date.now(), schedules };
}

/** No 500s, nothing dropped, and recovery within the outage proof's bound, from what the clients saw. */
function callRows(phase: Phase, all: Sample[], processesKept: boolean): ProofRow[] {
  const samples = all.filter((s) => s.startedAt >= phase.begin && s.startedAt < phase.end);
  const graceEnd = phase.up + RECOVERY_LIMIT_S * 1000;
  const exposed = (s: Sample) => s.endedAt >= phase.killedAt && s.startedAt < graceEnd;
  const unexpected = samples.filter((s) => !isOk(s) && !(s.status === 503 && exposed(s)));
  const during = samples.filter((s) => s.endedAt >= phase.killedAt && s.startedAt < phase.up);
  const count = (xs: Sample[], f: (s: Sample) => boolean) => xs.filter(f).length;
  // Not a promise but what an operator sees: a call whose shard lived on a killed history process waits for
  // the shard to move; the outage proof's bound (a whole Temporal down answers 503 within 6 s) is the yardstick.
  const exposedMetered = samples.filter((s) => s.kind === 'metered' && s.endedAt >= phase.killedAt && s.startedAt < phase.up).map((s) => s.ms);
  const over = exposedMetered.filter((ms) => ms > OUTAGE_PROOF_BOUND_MS).length;
  const { recoverySeconds, settled } = recoveryAfter(samples, phase.up);
  return [
    {
      promise: `Temporal ${phase.service} killed under load: every call answers 2xx (503 only while it is down or coming back), never 500, none dropped`,
      passed: unexpected.length === 0 && samples.length > 0,
      figure:
        `${samples.length} calls in the phase; while down: ${during.length} calls, ${count(during, isOk)} × 2xx, ` +
        `${count(during, (s) => s.status === 503)} × 503; metered calls then p50 ${percentile(exposedMetered, 0.5)} ms, p99 ${percentile(exposedMetered, 0.99)} ms, ` +
        `max ${percentile(exposedMetered, 1)} ms, ${over} over ${OUTAGE_PROOF_BOUND_MS / 1000} s; unexpected: ${unexpected.length ? histogram(unexpected) : 'none'}`,
    },
    {
      promise: `${phase.service} back: calls succeed again within ${RECOVERY_LIMIT_S} s; API and worker processes never restarted`,
      passed: processesKept && recoverySeconds <= RECOVERY_LIMIT_S && settled.some((s) => s.kind === 'metered') && settled.some((s) => s.kind === 'read'),
      figure: `recovered ${recoverySeconds.toFixed(1)} s after it started; then ${settled.length} calls all 2xx; processes ${processesKept ? 'the same' : 'RESTARTED'}`,
    },
  ];
}

/** Usage events of the phase's workspace against its metered 2xx: in total, and per call where the workflow id is known. */
async function eventsRow(stack: Stack, phase: Phase, all: Sample[]): Promise<ProofRow> {
  // Calls answered 202 settle when their workflow does.
  const keys = await settledEventKeys(stack.db, phase.workspace.workspaceId, 30);
  const { metered, ok, keyed, lost, chargedWithoutAnswer, doubled } = charges(all, phase.workspace.workspaceId, keys);
  return {
    promise: `${phase.service} kill: usage events = metered 2xx, none lost or doubled`,
    passed: keys.length === ok.length && ok.length > 0 && lost === 0 && chargedWithoutAnswer === 0 && doubled === 0,
    figure:
      `${keys.length} events for ${ok.length} metered 2xx (of ${metered.length} calls); per call (${keyed.length} with Idempotency-Key): ` +
      `${lost} lost, ${chargedWithoutAnswer} charged without a 2xx, ${doubled} doubled`,
  };
}

function schedulesRow(phase: Phase): ProofRow {
  return {
    promise: `${phase.service} kill: the re-audit, usage-sync and maintenance schedules fire after it, and their runs complete`,
    passed: phase.schedules.every((c) => c.actions > 0 && c.completed === c.actions),
    figure: phase.schedules.map((c) => `${c.scheduleId}: ${c.completed}/${c.actions} runs since the kill completed`).join('; '),
  };
}

/** Polls every schedule until each has at least one action scheduled after `since` whose workflow completed. */
async function untilSchedulesFiredSince(client: Client, since: number, timeoutMs: number): Promise<ScheduleCheck[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const checks = await Promise.all(SCHEDULES.map((id) => scheduleSince(client, id, since)));
    if (checks.every((c) => c.actions > 0 && c.completed === c.actions) || Date.now() > deadline) return checks;
    await delay(2_000);
  }
}

async function scheduleSince(client: Client, scheduleId: string, since: number): Promise<ScheduleCheck> {
  const description = await client.schedule.getHandle(scheduleId).describe();
  const actions = description.info.recentActions.filter((a) => a.scheduledAt.getTime() > since);
  let completed = 0;
  for (const a of actions) {
    const run = await client.workflow.getHandle(a.action.workflow.workflowId, a.action.workflow.firstExecutionRunId).describe();
    if (run.status.name === 'COMPLETED') completed++;
  }
  return { scheduleId, actions: actions.length, completed };
}

/** Once the load has stopped and runs have drained: nothing still running, nothing failed, timed out or terminated. */
async function workflowsRow(client: Client, log: (line: string) => void): Promise<ProofRow> {
  const count = async (status: string) => (await client.workflow.count(`ExecutionStatus="${status}"`)).count;
  const deadline = Date.now() + 120_000;
  let running = await count('Running');
  while (running > 0 && Date.now() < deadline) {
    await delay(2_000);
    running = await count('Running');
  }
  const ended = Object.fromEntries(
    await Promise.all(['Completed', 'Failed', 'TimedOut', 'Terminated', 'Canceled', 'ContinuedAsNew'].map(async (s) => [s, await count(s)] as const)),
  );
  log(`workflows by status: running ${running}, ${JSON.stringify(ended)}`);
  const bad = ended.Failed + ended.TimedOut + ended.Terminated + ended.Canceled;
  return {
    promise: 'every workflow started on the cluster completes (none left running, failed, timed out or terminated)',
    passed: running === 0 && bad === 0 && ended.Completed > 0,
    figure: `${ended.Completed} completed, ${running} running, ${ended.Failed} failed, ${ended.TimedOut} timed out, ${ended.Terminated} terminated, ${ended.Canceled} cancelled`,
  };
}

/**
 * The histories the cluster recorded, replayed against this build's workflow bundle: every workflow started
 * while a service was down or coming back (their histories hold the retries and timeouts), and a few of
 * every type besides.
 */
async function replayRow(client: Client, phases: Phase[], log: (line: string) => void): Promise<ProofRow> {
  const windows = phases.map(
    (p) => `(StartTime >= "${new Date(p.killedAt - 5_000).toISOString()}" AND StartTime < "${new Date(p.up + RECOVERY_LIMIT_S * 1000).toISOString()}")`,
  );
  const ids = new Map<string, string>();
  for await (const w of client.workflow.list({ query: `ExecutionStatus="Completed" AND (${windows.join(' OR ')})` })) {
    if (ids.size >= 400) break;
    ids.set(`${w.workflowId}/${w.runId}`, w.type);
  }
  const perType = new Map<string, number>();
  for await (const w of client.workflow.list({ query: 'ExecutionStatus="Completed"' })) {
    if ((perType.get(w.type) ?? 0) >= 5) continue;
    perType.set(w.type, (perType.get(w.type) ?? 0) + 1);
    ids.set(`${w.workflowId}/${w.runId}`, w.type);
  }
  const histories = await Promise.all(
    [...ids.keys()].map(async (key) => {
      const [workflowId, runId] = key.split('/');
      return { workflowId, history: await client.workflow.getHandle(workflowId, runId).fetchHistory() };
    }),
  );
  Runtime.install({ logger: new DefaultLogger('WARN'), shutdownSignals: [] });
  const failures: string[] = [];
  let replayed = 0;
  for await (const result of Worker.runReplayHistories({ workflowBundle: { codePath: WORKFLOW_BUNDLE_PATH }, replayName: 'cluster-replay' }, histories)) {
    replayed++;
    if (result.error) failures.push(`${result.workflowId}: ${result.error.message}`);
  }
  const types = [...new Set(ids.values())].sort();
  log(`replayed ${replayed} cluster histories (${types.join(', ')}); failures: ${failures.slice(0, 3).join(' | ') || 'none'}`);
  return {
    promise: 'the histories recorded on the cluster (every workflow started around a kill, and each type) replay against this build',
    passed: replayed === histories.length && replayed > 0 && failures.length === 0,
    figure: `${replayed} histories of ${types.length} types (${types.join(', ')}), ${failures.length} failed`,
  };
}

async function untilMeteredSucceeds(loads: Load[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!loads.every((l) => l.samples.some((s) => s.kind === 'metered' && s.status === 200))) {
    if (Date.now() > deadline) throw new Error(`no metered call succeeded on every API within ${timeoutMs} ms`);
    await delay(200);
  }
}

function percentile(xs: number[], q: number): number {
  if (!xs.length) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}
