import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../src/runtime/free-port';
import { RecentOutput } from '../../src/runtime/recent-output';
import { createTemporalClient } from '../../src/temporal/connection';
import { ensureSchedules } from '../../src/temporal/schedules';
import { testConfig } from './app';
import { getInfra } from './infra';

/**
 * The production entry points (`npm run start:api`, `npm run start:worker`) as child processes of their
 * own: what races between API processes and per-process memory figures need. Each runs with the Node flags
 * of its npm script (the heap cap of start:api), its output is kept (its tail names the failure if it
 * dies) and `stop` ends it with SIGTERM, then SIGKILL after 10 s.
 */
export interface ServiceProcess {
  pid: number;
  /** The API's base URL (API processes only). */
  baseUrl: string;
  recent: RecentOutput;
  stop(): Promise<void>;
}

const DIST = path.resolve(__dirname, '../..');
const ROOT = path.resolve(DIST, '..');

/**
 * The environment of a service process on the run's Postgres, Temporal and fixture web (production mode,
 * warnings only), with a test's own settings on top (a task queue of its own, metrics or traces).
 */
export function runServiceEnv(overrides: Record<string, string> = {}): Record<string, string> {
  const infra = getInfra();
  return {
    ...infra.outboundEnv,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: infra.databaseUrl,
    TEMPORAL_ADDRESS: infra.temporalAddress,
    TEMPORAL_NAMESPACE: infra.namespace,
    TEMPORAL_TASK_QUEUE: infra.taskQueue,
    ...overrides,
  };
}

/** A worker process keeps the schedules on its own queue when it starts: hand them back to the run's worker. */
export async function handSchedulesBackToRunWorker(): Promise<void> {
  const infra = getInfra();
  const temporal = createTemporalClient({ address: infra.temporalAddress, namespace: infra.namespace });
  try {
    await ensureSchedules(temporal.client, testConfig(), infra.taskQueue);
  } finally {
    await temporal.connection.close();
  }
}

/** An API process on a free loopback port; resolves once /health answers. Env: DATABASE_URL, TEMPORAL_*. */
export async function startApiProcess(env: Record<string, string | undefined>): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawn('start:api', { ...env, HOST: '127.0.0.1', PORT: String(port) });
  const baseUrl = `http://127.0.0.1:${port}`;
  await untilReady(child, async () => (await fetch(`${baseUrl}/health`).catch(() => undefined))?.ok === true);
  return { ...child, baseUrl };
}

/** A worker process (it also keeps the schedules); resolves once it logs that it runs. */
export async function startWorkerProcess(env: Record<string, string | undefined>): Promise<ServiceProcess> {
  const child = spawn('start:worker', { ...env, LOG_LEVEL: 'info' });
  await untilReady(child, async () => child.recent.last(200).includes('worker running'));
  return { ...child, baseUrl: '' };
}

/** The entry file and Node flags of `npm run <script>` ("node [flags] dist/....js"), to start it as a direct child. */
export function npmScriptCommand(script: string): { script: string; execArgv: string[] } {
  const words = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts[script] as string).trim().split(/\s+/);
  if (words[0] !== 'node') throw new Error(`npm script ${script} does not start with node: ${words.join(' ')}`);
  return { script: path.join(ROOT, words.at(-1)!), execArgv: words.slice(1, -1) };
}

type Child = Omit<ServiceProcess, 'baseUrl'> & { process: ChildProcess; exited: Promise<number | null> };

/** Runs `npm run <script>` ("node [flags] dist/....js") as a direct child, so its pid is the service's own. */
function spawn(script: string, env: Record<string, string | undefined>): Child {
  const recent = new RecentOutput(400);
  const command = npmScriptCommand(script);
  const child = fork(command.script, [], {
    execArgv: command.execArgv,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout!.on('data', (d) => recent.push(d));
  child.stderr!.on('data', (d) => recent.push(d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    pid: child.pid!,
    recent,
    process: child,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

async function untilReady(child: Child, ready: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let dead = false;
  child.exited.then(() => {
    dead = true;
  });
  while (!(await ready())) {
    if (dead || Date.now() > deadline) {
      await child.stop();
      throw new Error(`${dead ? 'exited' : 'not ready in time'}; last output:\n${child.recent.last(15)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
