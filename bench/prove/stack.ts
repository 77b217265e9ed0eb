import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { loadConfig } from '../../src/config';
import { startEmbeddedPostgres } from '../../src/runtime/embedded-postgres';
import { freePort } from '../../src/runtime/free-port';
import { RecentOutput } from '../../src/runtime/recent-output';
import { startTemporalDevServer } from '../../src/runtime/temporal-dev-server';
import { loadRegistrySeed } from '../../src/services/registry-seed';
import { createDb, type Db, migrateLatest } from '../../src/store/db';
import { createTemporalClient, type TemporalClientHandle } from '../../src/temporal/connection';
import { recordingProxy } from '../../test/billing/recording-proxy';
import { type FixtureWeb, startFixtureWeb } from '../../test/fixture-web/server';
import { startStripeMock } from '../../test/support/stripe-mock';
import { createWorkspace } from '../../test/support/workspaces';

/**
 * A whole Agentdex deployment on loopback for the issue-16 proofs, in the production shape: embedded
 * Postgres (temp dir), a Temporal dev server, the fixture web, and the API (`dist/src/main-api.js`) and the
 * worker (`dist/workers/main.js`) each in a process of its own, so a proof can SIGKILL either and start it
 * again. Optional: stripe-mock behind a recording proxy (meter events countable by identifier), and hosts of
 * the fixture web served slowly (a crawl long enough to kill a worker inside it). `stop()` ends every
 * process it started, on failure too. Needs `npm run build` (the entries and workflow bundle are in dist/).
 */
export interface StackOptions {
  log?: (line: string) => void;
  /** Fixture hosts answered through a proxy that holds every request this long (ms) before passing it on. */
  slowHosts?: Record<string, number>;
  /** stripe-mock behind a recording proxy (each meter event held `delayMs`), and the worker configured for it. */
  stripe?: { delayMs?: number };
  /** Load the registry seed (2,763 products and the categories; a few seconds): audits record into it. */
  seedRegistry?: boolean;
  /** Extra environment for the API and worker processes. */
  env?: Record<string, string>;
}

/** One of the stack's own processes: started, SIGKILLed and started again at will. */
export interface ManagedProcess {
  readonly name: string;
  /** Current pid; undefined while stopped. */
  readonly pid: number | undefined;
  /** How many times it was started. */
  readonly starts: number;
  start(): Promise<void>;
  /** SIGKILL (no shutdown hooks: a crash), resolved once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (graceful), SIGKILL after 10 s. */
  stop(): Promise<void>;
  /** The last lines it printed, for failure messages. */
  lastOutput(): string;
}

export interface Stack {
  databaseUrl: string;
  temporalAddress: string;
  namespace: string;
  taskQueue: string;
  /** The proof's own pool, for assertions (usage events, reservations, audits). */
  db: Db;
  temporal: TemporalClientHandle;
  fixtureWeb: FixtureWeb;
  /** e.g. http://127.0.0.1:41234; the same across API restarts. */
  apiUrl: string;
  api: ManagedProcess;
  worker: ManagedProcess;
  stripe?: { meterEvents(): Array<{ body: URLSearchParams }> };
  /** The environment the API and worker run with. */
  env: Record<string, string>;
  /** A fresh workspace with one API key (test/support/workspaces.ts). */
  workspace(o?: Parameters<typeof createWorkspace>[1]): ReturnType<typeof createWorkspace>;
  stop(): Promise<void>;
}

const ROOT = path.resolve(__dirname, '../..'); // dist/

