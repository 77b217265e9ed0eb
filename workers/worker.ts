import path from 'node:path';
import {
  makeWorkflowExporter,
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
} from '@temporalio/interceptors-opentelemetry/lib/worker';
import { DefaultLogger, NativeConnection, Runtime, Worker, type WorkerOptions as SdkWorkerOptions } from '@temporalio/worker';
import { createActivities, type ActivityDeps } from '../activities';
import { activityMetricsInterceptor } from '../src/observability/activity-metrics';
import { observeUsageSync } from '../src/observability/metrics';
import type { Tracing } from '../src/observability/tracing';
import { rankingIndex } from '../src/services/ranking-index';
import { oldestUnsyncedUsageAt } from '../src/store/billing';
import { connectionSettings, type TemporalTarget } from '../src/temporal/connection';

export const WORKFLOW_BUNDLE_PATH = path.resolve(__dirname, '../workflow-bundle.js');
/** The same workflows with OpenTelemetry's workflow interceptors, for a worker with tracing on. */
export const TRACED_WORKFLOW_BUNDLE_PATH = path.resolve(__dirname, '../workflow-bundle-traced.js');

let runtimeInstalled = false;

export interface WorkerOptions {
  target: TemporalTarget;
  taskQueue: string;
  deps: ActivityDeps;
  logLevel?: 'TRACE' | 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /**
   * Where the Temporal SDK binds its Prometheus exporter (host:port), when this process wants its runtime
   * metrics; only the first worker of a process installs the runtime, so only its setting counts.
   */
  sdkMetricsAddress?: string;
  /** Tracing is on in this process: workflows and activities join their caller's trace. */
  tracing?: Tracing;
}

export interface RunningWorker {
  worker: Worker;
  /** The worker's connection, which an in-process client may share (it is closed when the worker stops). */
  connection: NativeConnection;
  /** Resolves when the worker has drained and stopped. */
  done: Promise<void>;
  stop(): Promise<void>;
}

/**
 * The traced bundle, a span per activity (a child of the workflow's StartActivity span, trace ids on its log
 * lines), and the sink through which the sandboxed workflows hand their spans to this process's exporter.
 */
function tracedWorkflows(tracing: Tracing): Pick<SdkWorkerOptions, 'workflowBundle' | 'interceptors' | 'sinks'> {
  return {
    workflowBundle: { codePath: TRACED_WORKFLOW_BUNDLE_PATH },
    interceptors: {
      activity: [
        activityMetricsInterceptor,
        (ctx) => ({ inbound: new OpenTelemetryActivityInboundInterceptor(ctx), outbound: new OpenTelemetryActivityOutboundInterceptor(ctx) }),
      ],
    },
    sinks: { exporter: makeWorkflowExporter(tracing.spanProcessor, tracing.resource) },
  };
}

/** Connects to Temporal and runs the prebuilt workflow bundle plus our activities on one task queue. */
export async function startWorker(o: WorkerOptions): Promise<RunningWorker> {
  if (!runtimeInstalled) {
    // No signal handlers of the SDK's own: the process owner stops workers in order (see runtime/shutdown).
    Runtime.install({
      logger: new DefaultLogger(o.logLevel ?? 'WARN'),
      shutdownSignals: [],
      ...(o.sdkMetricsAddress ? { telemetryOptions: { metrics: { prometheus: { bindAddress: o.sdkMetricsAddress } } } } : {}),
    });
    runtimeInstalled = true;
  }
  observeUsageSync(() => oldestUnsyncedUsageAt(o.deps.db));
  const connection = await NativeConnection.connect(connectionSettings(o.target));
  const worker = await Worker.create({
    connection,
    namespace: o.target.namespace,
    taskQueue: o.taskQueue,
    activities: createActivities(o.deps),
    ...(o.tracing
      ? tracedWorkflows(o.tracing)
      : { workflowBundle: { codePath: WORKFLOW_BUNDLE_PATH }, interceptors: { activity: [activityMetricsInterceptor] } }),
  });
  // The task-ranking index is built now, in turns, rather than by the first find-tools call (seconds at 100k
  // products); a failure here is retried by that first call.
  void rankingIndex(o.deps.db).catch(() => {});
  const done = worker.run().finally(async () => {
    await connection.close();
    await o.deps.renderer?.close();
  });
  return {
    worker,
    connection,
    done,
    async stop() {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await done;
    },
  };
}
