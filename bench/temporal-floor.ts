import { Client } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';

export type FloorWorkflow = 'emptyWorkflow' | 'oneLocalActivityWorkflow';

export interface TemporalFloor {
  /** `connections` callers starting and awaiting `workflow` back to back for `durationS` seconds: every latency in ms. */
  measure(workflow: FloorWorkflow, connections: number, durationS: number): Promise<number[]>;
  stop(): Promise<void>;
}

/**
 * The floor under every metered primitive on this machine: an empty workflow, and one with a single no-op
 * local activity (the least a primitive that reads Postgres needs), started and awaited the way the API
 * does (client on the worker's connection, eager start), without HTTP or Postgres, in this process. The
 * primitives' figures are read against it, measured in the same run on the same dev server.
 */
export async function startTemporalFloor(address: string, namespace: string): Promise<TemporalFloor> {
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
  const call = (workflow: FloorWorkflow) => async () => {
    const handle = await client.workflow.start(workflow, { taskQueue, workflowId: `${taskQueue}-${n++}`, requestEagerStart: true });
    await handle.result();
  };
  return {
    measure: (workflow, connections, durationS) => loop(connections, durationS, call(workflow)),
    async stop() {
      worker.shutdown();
      await running;
      await connection.close();
    },
  };
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
