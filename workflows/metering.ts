import { proxyLocalActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities';

// Metering must complete even if Postgres is briefly down: retried for a long time, idempotent per workflow.
// A local activity: one short write, run by the worker inside the workflow task, with no extra round trip
// through the Temporal server on every metered call (backoffs past a minute become durable timers).
const { settleUsage, releaseUsage, refundUsage } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', maximumAttempts: 200 },
});

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

/**
 * A metered call that is a single registry read (find-tools, resolve without discovery): its usage event
 * was recorded when the API admitted the call (services/metered-calls.ts), so the workflow is the read
 * alone, one local activity. If the read fails, the recorded event is taken back.
 */
export async function meteredRead<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    await refundUsage(workflowInfo().workflowId);
    throw err;
  }
}
