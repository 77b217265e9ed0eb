import { type ChildProcess, fork } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { startEmbeddedPostgres, type RunningPostgres } from '../../src/runtime/embedded-postgres';
import { freePort } from '../../src/runtime/free-port';
import { startTemporalDevServer, type RunningDevServer } from '../../src/runtime/temporal-dev-server';
import { loadRegistrySeed } from '../../src/services/registry-seed';
import { createDb, migrateLatest } from '../../src/store/db';
import { startFixtureWeb, type FixtureWeb } from '../../test/fixture-web/server';

/**
 * Everything the outage proof runs, each part stoppable and startable again on the same port with the
 * same data: Postgres on a persistent cluster directory, the Temporal dev server on a SQLite file, and
 * the API and the worker as child processes in the production shape (`start:api`, `start:worker`) that
 * are never restarted.
 */
export interface OutageStack {
  apiUrl: string;
  databaseUrl: string;
  /** The API's DB_ACQUIRE_TIMEOUT_MS, the bound a call may wait for a connection. */
  acquireTimeoutMs: number;
  stopPostgres(): Promise<void>;
  startPostgres(): Promise<void>;
  stopTemporal(): Promise<void>;
  startTemporal(): Promise<void>;
  /** Whether the API and worker processes are still the ones started at the beginning (never restarted). */
  childrenAlive(): { api: boolean; worker: boolean };
  stop(): Promise<void>;
}

export async function startOutageStack(dir: string, log: (line: string) => void): Promise<OutageStack> {
  const cleanups: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const step of cleanups.reverse()) await step().catch((err) => log(`cleanup step failed: ${String(err)}`));
  };
  try {
    const base = loadConfig(process.env);
    const pgPort = await freePort();
    const pgOptions = { dir: path.join(dir, 'pg'), port: pgPort, persistent: true, database: 'agentdex', log };
    let pg: RunningPostgres | undefined = await startEmbeddedPostgres(pgOptions);
    cleanups.push(async () => pg?.stop());
    const databaseUrl = pg.url;
    const db = createDb({ url: databaseUrl, poolMax: 4 });
    try {
      await migrateLatest(db);
      await loadRegistrySeed(db);
    } finally {
      await db.destroy();
    }

    const temporalOptions = {
      port: await freePort(),
      namespace: base.temporal.namespace,
      // Workflow history on disk, so a restarted server still knows the workflows it was running.
      dbFile: path.join(dir, 'temporal', 'dev.db'),
      cliPath: base.temporal.cliPath,
      cacheDir: base.cacheDir,
      log,
    };
    let temporal: RunningDevServer | undefined = await startTemporalDevServer(temporalOptions);
    cleanups.push(async () => temporal?.stop());

    const web: FixtureWeb = await startFixtureWeb();
    cleanups.push(() => web.close());

    const apiPort = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_NAMESPACE: base.temporal.namespace,
      TEMPORAL_TASK_QUEUE: `outages-${apiPort}`,
      OUTBOUND_HOST_MAP: web.hostMapSetting,
      OUTBOUND_ALLOWLIST: web.allowlist.join(','),
      AUDIT_REQUEST_TIMEOUT_MS: '3000',
      AUDIT_TIMEOUT_MS: '30000',
    };
    const acquireTimeoutMs = loadConfig(env).database.acquireTimeoutMs;
    mkdirSync(path.join(dir, 'logs'), { recursive: true });
    const api = spawnChild('api', path.resolve(__dirname, '../../src/main-api.js'), env, dir);
    cleanups.push(() => stopChild(api));
    const worker = spawnChild('worker', path.resolve(__dirname, '../../workers/main.js'), env, dir);
    cleanups.push(() => stopChild(worker));
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    await untilAnswers(`${apiUrl}/health`, api, 30_000);

    return {
      apiUrl,
      databaseUrl,
      acquireTimeoutMs,
      async stopPostgres() {
        await pg?.stop();
        pg = undefined;
      },
      async startPostgres() {
        pg = await startEmbeddedPostgres(pgOptions);
      },
      async stopTemporal() {
        await temporal?.stop();
        temporal = undefined;
      },
      async startTemporal() {
        temporal = await startTemporalDevServer(temporalOptions);
      },
      childrenAlive: () => ({ api: isRunning(api), worker: isRunning(worker) }),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** A child with its output in dir/logs/<name>.log (kept when the proof fails, to find the cause). */
function spawnChild(name: string, script: string, env: NodeJS.ProcessEnv, dir: string): ChildProcess {
  const child = fork(script, [], { env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  const out = createWriteStream(path.join(dir, 'logs', `${name}.log`));
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  return child;
}

const isRunning = (c: ChildProcess) => c.exitCode === null && c.signalCode === null;

async function stopChild(child: ChildProcess): Promise<void> {
  if (!isRunning(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function untilAnswers(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!isRunning(child)) throw new Error(`the API exited (${child.exitCode ?? child.signalCode}) before answering`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      () => true,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`the API did not answer ${url} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
