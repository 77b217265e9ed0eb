/**
 * Outages (issue 16): under a steady load of open reads and metered calls, Postgres is stopped for ~10 s
 * and started again on the same port and data, then the same for the Temporal dev server (same port, same
 * SQLite file). The API and the worker run as separate processes and are never restarted. Promises, per
 * outage: every answer is 503 or 2xx (never a 500), no call outwaits the pool's acquire timeout, calls
 * succeed again soon after, and the usage events equal the metered 2xx the clients saw (per call where the
 * workflow id is known), while audits started before the outage finish after it with one event each.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { mintApiKey } from '../../src/domain/api-keys';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { createDb, type Db } from '../../src/store/db';
import { insertWorkspaceWithKey } from '../../src/store/workspaces';
import { type Load, type LoadWorkspace, startLoad } from './outage-load';
import { type OutageTimes, outageRows, type PhaseLedger } from './outage-verdict';
import type { Proof, ProofRow } from './proof';
import { type Stack, startStack } from './stack';

const CALLERS = 12;
/** How long each dependency stays down (OUTAGES_DOWN_SECONDS, default 10). */
const OUTAGE_MS = Number(process.env.OUTAGES_DOWN_SECONDS ?? 10) * 1000;
const RECOVERY_WINDOW_MS = 20_000;
/** Scheduling slack on a shared 2-core machine, added to the acquire timeout. */
const MARGIN_MS = 1_000;
const SLOW_AUDIT_DOMAIN = 'slow-loris.test';
const AUDITS_PER_OUTAGE = 2;

export const outagesProof: Proof = {
  name: 'outages',
  async run(log) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agentdex-outages-'));
    chmodSync(dir, 0o755); // as root, Postgres runs as `postgres` and must enter this directory
    let stack: Stack | undefined;
    let load: Load | undefined;
    let keep = false;
    try {
      // Postgres on a cluster in dir, Temporal on a SQLite file there: each stops and starts again on the same
      // port with the same data, while the API and worker processes are never restarted.
      stack = await startStack({ log, dir, durableTemporal: true, env: { AUDIT_TIMEOUT_MS: '30000' } });
      const acquireTimeoutMs = loadConfig(stack.env).database.acquireTimeoutMs;
      const { workspaces, slugs } = await prepare(stack.databaseUrl);
      log(`API on ${stack.apiUrl}, acquire timeout ${acquireTimeoutMs} ms; logs in ${path.join(dir, 'logs')}`);
      load = startLoad({ apiUrl: stack.apiUrl, callers: CALLERS, slugs, abortMs: 30_000, workspace: workspaces.postgres });
      await untilMeteredSucceeds(load, 60_000);

      const s = stack;
      const pgPhase = await outage(
        s,
        load,
        workspaces.postgres,
        'Postgres',
        () => s.stopPostgres(),
        () => s.startPostgres(),
        log,
      );
      const temporalPhase = await outage(
        s,
        load,
        workspaces.temporal,
        'Temporal',
        () => s.stopTemporal(),
        () => s.startTemporal(),
        log,
      );
      await load.stop();
      // Still the processes started at the beginning: never restarted.
      const childrenAlive = { api: !!stack.api.pid && stack.api.starts === 1, worker: !!stack.worker.pid && stack.worker.starts === 1 };

      const rows: ProofRow[] = [];
      for (const phase of [pgPhase, temporalPhase]) {
        const ledger = await ledgerOf(stack, phase.workspace, phase.audits);
        await explainStrayCharges(stack, load, phase, ledger, log);
        rows.push(
          ...outageRows({
            dependency: phase.dependency,
            samples: load.samples,
            times: phase.times,
            acquireTimeoutMs,
            marginMs: MARGIN_MS,
            childrenAlive,
            ledger,
            workspaceId: phase.workspace.workspaceId,
          }),
        );
      }
      keep = rows.some((r) => !r.passed);
      if (keep) {
        const phases = [pgPhase, temporalPhase].map((p) => ({ dependency: p.dependency, times: p.times, workspaceId: p.workspace.workspaceId }));
        writeFileSync(path.join(dir, 'logs', 'samples.json'), JSON.stringify({ phases, samples: load.samples }));
        log(`a promise failed: the API and worker logs and every call (samples.json) stay in ${path.join(dir, 'logs')}`);
      }
      return rows;
    } catch (err) {
      keep = true;
      throw err;
    } finally {
      await load?.stop();
      await stack?.stop();
      if (!keep) rmSync(dir, { recursive: true, force: true });
    }
  },
};

