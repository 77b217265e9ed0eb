import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdirSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort } from '../../src/runtime/free-port';
import { RecentOutput } from '../../src/runtime/recent-output';

export interface RunningStripeMock {
  /** Base URL, e.g. http://127.0.0.1:41234 (stripe-node: `{ host, port, protocol: 'http' }`). */
  url: string;
  host: string;
  port: number;
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
const MODULE = 'github.com/stripe/stripe-mock@v0.203.0';

/** stripe-mock (github.com/stripe/stripe-mock) on a free loopback port, HTTP only, for stripe-node to talk to. */
export async function startStripeMock(opts: { log?: (m: string) => void } = {}): Promise<RunningStripeMock> {
  const log = opts.log ?? (() => undefined);
  const bin = await locateStripeMock(log);
  const port = await freePort(HOST);
  // `-http-addr` alone does not switch off stripe-mock's default HTTPS listener (v0.203.0 only checks
  // -http/-http-port/-port for that), which would then bind [::]:12112 and clash between parallel runs.
  // Giving HTTPS an OS-chosen loopback port keeps it out of the way; nothing talks to it.
  const args = ['-http-addr', `${HOST}:${port}`, '-https-addr', `${HOST}:0`];
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = new RecentOutput();
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(String(code ?? signal)));
    child.once('error', (err) => resolve(err.message)); // could not be spawned at all: no 'exit' follows
  });
  // A test run that ends without stop() (a crash, a failed before-hook) must not leave the mock behind.
  const onExit = () => child.kill('SIGTERM');
  process.once('exit', onExit);
  const stop = async () => {
    process.removeListener('exit', onExit);
    await stopChild(child, exited);
  };
  const died = exited.then((how): never => {
    throw new Error(`stripe-mock (${bin} ${args.join(' ')}) exited during start-up (${how}); its last lines:\n${output.last()}`);
  });
  died.catch(() => undefined); // only start-up races it
  const polling = new AbortController();
  try {
    await Promise.race([untilAnswers(port, polling.signal), died]);
  } catch (err) {
    await stop();
    throw err;
  } finally {
    polling.abort();
  }
  log(`stripe-mock listening on http://${HOST}:${port} (${bin})`);
  return { url: `http://${HOST}:${port}`, host: HOST, port, stop };
}

/**
 * STRIPE_MOCK_BIN, then `stripe-mock` on PATH, then the cached build (the same place `.ci/run` installs
 * to), else build it there with `go install`.
 */
async function locateStripeMock(log: (m: string) => void): Promise<string> {
  const explicit = process.env.STRIPE_MOCK_BIN;
  if (explicit) {
    if (!isExecutable(explicit)) throw new Error(`STRIPE_MOCK_BIN=${explicit} is not an executable file`);
    return explicit;
  }
  const onPath = findOnPath('stripe-mock');
  if (onPath) return onPath;
  const cacheDir = path.join(process.env.AGENTDEX_CACHE_DIR ?? path.join(os.homedir(), '.cache', 'agentdex'), 'stripe-mock');
  const cached = path.join(cacheDir, 'stripe-mock');
  if (isExecutable(cached)) return cached;
  const go = findOnPath('go');
  if (!go) throw new Error('stripe-mock not found (STRIPE_MOCK_BIN, PATH, cache) and no Go toolchain to build it');
  log(`Building stripe-mock with go install ${MODULE} into ${cacheDir} (first run only)...`);
  mkdirSync(cacheDir, { recursive: true });
  const code = await new Promise<number | null>((resolve) => {
    const build = spawn(go, ['install', MODULE], { env: { ...process.env, GOBIN: cacheDir }, stdio: ['ignore', 'inherit', 'inherit'] });
    build.on('error', () => resolve(-1));
    build.on('exit', resolve);
  });
  if (code !== 0 || !isExecutable(cached)) throw new Error(`go install ${MODULE} failed (exit ${code})`);
  return cached;
}

/**
 * Polls until an HTTP answer carries stripe-mock's own header: a bare open port could be another
 * process that took the port between freePort() and the mock's bind.
 */
async function untilAnswers(port: number, signal: AbortSignal, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (signal.aborted) throw new Error('stopped waiting for stripe-mock');
    const header = await new Promise<string | undefined>((resolve) => {
      const req = http.get({ host: HOST, port, path: '/', timeout: 1_000 }, (res) => {
        res.resume();
        resolve(String(res.headers['stripe-mock-version'] ?? ''));
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve(undefined));
    });
    if (header) return;
    if (header === '') throw new Error(`something other than stripe-mock answers HTTP on ${HOST}:${port}`);
    if (Date.now() > deadline) throw new Error(`stripe-mock did not answer on ${HOST}:${port} within ${timeoutMs} ms`);
    await delay(100);
  }
}

async function stopChild(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
}

function findOnPath(binary: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, binary))) return path.join(dir, binary);
  }
  return undefined;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
