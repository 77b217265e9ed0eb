import { loadConfigOrExit } from '../src/config';
import { startMetricsServer } from '../src/observability/metrics-server';
import { freePort } from '../src/runtime/free-port';
import { createLogger } from '../src/logger';
import { startTracing } from '../src/observability/tracing';
import { onShutdown } from '../src/runtime/shutdown';
import { createDb } from '../src/store/db';
import { createTemporalClient } from '../src/temporal/connection';
import { ensureSchedules } from '../src/temporal/schedules';
import { taskQueues } from '../src/temporal/task-queues';
import { activityDeps } from './deps';
import { startWorker } from './worker';

/** `npm run start:worker`: a worker against external Postgres and Temporal; it also keeps schedules current. */
async function main() {
  const config = loadConfigOrExit();
  const tracing = startTracing(config, 'agentdex-worker');
  const logger = createLogger(config.logLevel, 'agentdex-worker');
  if (!config.database.url || !config.temporal.address) {
    throw new Error('start:worker needs DATABASE_URL and TEMPORAL_ADDRESS (use `npm start` for the embedded runtime)');
  }
  const db = createDb({ url: config.database.url, poolMax: config.database.poolMax, acquireTimeoutMs: config.database.acquireTimeoutMs, logger });
  const target = { ...config.temporal, address: config.temporal.address };
  const queues = taskQueues(config.temporal.taskQueue);
  const temporal = createTemporalClient(target);
  await ensureSchedules(temporal.client, config, queues.primitives);
  // With WORKER_METRICS_PORT, the SDK's exporter binds a loopback port of its own and ours serves both.
  const sdkMetricsPort = config.workerMetricsPort ? await freePort() : undefined;
  const sdkMetricsAddress = sdkMetricsPort ? `127.0.0.1:${sdkMetricsPort}` : undefined;
  const worker = await startWorker({ target, taskQueue: queues.primitives, deps: activityDeps(config, db), sdkMetricsAddress, tracing });
  const metrics = config.workerMetricsPort
    ? await startMetricsServer({ port: config.workerMetricsPort, sdkMetricsUrl: `http://${sdkMetricsAddress}/metrics` })
    : undefined;
  logger.info({ taskQueue: queues.primitives, metricsPort: metrics?.port }, 'worker running');
  onShutdown(logger, [
    ['metrics', async () => metrics?.close()],
    ['worker', () => worker.stop()],
    ['temporal client', () => temporal.connection.close()],
    ['database pool', () => db.destroy()],
    ['traces', async () => tracing?.shutdown()],
  ]);
}

main().catch((err) => {
  console.error(`agentdex worker failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