export async function startStack(o: StackOptions = {}): Promise<Stack> {
  const log = o.log ?? (() => undefined);
  const cleanup: Array<[string, () => Promise<unknown>]> = [];
  const stop = async () => {
    for (const [name, step] of cleanup.reverse()) await step().catch((err) => log(`stopping ${name} failed: ${String(err)}`));
    cleanup.length = 0;
  };
  try {
    const base = loadConfig({});
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agentdex-prove-pg-'));
    chmodSync(dir, 0o755); // as root, Postgres runs as `postgres` and must enter this directory
    cleanup.push(['postgres dir', async () => rmSync(dir, { recursive: true, force: true })]);
    const pg = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false, database: 'agentdex', log });
    cleanup.push(['postgres', () => pg.stop()]);
    const dev = await startTemporalDevServer({
      port: await freePort(),
      namespace: base.temporal.namespace,
      cliPath: base.temporal.cliPath,
      cacheDir: base.cacheDir,
      log,
    });
    cleanup.push(['temporal', () => dev.stop()]);

    const db = createDb({ url: pg.url, poolMax: 5 });
    cleanup.push(['database pool', () => db.destroy()]);
    await migrateLatest(db);
    if (o.seedRegistry) await loadRegistrySeed(db);

    const fixtureWeb = await startFixtureWeb({ genericSites: 5 });
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

    const apiPort = await freePort();
    const taskQueue = 'agentdex-prove';
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      DATABASE_URL: pg.url,
      TEMPORAL_ADDRESS: dev.address,
      TEMPORAL_NAMESPACE: base.temporal.namespace,
      TEMPORAL_TASK_QUEUE: taskQueue,
      OUTBOUND_HOST_MAP: hostMap,
      OUTBOUND_ALLOWLIST: fixtureWeb.allowlist.join(','),
      AUDIT_REQUEST_TIMEOUT_MS: '3000',
      AUDIT_TIMEOUT_MS: '20000',
      MCP_REGISTRY_URL: 'http://mcp-registry.test',
      // The schedules must not start work of their own during a proof: the proof triggers what it needs.
      USAGE_SYNC_INTERVAL_MINUTES: '1440',
      SWEEP_INTERVAL_MINUTES: '10080',
      MAINTENANCE_INTERVAL_MINUTES: '1440',
      ...stripeEnv,
      ...o.env,
    };
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const childEnv = { ...pickSystemEnv(), ...env };
    const api = managedProcess('api', path.join(ROOT, 'src/main-api.js'), childEnv, { probe: () => untilHealthy(apiUrl) }, log);
    const worker = managedProcess('worker', path.join(ROOT, 'workers/main.js'), childEnv, { printed: 'worker running' }, log);
    cleanup.push(['worker', () => worker.stop()]);
    cleanup.push(['api', () => api.stop()]);
    await worker.start();
    await api.start();

    const temporal = createTemporalClient({ address: dev.address, namespace: base.temporal.namespace });
    cleanup.push(['temporal client', () => temporal.connection.close()]);

    return {
      databaseUrl: pg.url,
      temporalAddress: dev.address,
      namespace: base.temporal.namespace,
      taskQueue,
      db,
      temporal,
      fixtureWeb,
      apiUrl,
      api,
      worker,
      stripe,
      env,
      workspace: (w) => createWorkspace(db, w),
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
 * A node process started from `script`, ready once it has printed `ready.printed`, or once `ready.probe`
 * resolves true. A process left running when the proof's own process exits is killed.
 */
function managedProcess(
  name: string,
  script: string,
  env: Record<string, string>,
  ready: { printed: string } | { probe: () => Promise<boolean> },
  log: (line: string) => void,
): ManagedProcess {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let starts = 0;
  const output = new RecentOutput(400);
  const killOnExit = () => child?.kill('SIGKILL');
  process.on('exit', killOnExit);

  const waitExit = async (signal: NodeJS.Signals, graceMs: number) => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    c.kill(signal);
    const timer = setTimeout(() => c.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };

  return {
    name,
    get pid() {
      return child && child.exitCode === null && child.signalCode === null ? child.pid : undefined;
    },
    get starts() {
      return starts;
    },
    async start() {
      if (this.pid) throw new Error(`${name} is already running (pid ${this.pid})`);
      let seen = '';
      const c = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      child = c;
      starts++;
      const onData = (d: Buffer) => {
        output.push(d);
        if (seen.length < 100_000) seen += d.toString();
      };
      c.stdout?.on('data', onData);
      c.stderr?.on('data', onData);
      exited = new Promise((resolve) => c.once('exit', () => resolve()));
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (c.exitCode !== null || c.signalCode !== null) throw new Error(`${name} exited during start-up; its last lines:\n${output.last()}`);
        const ok = 'printed' in ready ? seen.includes(ready.printed) : await ready.probe();
        if (ok) break;
        if (Date.now() > deadline) {
          await waitExit('SIGKILL', 0);
          throw new Error(`${name} not ready within 60 s; its last lines:\n${output.last()}`);
        }
        await delay(100);
      }
      log(`${name} started (pid ${c.pid}, start ${starts})`);
    },
    async kill() {
      const pid = child?.pid;
      await waitExit('SIGKILL', 0);
      log(`${name} killed with SIGKILL (pid ${pid})`);
    },
    async stop() {
      await waitExit('SIGTERM', 10_000);
      process.removeListener('exit', killOnExit);
    },
    lastOutput: () => output.last(20),
  };
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
