import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { configuredOutbound } from '../src/net/configured';
import { listen } from '../src/runtime/http-server';
import { createDb } from '../src/store/db';
import { clientOnWorkerConnection } from '../src/temporal/connection';
import { taskQueues } from '../src/temporal/task-queues';
import { activityDeps } from '../workers/deps';
import { startWorker } from '../workers/worker';

/**
 * The primitives benchmark's server process: the real API and a worker, as `npm start` runs them, against
 * the benchmark's Postgres and Temporal. Env: BENCH_DATABASE_URL, TEMPORAL_ADDRESS, API_PORT.
 */
async function main() {
  const env = process.env;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PORT: env.API_PORT,
    PUBLIC_BASE_URL: 'http://bench.local',
    TEMPORAL_ADDRESS: env.TEMPORAL_ADDRESS,
    TEMPORAL_TASK_QUEUE: 'bench-primitives',
  });
  const db = createDb({ url: env.BENCH_DATABASE_URL!, poolMax: 20 });
  const target = { ...config.temporal, address: env.TEMPORAL_ADDRESS! };
  const worker = await startWorker({ target, taskQueue: taskQueues(config.temporal.taskQueue).primitives, deps: activityDeps(config, db) });
  const temporal = clientOnWorkerConnection(worker.connection, target.namespace); // as npm start runs them
  await listen(createApp({ config, db, temporal, logger: createLogger('silent'), outbound: configuredOutbound(config) }), '127.0.0.1', Number(env.API_PORT));
  process.send?.('ready');
  // A plain exit on SIGTERM, so a CPU profile (BENCH_CPU_PROFILE) is written.
  process.once('SIGTERM', () => process.exit(0));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
