import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { waitForPort } from './free-port';
import { assertPortsFree, type PortNeed } from './port-check';
import { RecentOutput } from './recent-output';
import { locateTemporalCli } from './temporal-cli';

export interface DevServerOptions {
  port: number;
  uiPort?: number;
  namespace: string;
  /** SQLite file that keeps workflow history across restarts; omit for an in-memory server (tests). */
  dbFile?: string;
  cliPath?: string;
  cacheDir: string;
  log: (message: string) => void;
  /** What the operator sets to move `port` and `uiPort`, for clash messages (defaults: the CLI flags). */
  settings?: { port: string; uiPort: string };
  /** How long the server must stay up after its port answers to count as ours (default 1 s). */
  graceMs?: number;
}

export interface RunningDevServer {
  address: string;
  uiUrl?: string;
  /** Rejects, naming the server and its last log lines, if it exits before stop(); never settles otherwise. */
  died: Promise<never>;
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';

/** `temporal server start-dev` from the CLI we can find, else the SDK's own downloaded dev server. */
export async function startTemporalDevServer(o: DevServerOptions): Promise<RunningDevServer> {
  // A dev server already on our port answers our readiness probe before the new one dies of the clash,
  // and the caller would then run workflows on another installation's server: refuse up front.
  await assertPortsFree(devServerPorts(o));
  const cli = await locateTemporalCli({ explicitPath: o.cliPath, cacheDir: o.cacheDir, log: o.log });
  return cli ? startFromCli(cli, o) : startFromSdkDownload(o);
}

/**
 * The ports `temporal server start-dev` (CLI v1.5.1) binds at fixed numbers: the frontend (--port) and the
 * UI (--ui-port, else port + 1000). Its HTTP API, metrics and internal history/matching/worker ports are
 * picked free at random on each start, so they cannot collide with another instance's.
 */
export function devServerPorts(o: Pick<DevServerOptions, 'port' | 'uiPort' | 'settings'>): PortNeed[] {
  const settings = o.settings ?? { port: '--port', uiPort: '--ui-port' };
  const likelyHolder = 'another Agentdex or Temporal dev server';
  const needs: PortNeed[] = [{ port: o.port, host: HOST, setting: settings.port, likelyHolder }];
  if (o.uiPort) needs.push({ port: o.uiPort, host: HOST, setting: settings.uiPort, likelyHolder });
  return needs;
}

async function startFromCli(cli: string, o: DevServerOptions): Promise<RunningDevServer> {
  const args = ['server', 'start-dev', '--ip', HOST, '--port', String(o.port), '--namespace', o.namespace, '--log-level', 'error'];
  if (o.uiPort) args.push('--ui-port', String(o.uiPort), '--ui-ip', HOST);
  else args.push('--headless');
  if (o.dbFile) {
    mkdirSync(path.dirname(o.dbFile), { recursive: true });
    args.push('--db-filename', o.dbFile);
  }
  const child = spawn(cli, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = new RecentOutput();
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(String(code ?? signal)));
    child.once('error', (err) => resolve(err.message)); // could not be spawned at all: no 'exit' follows
  });
  // If this process ends without an orderly stop (a failed start, a crash), do not leave the server behind.
  const onExit = () => child.kill('SIGTERM');
  process.once('exit', onExit);
  let ready = false;
  let stopping = false;
  const died = exited.then((how): Promise<never> => {
    if (stopping) return new Promise<never>(() => undefined);
    const when = ready ? 'exited' : 'exited during start-up';
    throw new Error(`temporal server start-dev (${cli}) ${when} (${how}); its last lines:\n${output.last()}`);
  });
  died.catch(() => undefined); // only start-up races it; afterwards a death must not become an unhandled rejection
  const stop = async () => {
    stopping = true;
    process.removeListener('exit', onExit);
    await stopChild(child, exited);
  };
  try {
    await untilReady(o, died);
  } catch (err) {
    await stop();
    throw err;
  }
  ready = true;
  return { address: `${HOST}:${o.port}`, uiUrl: o.uiPort ? `http://${HOST}:${o.uiPort}` : undefined, died, stop };
}

/**
 * The port answering shows only that something listens there. A server that lost a clash for it dies
 * shortly after starting (the CLI checks its ports within milliseconds), so it must also outlive a grace
 * period after the port answers; dying at any point before that fails the start.
 */
async function untilReady(o: DevServerOptions, died: Promise<never>): Promise<void> {
  const polling = new AbortController();
  try {
    await Promise.race([waitForPort(HOST, o.port, 60_000, polling.signal), died]);
    await Promise.race([delay(o.graceMs ?? 1_000), died]);
  } finally {
    polling.abort();
  }
}

async function startFromSdkDownload(o: DevServerOptions): Promise<RunningDevServer> {
  o.log('No Temporal CLI found and no Go toolchain: downloading the dev server through the Temporal SDK');
  const env = await TestWorkflowEnvironment.createLocal({
    server: {
      ip: HOST,
      port: o.port,
      namespace: o.namespace,
      dbFilename: o.dbFile,
      ui: !!o.uiPort,
      uiPort: o.uiPort,
    },
  });
  return {
    address: `${HOST}:${o.port}`,
    uiUrl: o.uiPort ? `http://${HOST}:${o.uiPort}` : undefined,
    // The SDK does not hand out its server process; a later death shows as failed connections instead.
    died: new Promise<never>(() => undefined),
    stop: () => env.teardown(),
  };
}

async function stopChild(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
