import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { ParentClosePolicy, proxyActivities, proxyLocalActivities, sleep, startChild, WorkflowIdReusePolicy } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { DeliveryRef, RoundResult } from '../activities/webhooks';
import type { RetryPolicy } from '../src/domain/watch/retry-schedule';

// Postgres may be down for a while: these retry (each is idempotent) until it is back.
const { listUndispatchedEvents } = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});
// A round POSTs up to an event's every endpoint at once, each bounded by the webhook timeout. Rounds are local
// activities: each runs inside a workflow task (the first at the workflow's start, each later one when its
// timer fires), so a round costs Temporal one workflow task and no activity task; the proof's 1,000 events
// a minute, a fifth of their endpoints failing, need that. A worker that dies during a round loses the
// workflow task, which Temporal gives to another worker after its timeout, which runs the round again: the
// attempts already recorded are skipped, the others are sent again under the same id. Retries stay at most
// 10 s apart, so deliveries resume within seconds of Postgres coming back.
const { startEventDeliveries, attemptDeliveries } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '10 seconds' },
});

export interface WebhookDeliveryInput {
  deliveries: DeliveryRef[];
  policy: RetryPolicy;
}

export const dispatchWorkflowId = (eventId: string) => `event-dispatch-${eventId}`;

/**
 * Delivers one product event to every subscribed endpoint: the first round at once, then rounds of the
 * deliveries that failed, each after the wait its round set, until none is left or the retry window is
 * spent. Started by the audit that recorded the event (and by maintenance for any a dead worker left
 * behind); its id is the event's, so an event is dispatched once however often it is started.
 */
export async function dispatchEventWorkflow(eventId: string): Promise<number> {
  const first = await startEventDeliveries(eventId);
  await retryRounds(first, first.policy, first.firstAttemptAt);
  return Object.keys(first.outcomes).length;
}

/** Delivers given deliveries (a test event, a resend: workflow id webhook-delivery-<id>-<run>) in rounds. */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<string> {
  const firstAttemptAt = Date.now();
  const first = await attemptDeliveries({ deliveries: input.deliveries, attempt: 1, firstAttemptAt, policy: input.policy, random: Math.random() });
  const outcomes = await retryRounds(first, input.policy, firstAttemptAt);
  return Object.values(outcomes).join(',');
}

async function retryRounds(first: RoundResult, policy: RetryPolicy, firstAttemptAt: number): Promise<RoundResult['outcomes']> {
  const outcomes = { ...first.outcomes };
  let last = first;
  for (let attempt = 2; last.retry.length && last.retryInMs !== null; attempt++) {
    await sleep(last.retryInMs);
    last = await attemptDeliveries({ deliveries: last.retry, attempt, firstAttemptAt, policy, random: Math.random() });
    Object.assign(outcomes, last.outcomes);
  }
  return outcomes;
}

/** Starts the dispatch of each event, together (the audit workflow, after recording them; maintenance, for strays). */
export async function dispatchEvents(eventIds: string[]): Promise<void> {
  await Promise.all(
    eventIds.map((id) =>
      startOnce(() =>
        startChild(dispatchEventWorkflow, {
          workflowId: dispatchWorkflowId(id),
          args: [id],
          parentClosePolicy: ParentClosePolicy.ABANDON,
          workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
        }),
      ),
    ),
  );
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