interface Phase {
  dependency: 'Postgres' | 'Temporal';
  workspace: LoadWorkspace;
  times: OutageTimes;
  audits: Array<{ jobId: string; runningAtStop: boolean }>;
}

/** One outage under load: audits started first, the dependency stopped for OUTAGE_MS, then a recovery window. */
async function outage(
  stack: Stack,
  load: Load,
  workspace: LoadWorkspace,
  dependency: Phase['dependency'],
  stop: () => Promise<void>,
  start: () => Promise<void>,
  log: (line: string) => void,
): Promise<Phase> {
  load.useWorkspace(workspace);
  const begin = Date.now();
  const jobIds = await Promise.all(Array.from({ length: AUDITS_PER_OUTAGE }, () => startAudit(stack.apiUrl, workspace.key)));
  await delay(3_000);
  // Still running when the dependency goes: these are the workflows that must finish after it.
  const running = await Promise.all(jobIds.map((id) => jobStatus(stack.apiUrl, workspace.key, id)));
  log(`${dependency}: stopping (audits ${running.join(', ')})`);
  const stopping = Date.now();
  await stop();
  await delay(OUTAGE_MS);
  log(`${dependency}: starting again`);
  await start();
  const up = Date.now();
  log(`${dependency}: up after ${((up - stopping) / 1000).toFixed(1)} s`);
  await delay(RECOVERY_WINDOW_MS);
  return {
    dependency,
    workspace,
    times: { begin, stopping, up, end: Date.now() },
    audits: jobIds.map((jobId, i) => ({ jobId, runningAtStop: running[i] === 'running' })),
  };
}

/** Two workspaces (one per outage, so each is counted apart) allowed to run every call, and slugs to read. */
async function prepare(databaseUrl: string): Promise<{ workspaces: { postgres: LoadWorkspace; temporal: LoadWorkspace }; slugs: string[] }> {
  const db = createDb({ url: databaseUrl, poolMax: 2, logger: createLogger('silent') });
  try {
    const workspace = async (name: string): Promise<LoadWorkspace> => {
      const key = mintApiKey();
      const { workspace } = await insertWorkspaceWithKey(db, { name: `outages-${name}-${Date.now()}`, plan: 'scale' }, { hash: key.hash, prefix: key.prefix });
      // Overage on: the plan's quota never refuses a call, so every refusal would be the outage's.
      await db('workspaces').where({ id: workspace.id }).update({ metered_enabled: true });
      return { workspaceId: workspace.id, key: key.raw };
    };
    const slugs: string[] = await db('products').orderBy('slug').limit(200).pluck('slug');
    return { workspaces: { postgres: await workspace('postgres'), temporal: await workspace('temporal') }, slugs };
  } finally {
    await db.destroy();
  }
}

/** What the database holds for a phase, once its workflows have settled (polled until it stops changing). */
async function ledgerOf(stack: Stack, ws: LoadWorkspace, audits: Phase['audits']): Promise<PhaseLedger> {
  const db = createDb({ url: stack.databaseUrl, poolMax: 2, logger: createLogger('silent') });
  try {
    const finals = await Promise.all(audits.map((a) => untilJobEnds(stack.apiUrl, ws.key, a.jobId, 60_000)));
    const eventKeys = await settledEventKeys(db, ws.workspaceId, 15);
    const ledgerAudits: PhaseLedger['audits'] = [];
    for (const [i, a] of audits.entries()) {
      const workflowId: string = (await db('jobs').where({ id: a.jobId }).first('workflow_id'))?.workflow_id ?? '';
      const [{ n }] = await db('usage_events').where({ dedupe_key: workflowId, event_type: 'audit_run' }).count<{ n: number }[]>('* as n');
      ledgerAudits.push({ workflowId, runningAtStop: a.runningAtStop, finalStatus: finals[i], events: Number(n) });
    }
    return { eventKeys, audits: ledgerAudits };
  } finally {
    await db.destroy();
  }
}

