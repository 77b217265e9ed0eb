import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { loadConfig } from '../../src/config';
import { type RunningPostgres, startEmbeddedPostgres } from '../../src/runtime/embedded-postgres';
import { freePort } from '../../src/runtime/free-port';
import { type RunningDevServer, startTemporalDevServer } from '../../src/runtime/temporal-dev-server';
import { loadRegistrySeed } from '../../src/services/registry-seed';
import { createDb, type Db, migrateLatest } from '../../src/store/db';
import { createTemporalClient, type TemporalClientHandle } from '../../src/temporal/connection';
import { recordingProxy } from '../../test/billing/recording-proxy';
import { type FixtureWeb, startFixtureWeb } from '../../test/fixture-web/server';
import { npmScriptCommand } from '../../test/support/service-processes';
import { startStripeMock } from '../../test/support/stripe-mock';
import { createWorkspace } from '../../test/support/workspaces';
import { type ChildService, childService, until } from './child-service';
import { startTemporalCluster, type TemporalCluster } from './temporal-cluster';

/**
 * A whole Agentdex deployment on loopback for the issue-16 proofs and `npm run bench:load`, in the
 * production shape: embedded Postgres, a Temporal dev server, the fixture web, `apis` API processes and one
 * worker process, each a child of its own (`npm run start:api` / `start:worker`, their Node flags included),
 * so a proof can SIGKILL one and start it again, sample its memory by pid, or stop Postgres or Temporal and
 * start it again on the same port and data. Optional: stripe-mock behind a recording proxy (meter events
 * countable by identifier), and hosts of the fixture web served slowly (a crawl long enough to kill a worker
 * inside it). `stop()` ends every process it started, on failure too; `stopRunningStacks()` ends every
 * stack of this process (bench/prove.ts and bench/load.ts call it on SIGINT and SIGTERM). Needs
 * `npm run build` (the entries and workflow bundle are in dist/).
 */
export interface StackOptions {
  log?: (line: string) => void;
  /** API processes, each on a port of its own (default 1). */
  apis?: number;
  /**
   * The stack's directory: Postgres cluster (pg/), Temporal history when `durableTemporal` (temporal/dev.db)
   * and each process's output (logs/<name>.log). Given: the caller's, kept after stop (to read the logs of a
   * failure). Omitted: a temporary directory removed by stop().
   */
  dir?: string;
  /** The Temporal dev server keeps workflow history in a SQLite file, so a restarted server still knows its workflows. */
  durableTemporal?: boolean;
  /**
   * A Temporal server cluster instead of the dev server: one process per service (frontend, two history,
   * matching, worker) on the stack's Postgres (bench/prove/temporal-cluster.ts; needs the server built).
   */
  temporalCluster?: boolean;
  /** Worker processes (default 1). */
  workers?: number;
  /** Load the registry seed (2,763 products and the categories; a few seconds). Default true. */
  seedRegistry?: boolean;
  /** Generic fixture sites site-0.test ... (default 0). */
  genericSites?: number;
  /** Fixture hosts answered through a proxy that holds every request this long (ms) before passing it on. */
  slowHosts?: Record<string, number>;
  /** stripe-mock behind a recording proxy (each meter event held `delayMs`), and the worker configured for it. */
  stripe?: { delayMs?: number };
  /** Runs on the migrated, seeded database before any API or worker process starts. */
  prepareDb?: (db: Db) => Promise<void>;
  /** Extra environment for the API and worker processes (over the stack's own). */
  env?: Record<string, string>;
}

/** One of the stack's own processes (an API or a worker): started, SIGKILLed and started again at will. */
export interface ManagedProcess extends ChildService {
  /** The API's base URL, the same across restarts (empty for the worker). */
  readonly url: string;
}

