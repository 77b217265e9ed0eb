import type { Config } from '../../src/config';
import type { WebhookEventType } from '../../src/domain/watch/event-types';
import { webhookPayload } from '../../src/domain/watch/payload';
import { nextRetryDelay, type RetryPolicy } from '../../src/domain/watch/retry-schedule';
import { endpointWants, watchWants } from '../../src/domain/watch/subscriptions';
import type { Outbound } from '../../src/net';
import { createSecretBox } from '../../src/services/webhook-secrets';
import type { Db } from '../../src/store/db';
import { findEvent, listUndispatchedEvents, markEventDispatched, type ProductEventRow } from '../../src/store/product-events';
import {
  abandonDelivery,
  type DeliveryForAttempt,
  disableEndpoint,
  ensureDeliveries,
  findDeliveriesForAttempt,
  recordAttempts,
  subscribersOf,
} from '../../src/store/webhooks';
import { type AttemptOutcome, outcomeOf, type SendResult, sendSigned } from './attempt';

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

/** How many POSTs one round makes at once (an event has one delivery per subscribed endpoint). */
const ROUND_CONCURRENCY = 32;

/** Runs `work` over `items`, `lanes` at a time. */
async function inLanes<T>(items: T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const lane = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}

/**
 * Fan-out and delivery of product events (docs/decisions/watches.md#delivery). Deliveries go in rounds:
 * all of an event's deliveries at once, then the ones that failed, together, after the round's wait. Rounds
 * run as local activities (workflows/webhooks.ts), so a healthy event costs one workflow task however many
 * endpoints receive it.
 */
export function webhookActivities(d: WebhookActivityDeps) {
  const box = d.webhooks.secretsKey ? createSecretBox(d.webhooks.secretsKey) : undefined;

  /**
   * One round: every delivery's POST at once (up to ROUND_CONCURRENCY), then every attempt recorded in one
   * statement. A retried round skips the attempts its first try recorded; one that died between its POSTs
   * and the record sends again under the same id (at least once, never under two ids).
   */
  async function round(input: RoundInput, known?: ProductEventRow): Promise<RoundResult> {
    // A worker without the key retries until it has one (a configuration to fix, not a delivery failure).
    if (!box) throw new Error('WEBHOOK_SECRETS_KEY is not set on this worker: webhook secrets cannot be opened');
    const sending = { outbound: d.outbound, box, timeoutMs: d.webhooks.timeoutMs };
    const wait = nextRetryDelay(input.policy, input.attempt, Date.now() - input.firstAttemptAt, input.random);
    const ids = input.deliveries.map((x) => x.id);
    const rows = new Map((await findDeliveriesForAttempt(d.db, ids, input.attempt)).map((r) => [r.id, r]));
    const outcomes: Record<string, AttemptOutcome> = {};
    const toSend: DeliveryForAttempt[] = [];
    for (const ref of input.deliveries) {
      const row = rows.get(ref.id);
      if (!row || row.run !== ref.run)
        outcomes[ref.id] = 'abandoned'; // deleted, or a resend took over
      else if (row.attempted) {
        // Made before this activity was retried: its record stands.
        outcomes[ref.id] = row.status === 'delivered' ? 'delivered' : row.status === 'pending' && wait !== null ? 'retry' : 'abandoned';
      } else if (row.status === 'delivered') outcomes[ref.id] = 'delivered';
      else if (!row.enabled) {
        await abandonDelivery(d.db, row.id, row.run, 'endpoint disabled');
        outcomes[ref.id] = 'abandoned';
      } else toSend.push(row);
    }

    const bodies = await payloadsOf(new Set(toSend.map((r) => r.event_id)), known);
    const sent: Array<{ row: DeliveryForAttempt; result: SendResult }> = [];
    await inLanes(toSend, ROUND_CONCURRENCY, async (row) => {
      const body = bodies.get(row.event_id);
      if (body === undefined)
        outcomes[row.id] = 'abandoned'; // the event is gone
      else sent.push({ row, result: await sendSigned(sending, row, row.event_id, body) });
    });

    const now = Date.now();
    const recorded = await recordAttempts(
      d.db,
      sent.map(({ row, result }) => {
        const outcome = outcomeOf(result, wait);
        return {
          deliveryId: row.id,
          run: row.run,
          attempt: input.attempt,
          ...result,
          status: outcome === 'delivered' ? 'delivered' : outcome === 'retry' ? 'pending' : 'failed',
          nextAttemptAt: outcome === 'retry' ? new Date(now + (wait as number)) : null,
        } as const;
      }),
    );
    const disabled = new Set<string>();
    for (const { row, result } of sent) {
      const outcome = recorded.has(row.id) ? outcomeOf(result, wait) : 'abandoned'; // deleted during the POST
      outcomes[row.id] = outcome;
      if ((outcome === 'gone' || outcome === 'exhausted') && !disabled.has(row.endpoint_id)) {
        disabled.add(row.endpoint_id);
        const reason =
          outcome === 'gone'
            ? `answered 410 Gone to delivery ${row.id}`
            : `every attempt failed for ${Math.round(input.policy.windowMs / 3_600_000)} h (last: ${result.error})`;
        await disableEndpoint(d.db, row.endpoint_id, reason);
      }
    }
    const retry = input.deliveries.filter((x) => outcomes[x.id] === 'retry');
    return { outcomes, retry, retryInMs: retry.length ? wait : null };
  }

  /**
   * Each event's payload, serialised once for all its endpoints; absent for an event deleted meanwhile.
   * `known` is an event the caller has just read (the first round's), not read again.
   */
  async function payloadsOf(eventIds: Set<string>, known?: ProductEventRow): Promise<Map<string, string>> {
    const bodies = new Map<string, string>();
    for (const id of eventIds) {
      const event = known?.id === id ? known : await findEvent(d.db, id);
      if (event) bodies.set(id, JSON.stringify(webhookPayload({ ...event, type: event.type as WebhookEventType }, d.publicBaseUrl)));
    }
    return bodies;
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
      const first = await round({ deliveries: pending, attempt: 1, firstAttemptAt, policy, random: Math.random() }, event ?? undefined);
      return { ...first, policy, firstAttemptAt };
    },

    /** A later round (or a test event's or a resend's first). */
    attemptDeliveries: (input: RoundInput) => round(input),

    /** Events a dead worker left undispatched for a minute or more (the maintenance run starts them again). */
    async listUndispatchedEvents(): Promise<string[]> {
      return listUndispatchedEvents(d.db, new Date(Date.now() - 60_000), 500);
    },
  };
}
