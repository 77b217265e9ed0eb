import path from 'node:path';
import { configuredOutbound } from './net/configured';
import { createApp } from './app';
import { loadConfigOrExit, type Config } from './config';
import { createLogger, type Logger } from './logger';
import { startTracing, type Tracing } from './observability/tracing';
import { startEmbeddedPostgres } from './runtime/embedded-postgres';
import { freePort } from './runtime/free-port';
import { listen } from './runtime/http-server';
import { assertPortsFree, portUnavailableMessage, type PortNeed } from './runtime/port-check';
import { onShutdown } from './runtime/shutdown';
import { devServerPorts, startTemporalDevServer } from './runtime/temporal-dev-server';
import { ensureLocalWorkspaceKey } from './services/local-workspace';
import { loadRegistrySeed } from './services/registry-seed';
import { createDb, migrateLatest } from './store/db';
import { clientOnWorkerConnection } from './temporal/connection';
import { ensureSchedules } from './temporal/schedules';
import { taskQueues } from './temporal/task-queues';
import { activityDeps } from '../workers/deps';
import { startWorker } from '../workers/worker';
import { embeddedSecretsKey } from './runtime/webhook-secrets-key';

/**
 * `npm start`: everything in one process tree. Postgres and Temporal are embedded unless DATABASE_URL /
 * TEMPORAL_ADDRESS point elsewhere; then migrations, the API and a worker. Data lives under DATA_DIR.
 */
async function main(config: Config, logger: Logger, tracing: Tracing | undefined) {
  const say = (m: string) => process.stdout.write(`${m}\n`);
  // Before anything starts: a clash found later leaves half a start to undo, and a port answered by another
  // installation's server would be taken for ours (two databases sharing one task queue).
  await assertPortsFree(portsNeeded(config));
  const steps: Array<[string, () => Promise<unknown>]> = [];
  const cleanupOnFailure = async () => {
    for (const [, step] of [...steps].reverse()) await step().catch(() => undefined);
  };
  // Start-up waits on one step at a time; a child dying meanwhile must fail the start with its own last
  // words, not leave the step hanging on, or failing vaguely against, a dead dependency.
  const childDeaths: Array<Promise<never>> = [];
  const orChildDies = <T>(step: Promise<T>) => Promise.race([step, ...childDeaths]);
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
      childDeaths.push(pg.died);
      databaseUrl = pg.url;
    }

    let temporalAddress = config.temporal.address;
    let temporalUi: string | undefined;
    if (!temporalAddress) {
      say('Starting the Temporal dev server...');
      const dev = await orChildDies(
        startTemporalDevServer({
          port: config.temporal.devPort,
          uiPort: config.temporal.uiPort,
          settings: { port: 'TEMPORAL_DEV_PORT', uiPort: 'TEMPORAL_UI_PORT' },
          namespace: config.temporal.namespace,
          dbFile: path.join(config.dataDir, 'temporal', 'temporal.db'),
          cliPath: config.temporal.cliPath,
          cacheDir: config.cacheDir,
          log: say,
        }),
      );
      steps.push(['temporal', () => dev.stop()]);
      childDeaths.push(dev.died);
      temporalAddress = dev.address;
      temporalUi = dev.uiUrl;
    }

    const db = createDb({ url: databaseUrl, poolMax: config.database.poolMax, acquireTimeoutMs: config.database.acquireTimeoutMs, logger });
    steps.push(['database pool', () => db.destroy()]);
    const applied = await orChildDies(migrateLatest(db));
    if (applied.length) say(`Applied ${applied.length} migration(s).`);
    const seeded = await orChildDies(loadRegistrySeed(db));
    if (seeded !== 'unchanged') say(`Registry seed: ${seeded.inserted} new, ${seeded.updated} refreshed, ${seeded.keptAudited} kept (audited).`);

    const target = { ...config.temporal, address: temporalAddress };
    const queues = taskQueues(config.temporal.taskQueue);
    // The SDK's runtime metrics exporter binds a loopback port of its own; the API's /metrics serves them too.
    const sdkMetricsAddress = `127.0.0.1:${await freePort()}`;
    const worker = await orChildDies(startWorker({ target, taskQueue: queues.primitives, deps: activityDeps(config, db), sdkMetricsAddress, tracing }));
    steps.push(['worker', () => worker.stop()]);

    // API and worker share this process, so the client rides on the worker's connection (closed with it).
    const temporal = clientOnWorkerConnection(worker.connection, config.temporal.namespace, { traced: !!tracing });
    await orChildDies(ensureSchedules(temporal.client, config, queues.primitives));

    const app = createApp({ config, db, temporal, logger, outbound: configuredOutbound(config), sdkMetricsUrl: `http://${sdkMetricsAddress}/metrics` });
    const server = await orChildDies(listenOnApiPort(app, config));
    steps.push(['http server', () => server.close()]);
    const apiKey = await orChildDies(ensureLocalWorkspaceKey(db, config.dataDir));

    say('');
    say(`Agentdex API      ${config.publicBaseUrl}   (health: ${config.publicBaseUrl}/health)`);
    say(`MCP server        ${config.publicBaseUrl}/mcp   (streamable HTTP; x-api-key header)`);
    if (temporalUi) say(`Temporal UI       ${temporalUi}`);
    else say(`Temporal          ${temporalAddress} (namespace ${config.temporal.namespace})`);
    say(`Local API key     ${apiKey}   (workspace "local"; send it as x-api-key)`);
    say('Press Ctrl-C to stop.');
  } catch (err) {
    await cleanupOnFailure();
    throw err;
  }
  // Stop in reverse order of start: API first, Postgres last; then what traces are still buffered.
  onShutdown(logger, [...[...steps].reverse(), ['traces', async () => tracing?.shutdown()]]);
}

