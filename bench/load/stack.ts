import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../src/config';
import { startEmbeddedPostgres } from '../../src/runtime/embedded-postgres';
import { freePort } from '../../src/runtime/free-port';
import { startTemporalDevServer } from '../../src/runtime/temporal-dev-server';
import { loadRegistrySeed } from '../../src/services/registry-seed';
import { createDb, type Db, migrateLatest } from '../../src/store/db';
import { type FixtureWeb, startFixtureWeb } from '../../test/fixture-web/server';
import { type ServiceProcess, startApiProcess, startWorkerProcess } from '../../test/support/service-processes';

/**
 * Agentdex in its production shape on this machine, from scratch: a throwaway embedded Postgres (migrated
 * and seeded), a Temporal dev server, the fixture web, `apis` API processes and one worker process, each
 * a child of its own (so memory is per process). `stop` ends all of it, in reverse order, even after a
 * failed start.
 */
export interface Stack {
  db: Db;
  databaseUrl: string;
  fixtureWeb: FixtureWeb;
  apis: ServiceProcess[];
  worker: ServiceProcess;
  stop(): Promise<void>;
}

export async function startStack(o: { apis: number; log: (line: string) => void; env?: Record<string, string> }): Promise<Stack> {
  const steps: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const step of steps.reverse()) await step().catch((err) => o.log(`stopping: ${String(err)}`));
    steps.length = 0;
  };
  try {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agentdex-load-pg-'));
    chmodSync(dir, 0o755); // as root, Postgres runs as `postgres` and must enter this directory
    steps.push(async () => rmSync(dir, { recursive: true, force: true }));
    const quiet = () => undefined;
    const pg = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false, database: 'agentdex', log: quiet });
    steps.push(() => pg.stop());
    const db = createDb({ url: pg.url, poolMax: 4 });
    steps.push(() => db.destroy());
    await migrateLatest(db);
    await loadRegistrySeed(db);

    const base = loadConfig(process.env);
    const dev = await startTemporalDevServer({
      port: await freePort(),
      namespace: base.temporal.namespace,
      cliPath: base.temporal.cliPath,
      cacheDir: base.cacheDir,
      log: quiet,
    });
    steps.push(() => dev.stop());

    const fixtureWeb = await startFixtureWeb({ genericSites: 30 });
    steps.push(() => fixtureWeb.close());

    const env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PUBLIC_BASE_URL: 'http://agentdex.load',
      DATABASE_URL: pg.url,
      TEMPORAL_ADDRESS: dev.address,
      TEMPORAL_NAMESPACE: base.temporal.namespace,
      TEMPORAL_TASK_QUEUE: `load-${randomBytes(3).toString('hex')}`,
      // Callers are told apart by X-Forwarded-For, as behind a load balancer.
      TRUST_PROXY: 'true',
      OUTBOUND_HOST_MAP: fixtureWeb.hostMapSetting,
      OUTBOUND_ALLOWLIST: fixtureWeb.allowlist.join(','),
      AUDIT_REQUEST_TIMEOUT_MS: '5000',
      // Discovery's outside sources point at names that do not resolve: no call leaves the machine.
      MCP_REGISTRY_URL: 'http://mcp-registry.test',
      SEARCH_PROVIDER_URL: 'http://searx.test',
      PACKAGE_REGISTRY_URL: 'http://npm-registry.test',
      ...o.env,
    };
    const worker = await startWorkerProcess(env);
    steps.push(() => worker.stop());
    const apis: ServiceProcess[] = [];
    for (let i = 0; i < o.apis; i++) {
      const api = await startApiProcess(env);
      steps.push(() => api.stop());
      apis.push(api);
    }
    return { db, databaseUrl: pg.url, fixtureWeb, apis, worker, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