/**
 * The dedupe keys (workflow ids) of a workspace's agent_discovery_check usage events once they stop changing:
 * refunds of failed reads and settlements of calls answered 202 run in workflows, so it reads until two
 * readings 2 s apart agree (at most `readings` more).
 */
export async function settledEventKeys(db: Db, workspaceId: string, readings: number): Promise<string[]> {
  const read = async () =>
    ((await db('usage_events').where({ workspace_id: workspaceId, event_type: 'agent_discovery_check' }).pluck('dedupe_key')) as string[]).sort();
  let keys = await read();
  for (let i = 0; i < readings; i++) {
    await delay(2_000);
    const again = await read();
    if (again.join() === keys.join()) break;
    keys = again;
  }
  return keys;
}

/** For each keyed call charged without a 2xx: its answer, its timing and its idempotency record, to find the step that failed. */
async function explainStrayCharges(stack: Stack, load: Load, phase: Phase, ledger: PhaseLedger, log: (line: string) => void): Promise<void> {
  const charged = new Set(ledger.eventKeys);
  const stray = load.samples.filter(
    (s) => s.workflowId && s.workspaceId === phase.workspace.workspaceId && (s.status < 200 || s.status > 299) && charged.has(s.workflowId),
  );
  if (!stray.length) return;
  const db = createDb({ url: stack.databaseUrl, poolMax: 1, logger: createLogger('silent') });
  try {
    for (const s of stray) {
      const record = await db('idempotency_records').where({ workflow_id: s.workflowId }).first('status', 'response_status');
      log(
        `charged without a 2xx: ${s.route} → ${s.status} after ${s.ms} ms, started ${s.startedAt - phase.times.stopping} ms from the stop; ` +
          `idempotency record ${record ? `${record.status} ${record.response_status ?? ''}` : 'absent'} (${s.workflowId})`,
      );
    }
  } finally {
    await db.destroy();
  }
}

async function startAudit(apiUrl: string, key: string): Promise<string> {
  const res = await fetch(`${apiUrl}/v1/audit?domain=${SLOW_AUDIT_DOMAIN}`, { headers: { 'x-api-key': key, prefer: 'respond-async' } });
  const body = (await res.json()) as { jobId?: string; error?: string };
  if (res.status !== 202 || !body.jobId) throw new Error(`audit did not start: ${res.status} ${JSON.stringify(body)}`);
  return body.jobId;
}

async function jobStatus(apiUrl: string, key: string, jobId: string): Promise<string> {
  const res = await fetch(`${apiUrl}/v1/jobs/${jobId}`, { headers: { 'x-api-key': key }, signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
  if (!res) return 'no answer';
  const body = (await res.json().catch(() => ({}))) as { status?: string };
  return res.ok ? (body.status ?? 'unknown') : `http ${res.status}`;
}

async function untilJobEnds(apiUrl: string, key: string, jobId: string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await jobStatus(apiUrl, key, jobId);
    if (status === 'completed' || status === 'failed' || Date.now() > deadline) return status;
    await delay(500);
  }
}

async function untilMeteredSucceeds(load: Load, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!load.samples.some((s) => s.kind === 'metered' && s.status === 200)) {
    if (Date.now() > deadline)
      throw new Error(`no metered call succeeded within ${timeoutMs} ms (statuses: ${[...new Set(load.samples.map((s) => s.status))].join(', ')})`);
    await delay(200);
  }
}
