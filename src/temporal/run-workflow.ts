import { WorkflowExecutionAlreadyStartedError, type Client, type WorkflowHandle } from '@temporalio/client';

export type WorkflowOutcome<T> = { status: 'completed'; result: T; workflowId: string } | { status: 'running'; workflowId: string };

export interface RunWorkflowOptions {
  workflowId: string;
  taskQueue: string;
  args: unknown[];
  /** How long the caller waits for the result before getting `running` back (a 202 for HTTP). */
  waitMs: number;
  /** Ask the server to hand the first workflow task to a worker sharing this client's connection. */
  eagerStart?: boolean;
}

/**
 * Start a workflow under a caller-chosen id and wait for its result up to a deadline.
 *
 * The id is the deduplication key: a second call with the same id (an idempotent retry, or a duplicate
 * arriving while the first still runs) attaches to the existing execution instead of starting another,
 * whether that execution is still running or already completed.
 */
export async function runWorkflow<T>(client: Client, workflowType: string, options: RunWorkflowOptions): Promise<WorkflowOutcome<T>> {
  let handle: WorkflowHandle;
  try {
    handle = await client.workflow.start(workflowType, {
      workflowId: options.workflowId,
      taskQueue: options.taskQueue,
      args: options.args,
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      requestEagerStart: options.eagerStart,
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    handle = client.workflow.getHandle(options.workflowId);
  }
  return waitForResult<T>(handle, options.waitMs);
}

export async function waitForResult<T>(handle: WorkflowHandle, waitMs: number): Promise<WorkflowOutcome<T>> {
  if (waitMs <= 0) return { status: 'running', workflowId: handle.workflowId };
  // The result is a long poll: when the caller stops waiting it is cancelled, not left pending. A pending poll
  // outlives its connection, and the SDK's retry of it throws from a timer once the channel is closed.
  const stop = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), waitMs);
  });
  const result = handle.client.withAbortSignal(stop.signal, () => handle.result() as Promise<T>);
  try {
    const winner = await Promise.race([result.then((value) => ({ value })), deadline]);
    if (winner === 'timeout') {
      result.catch(() => undefined); // the caller will poll; the cancelled call's rejection is expected
      stop.abort();
      return { status: 'running', workflowId: handle.workflowId };
    }
    return { status: 'completed', result: winner.value, workflowId: handle.workflowId };
  } finally {
    clearTimeout(timer);
  }
}
