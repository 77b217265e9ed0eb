import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { RecentOutput } from '../../src/runtime/recent-output';

/**
 * One process a proof starts, SIGKILLs and starts again at will (an API, a worker, a Temporal service): its
 * output appended to a log file and its last lines kept for failure messages; killed if the proof's own
 * process exits while it runs.
 */
export interface ChildService {
  readonly name: string;
  /** Current pid; undefined while stopped. */
  readonly pid: number | undefined;
  /** How many times it was started. */
  readonly starts: number;
  /** Starts it and resolves once it is ready; throws with its last lines if it exits or is not ready in time. */
  start(): Promise<void>;
  /** SIGKILL (no shutdown hooks: a crash), resolved once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (graceful), SIGKILL after 10 s. */
  stop(): Promise<void>;
  /** The last lines it printed, for failure messages. */
  lastOutput(): string;
}

export interface ChildServiceOptions {
  name: string;
  /** An executable and its arguments, run as a direct child (its pid is the service's own). */
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  logFile: string;
  /**
   * Resolves once a just-started process is ready: `printed()` is what it has printed since it started;
   * `exited` is aborted if it exits meanwhile.
   */
  ready(started: { printed(): string; exited: AbortSignal }): Promise<void>;
  log(line: string): void;
  /** Called before each start: throws to refuse one (its owner is stopping). */
  beforeStart?(): void;
}

const PRINTED_KEPT = 1_000_000;

export function childService(o: ChildServiceOptions): ChildService {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let starts = 0;
  let file: WriteStream | undefined;
  const output = new RecentOutput(400);
  const killOnExit = () => child?.kill('SIGKILL');
  const running = () => !!child && child.exitCode === null && child.signalCode === null;

  const signalAndWait = async (signal: NodeJS.Signals, graceMs: number) => {
    const proc = child;
    if (!proc || !running()) return;
    proc.kill(signal);
    const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };

  return {
    name: o.name,
    get pid() {
      return running() ? child?.pid : undefined;
    },
    get starts() {
      return starts;
    },
    async start() {
      o.beforeStart?.();
      if (running()) throw new Error(`${o.name} is already running (pid ${child?.pid})`);
      const began = Date.now();
      file ??= createWriteStream(o.logFile, { flags: 'a' });
      const proc = spawn(o.command, o.args, { env: o.env, stdio: ['ignore', 'pipe', 'pipe'] });
      child = proc;
      starts++;
      let printed = '';
      const onData = (d: Buffer) => {
        output.push(d);
        file?.write(d);
        if (printed.length < PRINTED_KEPT) printed += d.toString();
      };
      proc.stdout?.on('data', onData);
      proc.stderr?.on('data', onData);
      process.on('exit', killOnExit);
      const gone = new AbortController();
      exited = new Promise((resolve) =>
        proc.once('exit', () => {
          process.removeListener('exit', killOnExit);
          gone.abort();
          resolve();
        }),
      );
      try {
        await o.ready({ printed: () => printed, exited: gone.signal });
      } catch (err) {
        const why = gone.signal.aborted ? `exited during start-up (${proc.exitCode ?? proc.signalCode})` : (err as Error).message;
        await signalAndWait('SIGKILL', 0);
        throw new Error(`${o.name} not ready: ${why}; its last lines:\n${output.last(20)}`);
      }
      o.log(`${o.name} started (pid ${proc.pid}, start ${starts}, ${Date.now() - began} ms)`);
    },
    async kill() {
      const pid = child?.pid;
      await signalAndWait('SIGKILL', 0);
      o.log(`${o.name} killed with SIGKILL (pid ${pid})`);
    },
    async stop() {
      await signalAndWait('SIGTERM', 10_000);
      file?.end();
      file = undefined;
    },
    lastOutput: () => output.last(20),
  };
}

/** Polls `check` every 100 ms until it holds; throws after `timeoutMs`, or at once when `exited` is aborted. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs: number, exited: AbortSignal): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (exited.aborted) throw new Error(`stopped waiting for ${what}`);
    if (Date.now() > deadline) throw new Error(`${what} not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
