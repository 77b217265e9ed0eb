import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client as PgClient } from 'pg';
import { loadConfig } from '../../src/config';
import { startFixtureWeb, type FixtureWeb } from '../fixture-web/server';
import { startEmbeddedPostgres, type RunningPostgres } from '../../src/runtime/embedded-postgres';
import { freePort } from '../../src/runtime/free-port';
import { startTemporalDevServer, type RunningDevServer } from '../../src/runtime/temporal-dev-server';
import { loadRegistrySeed } from '../../src/services/registry-seed';
import { createDb, migrateLatest, type Db } from '../../src/store/db';
import { createTemporalClient } from '../../src/temporal/connection';
import { activityDeps } from '../../workers/deps';
import { startWorker, type RunningWorker } from '../../workers/worker';
import { recordHistories } from './record-histories';

/**
 * The real dependencies for one test run: a fresh Postgres database (embedded in a temp dir, or a new
 * database on DATABASE_URL's server), a Temporal dev server (or TEMPORAL_ADDRESS), and a worker on a
 * task queue of its own. Started once by the mocha global setup, torn down after.
 */
export interface TestInfra {
  databaseUrl: string;
  temporalAddress: string;
  namespace: string;
  taskQueue: string;
  db: Db;
  worker: RunningWorker;
  fixtureWeb: FixtureWeb;
  /** OUTBOUND_* settings reaching the fixture web (plus one host mapped to a private address, not allowed). */
  outboundEnv: Record<string, string>;
}

let infra: TestInfra | undefined;
let startedAt = new Date();
const teardown: Array<() => Promise<unknown>> = [];

export function getInfra(): TestInfra {
  if (!infra) throw new Error('test infrastructure not started (run through mocha with .mocharc.json)');
  return infra;
}

const log = (m: string) => process.stderr.write(`[test-infra] ${m}\n`);

export async function startInfra(): Promise<void> {
  startedAt = new Date();
  const base = loadConfig(process.env);
  const runId = randomBytes(4).toString('hex');

  let databaseUrl: string;
  if (base.database.url) {
    databaseUrl = await createScratchDatabase(base.database.url, `agentdex_test_${runId}`);
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agentdex-test-pg-'));
    chmodSync(dir, 0o755); // as root, Postgres runs as `postgres` and must enter this directory
    const pg: RunningPostgres = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false, database: 'agentdex', log });
    teardown.push(async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    databaseUrl = pg.url;
  }

  let temporalAddress = base.temporal.address;
  if (!temporalAddress) {
    const dev: RunningDevServer = await startTemporalDevServer({
      port: await freePort(),
      namespace: base.temporal.namespace,
      cliPath: base.temporal.cliPath,
      cacheDir: base.cacheDir,
      log,
    });
    teardown.push(() => dev.stop());
    temporalAddress = dev.address;
  }

  const db = createDb({ url: databaseUrl, poolMax: 20 });
  teardown.push(() => db.destroy());
  await migrateLatest(db);
  await loadRegistrySeed(db);

  const fixtureWeb = await startFixtureWeb({ genericSites: 30 });
  teardown.push(() => fixtureWeb.close());
  const outboundEnv = {
    OUTBOUND_HOST_MAP: `${fixtureWeb.hostMapSetting},evil-private.test=10.0.0.1:80`,
    OUTBOUND_ALLOWLIST: fixtureWeb.allowlist.join(','),
    AUDIT_REQUEST_TIMEOUT_MS: '2000',
    AUDIT_TIMEOUT_MS: '20000',
    MCP_REGISTRY_URL: 'http://mcp-registry.test',
    SEARCH_PROVIDER_URL: 'http://searx.test',
    PACKAGE_REGISTRY_URL: 'http://npm-registry.test',
    // The worker links webhook payloads to product pages at the test app's public address.
    PUBLIC_BASE_URL: 'http://agentdex.test',
    // Webhooks: a key for the run, and retries in milliseconds rather than hours (the schedule is the same).
    WEBHOOK_SECRETS_KEY: randomBytes(32).toString('base64'),
    WEBHOOK_RETRY_FIRST_MS: '200',
    WEBHOOK_RETRY_MAX_MS: '800',
    WEBHOOK_RETRY_WINDOW_MS: '4000',
    WEBHOOK_TIMEOUT_MS: '2000',
  };

  const taskQueue = `agentdex-test-${runId}`;
  const workerConfig = loadConfig({ ...process.env, ...outboundEnv });
  const worker = await startWorker({
    target: { address: temporalAddress, namespace: base.temporal.namespace },
    taskQueue,
    deps: activityDeps(workerConfig, db),
  });
  teardown.push(() => worker.stop());
  infra = { databaseUrl, temporalAddress, namespace: base.temporal.namespace, taskQueue, db, worker, fixtureWeb, outboundEnv };
}

export async function stopInfra(): Promise<void> {
  // `npm run histories:record`: the run's closed workflows become the replay test's histories, read while
  // Temporal is still up.
  if (process.env.RECORD_HISTORIES === '1' && infra) await recordRunHistories(infra).catch((err) => log(`recording histories failed: ${String(err)}`));
  for (const step of teardown.reverse()) {
    await step().catch((err) => log(`teardown step failed: ${String(err)}`));
  }
}

async function recordRunHistories(i: TestInfra): Promise<void> {
  const temporal = createTemporalClient({ address: i.temporalAddress, namespace: i.namespace });
  try {
    const written = await recordHistories({ client: temporal.client, since: startedAt, log });
    log(
      `recorded histories: ${
        Object.entries(written)
          .map(([type, n]) => `${type} ${n}`)
          .join(', ') || 'none'
      }`,
    );
  } finally {
    await temporal.connection.close();
  }
}

/** A new database on an existing server, dropped when the run ends. */
export async function createScratchDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new PgClient({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
  await admin.end();
  teardown.push(async () => {
    const c = new PgClient({ connectionString: serverUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`);
    await c.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
