import { proxyLocalActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities';

// Metering must complete even if Postgres is briefly down: retried for a long time, idempotent per workflow.
// A local activity: one short write, run by the worker inside the workflow task, with no extra round trip
// through the Temporal server on every metered call (backoffs past a minute become durable timers).
const { settleUsage, releaseUsage } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', maximumAttempts: 200 },
});
// A read and its settlement in one step: retried like the reads it wraps; if it gives up, the call is refunded.
const { settledRead } = proxyLocalActivities<Activities>({ startToCloseTimeout: '30 seconds', retry: { maximumAttempts: 5 } });

/**
 * Runs a metered primitive's work, then records its usage event (exactly once, keyed by this workflow's
 * id) or, if the work failed, gives the reservation back. Anonymous trial calls hold no reservation, so
 * settling records nothing for them.
 */
export async function metered<T>(work: () => Promise<T>, productId?: (result: T) => string | undefined): Promise<T> {
  const { workflowId } = workflowInfo();
  let result: T;
  try {
    result = await work();
  } catch (err) {
    await releaseUsage(workflowId);
    throw err;
  }
  await settleUsage({ workflowId, productId: productId?.(result) });
  return result;
}

type Reads = Pick<Activities, 'findTools' | 'resolveTask'>;

/** A metered call that is a single registry read: read and usage event in one local activity (see settledRead). */
export async function meteredRead<K extends keyof Reads>(read: K, args: Parameters<Reads[K]>[0]): Promise<Awaited<ReturnType<Reads[K]>>> {
  const { workflowId } = workflowInfo();
  try {
    return (await settledRead({ workflowId, read, args })) as Awaited<ReturnType<Reads[K]>>;
  } catch (err) {
    await releaseUsage(workflowId);
    throw err;
  }
}
