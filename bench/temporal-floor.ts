import { Client } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';

export interface FloorFigures {
  name: string;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
}

/**
 * The floor under every metered primitive on this machine: an empty workflow, and one with a single no-op
 * local activity (the least a primitive that reads Postgres needs), started and awaited the way the API
 * does (client on the worker's connection, eager start), without HTTP or Postgres. The primitives'
 * figures are read against these, measured in the same run on the same dev server.
 */
export async function measureTemporalFloor(address: string, namespace: string, connections: number[], durationS: number): Promise<FloorFigures[]> {
  Runtime.install({ logger: new DefaultLogger('WARN') }); // this process runs no other worker
  const connection = await NativeConnection.connect({ address });
  const taskQueue = `bench-floor-${Date.now()}`;
  const worker = await Worker.create({
    connection,
    namespace,
    taskQueue,
    workflowsPath: require.resolve('./floor-workflows'),
    activities: { nothing: async () => undefined },
  });
  const running = worker.run();
  const client = new Client({ connection, namespace });
  let n = 0;
  const call = async (workflow: string) => {
    const handle = await client.workflow.start(workflow, { taskQueue, workflowId: `${taskQueue}-${n++}`, requestEagerStart: true });
    await handle.result();
  };
  const figures: FloorFigures[] = [];
  try {
    for (const workflow of ['emptyWorkflow', 'oneLocalActivityWorkflow']) {
      for (const c of connections) {
        await loop(c, 3, () => call(workflow)); // warm-up
        const started = Date.now();
        const latencies = await loop(c, durationS, () => call(workflow));
        const seconds = (Date.now() - started) / 1000;
        latencies.sort((a, b) => a - b);
        const pct = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] * 10) / 10;
        figures.push({
          name: `Temporal floor: ${workflow}`,
          connections: c,
          requests: latencies.length,
          rps: Math.round(latencies.length / seconds),
          p50: pct(50),
          p99: pct(99),
        });
      }
    }
  } finally {
    worker.shutdown();
    await running;
    await connection.close();
  }
  return figures;
}

/** `connections` callers, each calling back to back for `durationS` seconds; returns every latency in ms. */
async function loop(connections: number, durationS: number, call: () => Promise<void>): Promise<number[]> {
  const end = Date.now() + durationS * 1000;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        await call();
        latencies.push(performance.now() - t);
      }
    }),
  );
  return latencies;
}
