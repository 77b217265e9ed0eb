import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { Connection } from '@temporalio/client';
import { freePort, waitForPort } from '../../src/runtime/free-port';
import { RecentOutput } from '../../src/runtime/recent-output';
import { type ChildService, childService, until } from './child-service';

/**
 * A real multi-process Temporal server cluster on loopback, for proofs that kill and restart single
 * services: the `server` binary (go.temporal.io/server, no Docker) run once per service, each process with
 * its own config file and ports, all persisting to Postgres. Two history processes share the history
 * service; the processes find one another through Postgres's cluster_membership table (ringpop seeds), so
 * a killed history's shards move to the other one and come back when it returns.
 */
export interface TemporalClusterOptions {
  /** A Postgres superuser URL; the cluster creates and sets up databases `temporal` and `temporal_visibility` there. */
  postgresUrl: string;
  /** Config files and each service's log (logs/temporal-<service>.log) go here. */
  dir: string;
  log?: (line: string) => void;
}

export type ClusterService = 'frontend' | 'history-1' | 'history-2' | 'matching' | 'worker';

/** One Temporal service's process (bench/prove/child-service.ts), named by its service. */
export interface ClusterProcess extends ChildService {
  readonly name: ClusterService;
}

export interface TemporalCluster {
  /** host:port of the frontend's gRPC, e.g. 127.0.0.1:7233-like free port */
  address: string;
  namespace: string;
  services: Record<ClusterService, ClusterProcess>;
  stop(): Promise<void>;
}

const NAMESPACE = 'default';
const HOST = '127.0.0.1';
/** Shards of the history service, split between the two history processes. */
const HISTORY_SHARDS = 4;
/** Start order: history first (the others route to it), the worker service last (it is a frontend client). */
const START_ORDER: ClusterService[] = ['history-1', 'history-2', 'matching', 'frontend', 'worker'];
const START_TIMEOUT_MS = 90_000;