export interface Stack {
  dir: string;
  databaseUrl: string;
  temporalAddress: string;
  namespace: string;
  taskQueue: string;
  /** The proof's own pool, for assertions (usage events, reservations, audits); a new one after startPostgres(). */
  readonly db: Db;
  temporal: TemporalClientHandle;
  fixtureWeb: FixtureWeb;
  /** The first API's URL, e.g. http://127.0.0.1:41234; the same across API restarts. */
  apiUrl: string;
  /** The first API process (`apis[0]`). */
  api: ManagedProcess;
  apis: ManagedProcess[];
  /** The first worker process (`workers[0]`). */
  worker: ManagedProcess;
  workers: ManagedProcess[];
  /** The Temporal cluster's processes, with `temporalCluster`. */
  cluster?: TemporalCluster;
  stripe?: { meterEvents(): Array<{ body: URLSearchParams }> };
  /** The environment the API and worker run with (beyond PATH, HOME and the like). */
  env: Record<string, string>;
  /** A fresh workspace with one API key (test/support/workspaces.ts). */
  workspace(o?: Parameters<typeof createWorkspace>[1]): ReturnType<typeof createWorkspace>;
  /** Postgres down (fast shutdown) and up again on the same port and cluster. */
  stopPostgres(): Promise<void>;
  startPostgres(): Promise<void>;
  /** The Temporal dev server down and up again on the same port (and history, with `durableTemporal`). */
  stopTemporal(): Promise<void>;
  startTemporal(): Promise<void>;
  /** Stops everything started, in reverse order; safe to call again or concurrently. */
  stop(): Promise<void>;
}

/** The stop of every stack started (or starting) in this process and not yet stopped. */
const running = new Set<() => Promise<void>>();

/** Stops every stack of this process that is started, starting or stopping. */
export async function stopRunningStacks(): Promise<void> {
  await Promise.allSettled([...running].map((stop) => stop()));
}

/**
 * On SIGINT (Ctrl-C) or SIGTERM: stop every stack (Postgres, Temporal, stripe-mock, API and worker
 * processes), then exit with 128 + the signal's number; a second signal exits at once (the exit hooks
 * still kill the children). For the entry points that start stacks (bench/prove.ts, bench/load.ts).
 */
export function stopStacksOnSignals(log: (line: string) => void): void {
  let interrupted = false;
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.on(signal, () => {
      if (interrupted) process.exit(code);
      interrupted = true;
      log(`${signal}: stopping ${running.size} stack(s)...`);
      void stopRunningStacks().finally(() => process.exit(code));
    });
  }
}

