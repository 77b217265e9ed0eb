import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { waitForPort } from './free-port';
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
}

export interface RunningDevServer {
  address: string;
  uiUrl?: string;
  stop(): Promise<void>;
}

/** `temporal server start-dev` from the CLI we can find, else the SDK's own downloaded dev server. */
export async function startTemporalDevServer(o: DevServerOptions): Promise<RunningDevServer> {
  const cli = await locateTemporalCli({ explicitPath: o.cliPath, cacheDir: o.cacheDir, log: o.log });
  return cli ? startFromCli(cli, o) : startFromSdkDownload(o);
}

async function startFromCli(cli: string, o: DevServerOptions): Promise<RunningDevServer> {
  const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(o.port), '--namespace', o.namespace, '--log-level', 'error'];
  if (o.uiPort) args.push('--ui-port', String(o.uiPort), '--ui-ip', '127.0.0.1');
  else args.push('--headless');
  if (o.dbFile) {
    mkdirSync(path.dirname(o.dbFile), { recursive: true });
    args.push('--db-filename', o.dbFile);
  }
  const child = spawn(cli, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr.push(chunk.toString());
    if (stderr.length > 50) stderr.shift();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const early = exited.then((code) => {
    throw new Error(`temporal server start-dev exited (${code}) before it was ready:\n${stderr.join('').slice(-2000)}`);
  });
  await Promise.race([waitForPort('127.0.0.1', o.port, 60_000), early]);
  early.catch(() => undefined);
  return {
    address: `127.0.0.1:${o.port}`,
    uiUrl: o.uiPort ? `http://127.0.0.1:${o.uiPort}` : undefined,
    stop: () => stopChild(child, exited),
  };
}

async function startFromSdkDownload(o: DevServerOptions): Promise<RunningDevServer> {
  o.log('No Temporal CLI found and no Go toolchain: downloading the dev server through the Temporal SDK');
  const env = await TestWorkflowEnvironment.createLocal({
    server: {
      ip: '127.0.0.1',
      port: o.port,
      namespace: o.namespace,
      dbFilename: o.dbFile,
      ui: !!o.uiPort,
      uiPort: o.uiPort,
    },
  });
  return {
    address: `127.0.0.1:${o.port}`,
    uiUrl: o.uiPort ? `http://127.0.0.1:${o.uiPort}` : undefined,
    stop: () => env.teardown(),
  };
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
