import { loadConfig } from '../../src/config';
import { createDb } from '../../src/store/db';
import { activityDeps } from '../../workers/deps';
import { startWorker } from '../../workers/worker';

// A worker in a process of its own, so a test can kill it with SIGKILL mid-workflow.
// Env: DATABASE_URL, TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE, TEMPORAL_TASK_QUEUE, OUTBOUND_*, AUDIT_*.
async function main() {
  const config = loadConfig(process.env);
  const db = createDb({ url: config.database.url! });
  await startWorker({
    target: { address: config.temporal.address!, namespace: config.temporal.namespace },
    taskQueue: config.temporal.taskQueue,
    deps: activityDeps(config, db),
  });
  process.stdout.write('ready\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
