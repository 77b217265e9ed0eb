import path from 'node:path';
import { configuredOutbound } from './net/configured';
import { createApp } from './app';
import { loadConfigOrExit, type Config } from './config';
import { createLogger, type Logger } from './logger';
import { startEmbeddedPostgres } from './runtime/embedded-postgres';
import { listen } from './runtime/http-server';
import { onShutdown } from './runtime/shutdown';
import { startTemporalDevServer } from './runtime/temporal-dev-server';
import { ensureLocalWorkspaceKey } from './services/local-workspace';
import { loadRegistrySeed } from './services/registry-seed';
import { createDb, migrateLatest } from './store/db';
import { clientOnWorkerConnection } from './temporal/connection';
import { ensureSchedules } from './temporal/schedules';
import { taskQueues } from './temporal/task-queues';
import { activityDeps } from '../workers/deps';
import { startWorker } from '../workers/worker';

/**
 * `npm start`: everything in one process tree. Postgres and Temporal are embedded unless DATABASE_URL /
 * TEMPORAL_ADDRESS point elsewhere; then migrations, the API and a worker. Data lives under DATA_DIR.
 */
async function main(config: Config, logger: Logger) {
  const say = (m: string) => process.stdout.write(`${m}\n`);
  const steps: Array<[string, () => Promise<unknown>]> = [];
  const cleanupOnFailure = async () => {
    for (const [, step] of [...steps].reverse()) await step().catch(() => undefined);
  };
  try {
    let databaseUrl = config.database.url;
    if (!databaseUrl) {
      say(`Starting embedded Postgres (data in ${path.join(config.dataDir, 'postgres')})...`);
      const pg = await startEmbeddedPostgres({
        dir: path.join(config.dataDir, 'postgres'),
        port: config.database.embeddedPort,
        persistent: true,
        database: 'agentdex',
        log: say,
      });
      steps.push(['postgres', () => pg.stop()]);
      databaseUrl = pg.url;
    }

    let temporalAddress = config.temporal.address;
    let temporalUi: string | undefined;
    if (!temporalAddress) {
      say('Starting the Temporal dev server...');
      const dev = await startTemporalDevServer({
        port: config.temporal.devPort,
        uiPort: config.temporal.uiPort,
        namespace: config.temporal.namespace,
        dbFile: path.join(config.dataDir, 'temporal', 'temporal.db'),
        cliPath: config.temporal.cliPath,
        cacheDir: config.cacheDir,
        log: say,
      });
      steps.push(['temporal', () => dev.stop()]);
      temporalAddress = dev.address;
      temporalUi = dev.uiUrl;
    }

    const db = createDb({ url: databaseUrl, poolMax: config.database.poolMax, acquireTimeoutMs: config.database.acquireTimeoutMs, logger });
    steps.push(['database pool', () => db.destroy()]);
    const applied = await migrateLatest(db);
    if (applied.length) say(`Applied ${applied.length} migration(s).`);
    const seeded = await loadRegistrySeed(db);
    if (seeded !== 'unchanged') say(`Registry seed: ${seeded.inserted} new, ${seeded.updated} refreshed, ${seeded.keptAudited} kept (audited).`);

    const target = { ...config.temporal, address: temporalAddress };
    const queues = taskQueues(config.temporal.taskQueue);
    const worker = await startWorker({ target, taskQueue: queues.primitives, deps: activityDeps(config, db) });
    steps.push(['worker', () => worker.stop()]);

    // API and worker share this process, so the client rides on the worker's connection (closed with it).
    const temporal = clientOnWorkerConnection(worker.connection, config.temporal.namespace);
    await ensureSchedules(temporal.client, config, queues.primitives);

    const server = await listen(createApp({ config, db, temporal, logger, outbound: configuredOutbound(config) }), config.host, config.port);
    steps.push(['http server', () => server.close()]);
    const apiKey = await ensureLocalWorkspaceKey(db, config.dataDir);

    say('');
    say(`Agentdex API      ${config.publicBaseUrl}   (health: ${config.publicBaseUrl}/health)`);
    if (temporalUi) say(`Temporal UI       ${temporalUi}`);
    else say(`Temporal          ${temporalAddress} (namespace ${config.temporal.namespace})`);
    say(`Local API key     ${apiKey}   (workspace "local"; send it as x-api-key)`);
    say('Press Ctrl-C to stop.');
  } catch (err) {
    await cleanupOnFailure();
    throw err;
  }
  // Stop in reverse order of start: API first, Postgres last.
  onShutdown(logger, [...steps].reverse());
}

const config = loadConfigOrExit();
const logger = createLogger(config.logLevel);
main(config, logger).catch((err) => {
  console.error(`Agentdex failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