export async function startStack(o: StackOptions = {}): Promise<Stack> {
  const log = o.log ?? (() => undefined);
  const cleanup: Array<[string, () => Promise<unknown>]> = [];
  let stopped = false;
  let stopping = Promise.resolve();
  // Each call stops, in reverse order, whatever is started by then, and calls run one after another: a stop
  // during start-up (a signal) and the failed start's own stop that follows leave nothing running.
  const stop = () => {
    stopped = true;
    stopping = stopping.then(async () => {
      for (let next = cleanup.pop(); next; next = cleanup.pop()) {
        const [name, step] = next;
        await step().catch((err) => log(`stopping ${name} failed: ${String(err)}`));
      }
      running.delete(stop);
    });
    return stopping;
  };
  running.add(stop);
  const refuseWhenStopped = (what: string) => {
    if (stopped) throw new Error(`the stack is stopped: not starting ${what}`);
  };
  try {
    const base = loadConfig(pickSystemEnv()); // the Temporal CLI and the tool cache, as the shell sets them
    let dir = o.dir;
    if (!dir) {
      const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentdex-stack-'));
      chmodSync(tmp, 0o755); // as root, Postgres runs as `postgres` and must enter this directory
      cleanup.push(['stack dir', async () => rmSync(tmp, { recursive: true, force: true })]);
      dir = tmp;
    }
    const logsDir = path.join(dir, 'logs');
    mkdirSync(logsDir, { recursive: true });

    // A persistent cluster (the package would delete it on stop otherwise): a stopped Postgres starts again
    // with its data; a temporary stack directory goes with the rest.
    const pgOptions = { dir: path.join(dir, 'pg'), port: await freePort(), persistent: true, database: 'agentdex', log };
    let pg: RunningPostgres | undefined = await startEmbeddedPostgres(pgOptions);
    cleanup.push(['postgres', async () => pg?.stop()]);
    const databaseUrl = pg.url;
    let db: Db | undefined = createDb({ url: databaseUrl, poolMax: 5 });
    cleanup.push(['database pool', async () => db?.destroy()]);
    await migrateLatest(db);
    if (o.seedRegistry ?? true) await loadRegistrySeed(db);
    await o.prepareDb?.(db);

    refuseWhenStopped('the rest');
    let cluster: TemporalCluster | undefined;
    if (o.temporalCluster) {
      const started = await startTemporalCluster({ postgresUrl: databaseUrl, dir: path.join(dir, 'temporal-cluster'), log });
      cluster = started;
      cleanup.push(['temporal cluster', () => started.stop()]);
    }
    const temporalOptions = {
      port: await freePort(),
      namespace: base.temporal.namespace,
      dbFile: o.durableTemporal ? path.join(dir, 'temporal', 'dev.db') : undefined,
      cliPath: base.temporal.cliPath,
      cacheDir: base.cacheDir,
      log,
    };
    let dev: RunningDevServer | undefined = cluster ? undefined : await startTemporalDevServer(temporalOptions);
    cleanup.push(['temporal', async () => dev?.stop()]);
    const temporalAddress = cluster?.address ?? (dev as RunningDevServer).address;
    const namespace = cluster?.namespace ?? base.temporal.namespace;

    refuseWhenStopped('the rest');
    const fixtureWeb = await startFixtureWeb({ genericSites: o.genericSites ?? 0 });
    cleanup.push(['fixture web', () => fixtureWeb.close()]);
    let hostMap = fixtureWeb.hostMapSetting;
    for (const [host, ms] of Object.entries(o.slowHosts ?? {})) {
      const slow = await slowForwarder(fixtureWeb.port, ms);
      cleanup.push([`slow ${host}`, () => slow.close()]);
      hostMap = hostMap
        .split(',')
        .filter((entry) => entry.split('=')[0] !== host)
        .concat(`${host}=127.0.0.1:${slow.port}`)
        .join(',');
    }

    let stripe: Stack['stripe'];
    let stripeEnv: Record<string, string> = {};
    if (o.stripe) {
      const mock = await startStripeMock({ log });
      cleanup.push(['stripe-mock', () => mock.stop()]);
      const proxy = await recordingProxy(mock, { delayMs: o.stripe.delayMs });
      cleanup.push(['stripe proxy', () => proxy.close()]);
      stripe = { meterEvents: () => proxy.meterEvents() };
      stripeEnv = { STRIPE_SECRET_KEY: 'sk_test_prove', STRIPE_API_BASE: proxy.url };
    }

    refuseWhenStopped('the rest');
    const taskQueue = `agentdex-stack-${randomBytes(3).toString('hex')}`;
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS: temporalAddress,
      TEMPORAL_NAMESPACE: namespace,
      TEMPORAL_TASK_QUEUE: taskQueue,
      OUTBOUND_HOST_MAP: hostMap,
      OUTBOUND_ALLOWLIST: fixtureWeb.allowlist.join(','),
      AUDIT_REQUEST_TIMEOUT_MS: '3000',
      // Discovery's outside sources point at names that do not resolve: no call leaves the machine.
      MCP_REGISTRY_URL: 'http://mcp-registry.test',
      SEARCH_PROVIDER_URL: 'http://searx.test',
      PACKAGE_REGISTRY_URL: 'http://npm-registry.test',
      ...stripeEnv,
      ...o.env,
    };
    const childEnv = { ...pickSystemEnv(), ...env };
    // The worker logs at info at least: its "worker running" line is how the stack knows it is up.
    const workers: ManagedProcess[] = [];
    for (let i = 0; i < (o.workers ?? 1); i++) {
      const name = i === 0 ? 'worker' : `worker-${i + 1}`;
      const worker = managedProcess(name, 'start:worker', { ...childEnv, LOG_LEVEL: 'info' }, { printed: 'worker running' }, logsDir, log, refuseWhenStopped);
      cleanup.push([name, () => worker.stop()]);
      await worker.start();
      workers.push(worker);
    }
    const apis: ManagedProcess[] = [];
    for (let i = 0; i < (o.apis ?? 1); i++) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const name = i === 0 ? 'api' : `api-${i + 1}`;
      const api = managedProcess(name, 'start:api', { ...childEnv, PORT: String(port) }, { url }, logsDir, log, refuseWhenStopped);
      cleanup.push([name, () => api.stop()]);
      await api.start();
      apis.push(api);
    }

    const temporal = createTemporalClient({ address: temporalAddress, namespace });
    cleanup.push(['temporal client', () => temporal.connection.close()]);

    const currentDb = () => {
      if (!db) throw new Error('Postgres is stopped');
      return db;
    };
    return {
      dir,
      databaseUrl,
      temporalAddress,
      namespace,
      taskQueue,
      get db() {
        return currentDb();
      },
      temporal,
      fixtureWeb,
      apiUrl: apis[0]?.url ?? '',
      api: apis[0],
      apis,
      worker: workers[0],
      workers,
      cluster,
      stripe,
      env,
      workspace: (w) => createWorkspace(currentDb(), w),
      async stopPostgres() {
        // The proof's pool first: its idle connections would only break.
        await db?.destroy();
        db = undefined;
        await pg?.stop();
        pg = undefined;
      },
      async startPostgres() {
        refuseWhenStopped('Postgres');
        pg = await startEmbeddedPostgres(pgOptions);
        db = createDb({ url: databaseUrl, poolMax: 5 });
      },
      async stopTemporal() {
        if (cluster) throw new Error('a Temporal cluster stops service by service: stack.cluster.services');
        await dev?.stop();
        dev = undefined;
      },
      async startTemporal() {
        refuseWhenStopped('Temporal');
        if (cluster) throw new Error('a Temporal cluster starts service by service: stack.cluster.services');
        dev = await startTemporalDevServer(temporalOptions);
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** What a child needs from this process's environment to run at all (PATH, HOME), and nothing of its config. */
function pickSystemEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'AGENTDEX_CACHE_DIR', 'TEMPORAL_CLI_PATH', 'STRIPE_MOCK_BIN', 'CHROMIUM_PATH'];
  return Object.fromEntries(keep.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k] as string]));
}

