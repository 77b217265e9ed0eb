import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { ParentClosePolicy, proxyActivities, sleep, startChild, WorkflowIdReusePolicy } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { RetryPolicy } from '../src/domain/watch/retry-schedule';

// Postgres may be down for a while: these activities retry (each is idempotent) until it is back.
const { fanOutEvent, markEventDispatched, listUndispatchedEvents } = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});
// One attempt's POST is bounded by the webhook timeout; a failed activity (Postgres, a dead worker) retries
// with the same attempt number, so an attempt is recorded once however often it runs.
const { attemptDelivery } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

export interface WebhookDeliveryInput {
  deliveryId: string;
  run: number;
  policy: RetryPolicy;
}

export const dispatchWorkflowId = (eventId: string) => `event-dispatch-${eventId}`;
const deliveryWorkflowId = (deliveryId: string, run: number) => `webhook-delivery-${deliveryId}-${run}`;

/**
 * Delivers one delivery's run: attempt, wait as the activity says, attempt again, until it is delivered,
 * refused for good (410), abandoned, or the retry window is spent. Every attempt carries the event's id.
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<string> {
  const firstAttemptAt = Date.now();
  for (let attempt = 1; ; attempt++) {
    const r = await attemptDelivery({ deliveryId: input.deliveryId, run: input.run, attempt, firstAttemptAt, policy: input.policy, random: Math.random() });
    if (r.outcome !== 'retry' || r.retryInMs === undefined) return r.outcome;
    await sleep(r.retryInMs);
  }
}

/**
 * Turns one product event into its deliveries and starts each one's workflow, which outlives this one.
 * Started by the audit that recorded the event (and by maintenance for any a dead worker left behind);
 * its id is the event's, so an event is dispatched once however often it is started.
 */
export async function dispatchEventWorkflow(eventId: string): Promise<number> {
  const { deliveries, policy } = await fanOutEvent(eventId);
  for (const d of deliveries) {
    await startOnce(() =>
      startChild(webhookDeliveryWorkflow, {
        workflowId: deliveryWorkflowId(d.id, d.run),
        args: [{ deliveryId: d.id, run: d.run, policy }],
        parentClosePolicy: ParentClosePolicy.ABANDON,
        workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      }),
    );
  }
  await markEventDispatched(eventId);
  return deliveries.length;
}

/** Starts the dispatch of each event (the audit workflow, after recording them; maintenance, for strays). */
export async function dispatchEvents(eventIds: string[]): Promise<void> {
  for (const id of eventIds) {
    await startOnce(() =>
      startChild(dispatchEventWorkflow, {
        workflowId: dispatchWorkflowId(id),
        args: [id],
        parentClosePolicy: ParentClosePolicy.ABANDON,
        workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      }),
    );
  }
}

/** Maintenance: dispatches events whose audit's workflow never got to it. */
export async function redispatchStrays(): Promise<number> {
  const ids = await listUndispatchedEvents();
  await dispatchEvents(ids);
  return ids.length;
}

/** A child already started under its id (a replay after a crash, a second dispatch) is the same work. */
async function startOnce(start: () => Promise<unknown>): Promise<void> {
  try {
    await start();
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}