export async function startTemporalCluster(o: TemporalClusterOptions): Promise<TemporalCluster> {
  const log = o.log ?? (() => undefined);
  const bins = locateBinaries();
  const logsDir = path.join(o.dir, 'logs');
  mkdirSync(logsDir, { recursive: true });
  chmodSync(o.dir, 0o755); // the caller may share the directory with a Postgres run as `postgres`

  const started: ClusterProcess[] = [];
  let stopping: Promise<void> | undefined;
  const stop = () => {
    // Reverse start order: the worker service and frontend go before the services they call.
    stopping ??= (async () => {
      for (const p of [...started].reverse()) await p.stop().catch((err) => log(`stopping temporal ${p.name} failed: ${String(err)}`));
    })();
    return stopping;
  };

  /** Set while a step whose failure the process's own log explains (its start errors carry it already). */
  let explainedBy: ClusterProcess | undefined;
  try {
    const began = Date.now();
    const pg = parsePostgresUrl(o.postgresUrl);
    await setUpDatabases(bins, pg, log);
    log(`temporal: databases ready (${Date.now() - began} ms)`);

    const ports = await pickPorts();
    const address = `${HOST}:${ports.frontend.grpc}`;
    const dynamicConfigFile = path.join(o.dir, 'temporal-dynamicconfig.yaml');
    writeFileSync(dynamicConfigFile, dynamicConfigYaml());
    const services = {} as Record<ClusterService, ClusterProcess>;
    for (const name of START_ORDER) {
      const configFile = path.join(o.dir, `temporal-${name}.yaml`);
      // 0600: the file holds the Postgres password.
      writeFileSync(configFile, serverConfigYaml({ name, ports, pg, frontendAddress: address, dynamicConfigFile }), { mode: 0o600 });
      services[name] = clusterProcess({ name, serverBin: bins.server, configFile, grpcPort: ports[name].grpc, frontendAddress: address, logsDir, log });
    }
    for (const name of START_ORDER) {
      started.push(services[name]);
      await services[name].start();
    }
    explainedBy = services.frontend; // a namespace that never becomes usable is the frontend's story to tell
    await registerNamespace(address, log);
    explainedBy = undefined;
    // A port opens before membership joins; a service that died since (say, a failed heartbeat) shows here.
    for (const name of START_ORDER) {
      explainedBy = services[name];
      if (!services[name].pid) throw new Error(`temporal ${name} exited after start-up`);
    }
    explainedBy = undefined;
    log(`temporal: cluster ready at ${address} in ${Date.now() - began} ms`);
    return { address, namespace: NAMESPACE, services, stop };
  } catch (err) {
    await stop();
    const tail = explainedBy ? `\ntemporal ${explainedBy.name}'s last lines:\n${explainedBy.lastOutput()}` : '';
    throw new Error(`starting the Temporal cluster failed: ${err instanceof Error ? err.message : String(err)}${tail}`);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Binaries and schema

interface Binaries {
  server: string;
  sql: string;
  /** The module's schema/postgresql/v12 directory matching the server's version (for update-schema). */
  schemaDir: string;
}

const BUILD_HINT =
  'Build them with `go install go.temporal.io/server/cmd/server@v1.30.4` and ' +
  '`go install go.temporal.io/server/cmd/tools/sql@v1.30.4`, or point TEMPORAL_SERVER_BIN / TEMPORAL_SQL_BIN at them.';

function locateBinaries(): Binaries {
  const { gopath, gomodcache } = goEnv();
  const server = process.env.TEMPORAL_SERVER_BIN ?? path.join(gopath, 'bin', 'server');
  const sql = process.env.TEMPORAL_SQL_BIN ?? path.join(gopath, 'bin', 'sql');
  for (const [what, file] of [
    ['Temporal server', server],
    ['Temporal sql tool', sql],
  ]) {
    if (!existsSync(file)) throw new Error(`the ${what} binary is missing at ${file}. ${BUILD_HINT}`);
  }
  // The schema must be the one of the binary's own version: `server --version` prints e.g. "temporal version 1.30.4".
  const version = /(\d+\.\d+\.\d+)/.exec(execFileSync(server, ['--version'], { encoding: 'utf8' }))?.[1];
  const schemaDir = process.env.TEMPORAL_SCHEMA_DIR ?? path.join(gomodcache, 'go.temporal.io', `server@v${version}`, 'schema', 'postgresql', 'v12');
  if (!existsSync(path.join(schemaDir, 'temporal', 'versioned'))) {
    throw new Error(`the Temporal schema for server ${version} is missing at ${schemaDir} (the go install above puts it there, or set TEMPORAL_SCHEMA_DIR)`);
  }
  return { server, sql, schemaDir };
}

/** `go env GOPATH GOMODCACHE`, or their defaults when Go itself is not on PATH (binaries copied in). */
function goEnv(): { gopath: string; gomodcache: string } {
  try {
    const [gopath, gomodcache] = execFileSync('go', ['env', 'GOPATH', 'GOMODCACHE'], { encoding: 'utf8' }).trim().split('\n');
    if (gopath && gomodcache) return { gopath: gopath.split(path.delimiter)[0], gomodcache };
  } catch {
    // no Go toolchain: fall through
  }
  const gopath = (process.env.GOPATH ?? path.join(os.homedir(), 'go')).split(path.delimiter)[0];
  return { gopath, gomodcache: process.env.GOMODCACHE ?? path.join(gopath, 'pkg', 'mod') };
}

interface PostgresTarget {
  host: string;
  port: number;
  user: string;
  password: string;
  /** The database of the URL: the sql tool connects there to create the others. */
  adminDatabase: string;
}

function parsePostgresUrl(url: string): PostgresTarget {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    adminDatabase: decodeURIComponent(u.pathname.slice(1)) || 'postgres',
  };
}

/** create-database, setup-schema -v 0.0 (the version table), update-schema to the module's latest. */
async function setUpDatabases(bins: Binaries, pg: PostgresTarget, log: (line: string) => void): Promise<void> {
  for (const [database, schema] of [
    ['temporal', 'temporal'],
    ['temporal_visibility', 'visibility'],
  ]) {
    const sql = (...args: string[]) => runSqlTool(bins.sql, pg, database, args);
    // A database left by an earlier run (a persistent Postgres) is fine: the schema steps below are idempotent.
    await sql('create-database', '--defaultdb', pg.adminDatabase).catch((err: Error) => {
      if (!/already exists/i.test(err.message)) throw err;
    });
    await sql('setup-schema', '-v', '0.0');
    await sql('update-schema', '-d', path.join(bins.schemaDir, schema, 'versioned'));
    log(`temporal: database ${database} set up`);
  }
}

async function runSqlTool(sqlBin: string, pg: PostgresTarget, database: string, args: string[]): Promise<void> {
  // The password goes by environment, not argv, so it stays out of `ps`.
  const env = { ...process.env, SQL_PASSWORD: pg.password };
  const global = ['--plugin', 'postgres12', '--ep', pg.host, '-p', String(pg.port), '-u', pg.user, '--db', database];
  try {
    await promisify(execFile)(sqlBin, [...global, ...args], { env, timeout: 120_000 });
  } catch (err) {
    const e = err as Error & { stdout?: string; stderr?: string };
    throw new Error(`temporal sql ${args[0]} on ${database} failed: ${e.message}\n${lastLines(`${e.stdout ?? ''}\n${e.stderr ?? ''}`)}`);
  }
}

function lastLines(text: string, n = 12): string {
  const out = new RecentOutput(n);
  out.push(`${text}\n`);
  return out.last(n);
}

// ---------------------------------------------------------------------------------------------------------
// Config files

type Ports = Record<ClusterService, { grpc: number; membership: number }>;

async function pickPorts(): Promise<Ports> {
  const ports = {} as Ports;
  const taken = new Set<number>();
  // freePort() may hand the same port out twice (each listener is closed before the next call).
  const unique = async (pick: () => Promise<number>) => {
    for (;;) {
      const p = await pick();
      if (!taken.has(p)) {
        taken.add(p);
        return p;
      }
    }
  };
  for (const name of START_ORDER) ports[name] = { grpc: await unique(() => freePort()), membership: await unique(freeLowPort) };
  return ports;
}

/**
 * A free port below 32768: cluster_membership.rpc_port is a Postgres smallint, so a membership port from
 * the kernel's ephemeral range (32768 and up, what freePort() returns) fails the first heartbeat.
 */
async function freeLowPort(): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
  throw new Error('no free port between 20000 and 32000 for Temporal membership');
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

/** The `services:` key of the server (both history processes run the `history` service). */
const serviceOf = (name: ClusterService) => (name.startsWith('history') ? 'history' : name);

/**
 * One process's config, following config/development-postgres12.yaml. Written as JSON, which YAML reads
 * as is. The other processes' gRPC addresses come from membership, which seeds from Postgres's
 * cluster_membership table (each process heartbeats its row there).
 */
function serverConfigYaml(c: { name: ClusterService; ports: Ports; pg: PostgresTarget; frontendAddress: string; dynamicConfigFile: string }): string {
  const store = (databaseName: string, maxConns: number) => ({
    sql: {
      pluginName: 'postgres12',
      databaseName,
      connectAddr: `${c.pg.host}:${c.pg.port}`,
      connectProtocol: 'tcp',
      user: c.pg.user,
      password: c.pg.password,
      maxConns,
      maxIdleConns: maxConns,
      maxConnLifetime: '1h',
    },
  });
  const config = {
    log: { stdout: true, level: 'info' },
    persistence: {
      defaultStore: 'postgres-default',
      visibilityStore: 'postgres-visibility',
      // Every process must agree on this; it is fixed for the life of the database.
      numHistoryShards: HISTORY_SHARDS,
      datastores: {
        'postgres-default': store('temporal', 10),
        'postgres-visibility': store('temporal_visibility', 4),
      },
    },
    global: {
      // A short join: the first process starts alone instead of waiting 30 s for a ring that is not there.
      membership: { maxJoinDuration: '5s', broadcastAddress: HOST },
    },
    services: servicesSection(c.name, c.ports),
    clusterMetadata: {
      enableGlobalNamespace: false,
      failoverVersionIncrement: 10,
      masterClusterName: 'active',
      currentClusterName: 'active',
      clusterInformation: {
        active: { enabled: true, initialFailoverVersion: 1, rpcName: 'frontend', rpcAddress: c.frontendAddress },
      },
    },
    dcRedirectionPolicy: { policy: 'noop' },
    // The worker service (and history's callbacks) reach the frontend here rather than by membership.
    publicClient: { hostPort: c.frontendAddress },
    dynamicConfigClient: { filepath: c.dynamicConfigFile, pollInterval: '10s' },
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/**
 * Every service must be listed (membership keeps a ring only for the services it finds here), the
 * process's own with its own ports; a process starts only the service named by --service. The history
 * entry is this process's history ports for history-1/-2 and history-1's elsewhere (the others learn a
 * member's gRPC port from its ring label, not from here).
 */
function servicesSection(name: ClusterService, ports: Ports) {
  const rpc = (p: ClusterService) => ({ rpc: { grpcPort: ports[p].grpc, membershipPort: ports[p].membership, bindOnIP: HOST } });
  return {
    frontend: rpc('frontend'),
    history: rpc(name === 'history-2' ? 'history-2' : 'history-1'),
    matching: rpc('matching'),
    worker: rpc('worker'),
  };
}

/** Kept minimal: new search attributes visible at once (as in the development config). */
function dynamicConfigYaml(): string {
  return ['system.forceSearchAttributesCacheRefreshOnRead:', '  - value: true', '    constraints: {}', ''].join('\n');
}

// ---------------------------------------------------------------------------------------------------------
// Processes

function clusterProcess(c: {
  name: ClusterService;
  serverBin: string;
  configFile: string;
  grpcPort: number;
  frontendAddress: string;
  logsDir: string;
  log: (line: string) => void;
}): ClusterProcess {
  // The worker service serves no gRPC (its port only names it in membership): it is up once it says so.
  const readyLine = c.name === 'worker' ? 'worker service started' : MEMBERSHIP_JOINED;
  const service = childService({
    name: c.name,
    command: c.serverBin,
    args: ['--config-file', c.configFile, '--allow-no-auth', 'start', '--service', serviceOf(c.name)],
    logFile: path.join(c.logsDir, `temporal-${c.name}.log`),
    log: (line) => c.log(`temporal ${line}`),
    async ready({ printed, exited }) {
      const began = Date.now();
      const left = () => START_TIMEOUT_MS - (Date.now() - began);
      if (c.name !== 'worker') await waitForPort(HOST, c.grpcPort, START_TIMEOUT_MS, exited);
      // The port opens before the process joins membership; until then no other service routes to it.
      await until(() => printed().includes(readyLine), `"${readyLine}"`, left(), exited);
      // The frontend's port opens before it can serve: wait until it answers a real call.
      if (c.name === 'frontend') await untilFrontendAnswers(c.frontendAddress, left(), exited);
    },
  });
  return service as ClusterProcess;
}

/** Logged by every service once its row is in cluster_membership and it has bootstrapped its ring. */
const MEMBERSHIP_JOINED = 'Membership heartbeat upserted successfully';

/** Polls the frontend's getSystemInfo until it answers. */
async function untilFrontendAnswers(address: string, timeoutMs: number, signal: AbortSignal): Promise<void> {
  await untilAnswers(address, timeoutMs, signal, 'getSystemInfo', (conn) => conn.workflowService.getSystemInfo({}));
}

/**
 * Calls `call` on a fresh connection until it resolves (a few seconds per try), and throws the last error
 * after timeoutMs. A connection per try: a first connect to a port that is not yet serving can fail.
 */
async function untilAnswers(
  address: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  what: string,
  call: (conn: Connection) => Promise<unknown>,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline && !signal?.aborted) {
    let conn: Connection | undefined;
    try {
      conn = await Connection.connect({ address, connectTimeout: 5_000 });
      await conn.withDeadline(Date.now() + 5_000, () => call(conn as Connection));
      return;
    } catch (err) {
      last = err;
    } finally {
      await conn?.close().catch(() => undefined);
    }
    await delay(500);
  }
  if (signal?.aborted) throw new Error(`stopped waiting for ${what}`);
  throw new Error(`${what} did not answer within ${timeoutMs} ms: ${last instanceof Error ? last.message : String(last)}`);
}

type RegisterNamespaceRequest = Parameters<Connection['workflowService']['registerNamespace']>[0];
/** int64 fields are typed as Long, but protobufjs encodes a plain number as well. */
const ONE_DAY = { seconds: 86_400 } as unknown as NonNullable<RegisterNamespaceRequest['workflowExecutionRetentionPeriod']>;

/** gRPC's ALREADY_EXISTS. */
const ALREADY_EXISTS = 6;

/**
 * Registers `default` (retention 1 day), then waits until it is usable: describeNamespace reads the
 * database, but listWorkflowExecutions needs the frontend's namespace cache, refreshed every few seconds.
 */
async function registerNamespace(address: string, log: (line: string) => void): Promise<void> {
  const began = Date.now();
  await untilAnswers(address, 60_000, undefined, `registerNamespace ${NAMESPACE}`, async (conn) => {
    try {
      await conn.workflowService.registerNamespace({ namespace: NAMESPACE, workflowExecutionRetentionPeriod: ONE_DAY });
    } catch (err) {
      if ((err as { code?: number }).code !== ALREADY_EXISTS) throw err;
    }
  });
  await untilAnswers(address, 60_000, undefined, `describeNamespace ${NAMESPACE}`, (conn) => conn.workflowService.describeNamespace({ namespace: NAMESPACE }));
  await untilAnswers(address, 60_000, undefined, `listWorkflowExecutions in ${NAMESPACE}`, (conn) =>
    conn.workflowService.listWorkflowExecutions({ namespace: NAMESPACE }),
  );
  log(`temporal: namespace ${NAMESPACE} ready (${Date.now() - began} ms)`);
}
