import { Context } from '@temporalio/activity';
import type { Config } from '../../src/config';
import { nextRetryDelay, type RetryPolicy } from '../../src/domain/watch/retry-schedule';
import { endpointWants, watchWants } from '../../src/domain/watch/subscriptions';
import type { Outbound } from '../../src/net';
import { createSecretBox } from '../../src/services/webhook-secrets';
import type { Db } from '../../src/store/db';
import { findEvent, listUndispatchedEvents, markEventDispatched, type ProductEventRow } from '../../src/store/product-events';
import { attemptedAlready, ensureDeliveries, findDeliveriesForAttempt, subscribersOf } from '../../src/store/webhooks';
import { type AttemptOutcome, attemptOne } from './attempt';

export type { AttemptOutcome } from './attempt';

export interface WebhookActivityDeps {
  db: Db;
  /** The outbound layer deliveries go through: the guard, and redirects not followed. */
  outbound: Outbound;
  webhooks: Config['webhooks'];
  publicBaseUrl: string;
}

export interface DeliveryRef {
  id: string;
  run: number;
}

export interface RoundInput {
  deliveries: DeliveryRef[];
  /** This round's attempt number (1 for the first). */
  attempt: number;
  /** When the first round was made (epoch ms): the retry window counts from it. */
  firstAttemptAt: number;
  policy: RetryPolicy;
  /** In [0,1): spreads the next round's wait (the workflow's deterministic random). */
  random: number;
}

/** A round's outcome: each delivery's, and the ones to try again after `retryInMs`. */
export interface RoundResult {
  outcomes: Record<string, AttemptOutcome>;
  retry: DeliveryRef[];
  retryInMs: number | null;
}

/** Tells Temporal the round is alive; called outside an activity (guard fuzzing drives rounds directly), it does nothing. */
function heartbeat(): void {
  try {
    Context.current().heartbeat();
  } catch {
    // not in an activity
  }
}

/** How many POSTs one round makes at once (an event has one delivery per subscribed endpoint). */
const ROUND_CONCURRENCY = 32;

/**
 * Fan-out and delivery of product events (docs/decisions/watches.md#delivery). Deliveries go in rounds:
 * all of an event's deliveries at once, then the ones that failed, together, after the round's wait. So a
 * healthy event costs one workflow and one activity however many endpoints receive it.
 */
export function webhookActivities(d: WebhookActivityDeps) {
  const box = d.webhooks.secretsKey ? createSecretBox(d.webhooks.secretsKey) : undefined;

  /** One round: every delivery attempted concurrently, the attempt recorded once (a retried activity skips those made). */
  async function round(input: RoundInput): Promise<RoundResult> {
    // A worker without the key retries until it has one (a configuration to fix, not a delivery failure).
    if (!box) throw new Error('WEBHOOK_SECRETS_KEY is not set on this worker: webhook secrets cannot be opened');
    const beat = setInterval(heartbeat, 1_000);
    try {
      const wait = nextRetryDelay(input.policy, input.attempt, Date.now() - input.firstAttemptAt, input.random);
      const rows = new Map(
        (
          await findDeliveriesForAttempt(
            d.db,
            input.deliveries.map((x) => x.id),
          )
        ).map((r) => [r.id, r]),
      );
      const done = await attemptedAlready(d.db, input.deliveries, input.attempt);
      const events = new Map<string, ProductEventRow | undefined>();
      const ctx = { db: d.db, outbound: d.outbound, box, publicBaseUrl: d.publicBaseUrl, timeoutMs: d.webhooks.timeoutMs, windowMs: input.policy.windowMs };
      const outcomes: Record<string, AttemptOutcome> = {};
      const queue = [...input.deliveries];
      const lane = async () => {
        for (let ref = queue.shift(); ref; ref = queue.shift()) {
          const row = rows.get(ref.id);
          if (!row || row.run !== ref.run) {
            outcomes[ref.id] = 'abandoned'; // deleted, or a resend took over
            continue;
          }
          if (done.has(ref.id)) {
            // Made before this activity was retried: its record stands.
            outcomes[ref.id] = row.status === 'delivered' ? 'delivered' : row.status === 'pending' && wait !== null ? 'retry' : 'abandoned';
            continue;
          }
          if (!events.has(row.event_id)) events.set(row.event_id, await findEvent(d.db, row.event_id));
          const event = events.get(row.event_id);
          outcomes[ref.id] = event ? await attemptOne(ctx, row, event, input.attempt, wait) : 'abandoned';
        }
      };
      await Promise.all(Array.from({ length: Math.min(ROUND_CONCURRENCY, input.deliveries.length) }, lane));
      const retry = input.deliveries.filter((x) => outcomes[x.id] === 'retry');
      return { outcomes, retry, retryInMs: retry.length ? wait : null };
    } finally {
      clearInterval(beat);
    }
  }

  return {
    /**
     * An event's deliveries, created (one per enabled endpoint of each workspace watching its product whose
     * watch and endpoint both want it; unique per event and endpoint, so idempotent), marked dispatched, and
     * their first round made.
     */
    async startEventDeliveries(eventId: string): Promise<RoundResult & { policy: RetryPolicy; firstAttemptAt: number }> {
      const policy = d.webhooks.retry;
      const event = await findEvent(d.db, eventId);
      let pending: DeliveryRef[] = [];
      if (event?.product_id) {
        const facts = { type: event.type, data: event.data };
        const targets = (await subscribersOf(d.db, event.product_id)).filter(
          (s) => watchWants({ events: s.watch_events, threshold: s.threshold }, facts) && endpointWants(s.endpoint_events, event.type),
        );
        pending = (await ensureDeliveries(d.db, eventId, targets)).filter((x) => x.status === 'pending').map(({ id, run }) => ({ id, run }));
      }
      await markEventDispatched(d.db, eventId);
      const firstAttemptAt = Date.now();
      if (!pending.length) return { outcomes: {}, retry: [], retryInMs: null, policy, firstAttemptAt };
      return { ...(await round({ deliveries: pending, attempt: 1, firstAttemptAt, policy, random: Math.random() })), policy, firstAttemptAt };
    },

    attemptDeliveries: round,

    /** Events a dead worker left undispatched for a minute or more (the maintenance run starts them again). */
    async listUndispatchedEvents(): Promise<string[]> {
      return listUndispatchedEvents(d.db, new Date(Date.now() - 60_000), 500);
    },
  };
}