/**
 * `npm run <script>` as a direct child (so its pid is the service's own), ready once it has printed
 * `ready.printed`, or once `ready.url`/health answers 200, within 60 s. Its output goes to logsDir/<name>.log.
 */
function managedProcess(
  name: string,
  npmScript: string,
  env: Record<string, string>,
  ready: { printed: string } | { url: string },
  logsDir: string,
  log: (line: string) => void,
  refuseWhenStopped: (what: string) => void,
): ManagedProcess {
  const command = npmScriptCommand(npmScript);
  const service = childService({
    name,
    command: process.execPath,
    args: [...command.execArgv, command.script],
    env,
    logFile: path.join(logsDir, `${name}.log`),
    log,
    beforeStart: () => refuseWhenStopped(name),
    ready: ({ printed, exited }) => until(() => ('printed' in ready ? printed().includes(ready.printed) : untilHealthy(ready.url)), 'ready', 60_000, exited),
  });
  // The service's own getters (pid, starts) stay live: extend it, never copy it.
  return Object.assign(service, { url: 'url' in ready ? ready.url : '' });
}

async function untilHealthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Forwards every HTTP request to the fixture web unchanged (Host header included), after holding it `ms`. */
async function slowForwarder(fixturePort: number, ms: number) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      await delay(ms);
      const fwd = http.request({ host: '127.0.0.1', port: fixturePort, method: req.method, path: req.url, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      fwd.on('error', () => res.destroy());
      fwd.end(Buffer.concat(chunks));
    });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