/** Every port this start will bind, each with the variable that moves it; embedded servers only when used. */
function portsNeeded(config: Config): PortNeed[] {
  const needs = [apiPort(config)];
  if (!config.database.url) {
    needs.push({ port: config.database.embeddedPort, host: '127.0.0.1', setting: 'EMBEDDED_PG_PORT', likelyHolder: 'another Agentdex or Postgres' });
  }
  if (!config.temporal.address) {
    const { devPort: port, uiPort } = config.temporal;
    needs.push(...devServerPorts({ port, uiPort, settings: { port: 'TEMPORAL_DEV_PORT', uiPort: 'TEMPORAL_UI_PORT' } }));
  }
  return needs;
}

function apiPort(config: Config): PortNeed {
  return { port: config.port, host: config.host, setting: 'PORT', likelyHolder: 'another Agentdex or web server' };
}

/** The API port was free at the start; if something took it since, say so in the same words. */
async function listenOnApiPort(app: ReturnType<typeof createApp>, config: Config) {
  try {
    return await listen(app, config.host, config.port);
  } catch (err) {
    throw new Error(portUnavailableMessage(apiPort(config), err as NodeJS.ErrnoException));
  }
}

const config = loadConfigOrExit();
config.webhooks.secretsKey ??= embeddedSecretsKey(config.dataDir);
const tracing = startTracing(config, 'agentdex');
const logger = createLogger(config.logLevel);
const fail = (message: string) => {
  console.error(`Agentdex failed to start: ${message}`);
  process.exit(1);
};
// A start-up step whose promise never settles lets the event loop drain, and Node would then end with
// status 0 and no word (embedded Postgres did that once); an unfinished start is a failure.
const stalled = () => fail('start-up stopped before it finished (a step never completed)');
process.once('beforeExit', stalled);
main(config, logger, tracing).then(
  () => process.removeListener('beforeExit', stalled),
  (err) => fail(err instanceof Error ? err.message : String(err)),
);
