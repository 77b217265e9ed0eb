import type { Config } from '../src/config';
import { nextRetryDelay, type RetryPolicy } from '../src/domain/watch/retry-schedule';
import { endpointWants, watchWants } from '../src/domain/watch/subscriptions';
import { webhookPayload } from '../src/domain/watch/payload';
import type { WebhookEventType } from '../src/domain/watch/event-types';
import { type Outbound, OutboundError } from '../src/net';
import { createSecretBox } from '../src/services/webhook-secrets';
import { signedHeaders } from '../src/services/webhook-secrets';
import type { Db } from '../src/store/db';
import { findEvent, listUndispatchedEvents, markEventDispatched } from '../src/store/product-events';
import { abandonDelivery, disableEndpoint, ensureDeliveries, findDeliveryForAttempt, recordAttempt, subscribersOf } from '../src/store/webhooks';

export interface WebhookActivityDeps {
  db: Db;
  /** The outbound layer deliveries go through: the guard, and redirects not followed. */
  outbound: Outbound;
  webhooks: Config['webhooks'];
  publicBaseUrl: string;
}

/** What one attempt came to; `retryInMs` when the workflow should wait and try again. */
export interface AttemptOutcome {
  outcome: 'delivered' | 'retry' | 'gone' | 'exhausted' | 'abandoned';
  retryInMs?: number;
  statusCode?: number | null;
}

export interface AttemptInput {
  deliveryId: string;
  run: number;
  attempt: number;
  /** When the run's first attempt was made (epoch ms): the retry window counts from it. */
  firstAttemptAt: number;
  policy: RetryPolicy;
  /** In [0,1): spreads the retry (the workflow's deterministic random). */
  random: number;
}

const MAX_ERROR_CHARS = 300;

/** Fan-out and delivery of product events (docs/decisions/watches.md). */
export function webhookActivities(d: WebhookActivityDeps) {
  const box = d.webhooks.secretsKey ? createSecretBox(d.webhooks.secretsKey) : undefined;

  return {
    /**
     * The deliveries an event makes: one per enabled endpoint of each workspace watching its product whose
     * watch and endpoint both want it. Idempotent: deliveries are unique per event and endpoint.
     */
    async fanOutEvent(eventId: string): Promise<{ deliveries: Array<{ id: string; run: number }>; policy: RetryPolicy }> {
      const event = await findEvent(d.db, eventId);
      if (!event?.product_id) return { deliveries: [], policy: d.webhooks.retry };
      const facts = { type: event.type, data: event.data };
      const targets = (await subscribersOf(d.db, event.product_id)).filter(
        (s) => watchWants({ events: s.watch_events, threshold: s.threshold }, facts) && endpointWants(s.endpoint_events, event.type),
      );
      const deliveries = await ensureDeliveries(d.db, eventId, targets);
      return { deliveries: deliveries.filter((x) => x.status === 'pending').map(({ id, run }) => ({ id, run })), policy: d.webhooks.retry };
    },

    async markEventDispatched(eventId: string): Promise<void> {
      await markEventDispatched(d.db, eventId);
    },

    /** Events a dead worker left undispatched for a minute or more (the maintenance run starts them again). */
    async listUndispatchedEvents(): Promise<string[]> {
      return listUndispatchedEvents(d.db, new Date(Date.now() - 60_000), 500);
    },

    /**
     * One signed POST of a delivery, its outcome recorded. The same `webhook-id` (the event id) on every
     * attempt and run; a 2xx within the timeout is success, a 410 disables the endpoint, anything else is
     * retried until the window is spent, which disables the endpoint too.
     */
    async attemptDelivery(a: AttemptInput): Promise<AttemptOutcome> {
      const delivery = await findDeliveryForAttempt(d.db, a.deliveryId);
      if (!delivery || delivery.run !== a.run) return { outcome: 'abandoned' }; // deleted, or a resend took over
      if (delivery.status === 'delivered') return { outcome: 'delivered' };
      if (!delivery.enabled) {
        await abandonDelivery(d.db, a.deliveryId, a.run, 'endpoint disabled');
        return { outcome: 'abandoned' };
      }
      const event = await findEvent(d.db, delivery.event_id);
      if (!event) return { outcome: 'abandoned' };
      if (!box) throw new Error('WEBHOOK_SECRETS_KEY is not set on this worker: webhook secrets cannot be opened');
      const secrets = [box.open(delivery.secret_ciphertext)];
      if (delivery.previous_secret_ciphertext && delivery.previous_secret_expires_at && new Date(delivery.previous_secret_expires_at) > new Date()) {
        secrets.push(box.open(delivery.previous_secret_ciphertext));
      }
      const body = JSON.stringify(webhookPayload({ ...event, type: event.type as WebhookEventType }, d.publicBaseUrl));
      const started = Date.now();
      let statusCode: number | null = null;
      let error: string | null = null;
      try {
        const res = await d.outbound.fetch(delivery.url, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json', ...signedHeaders(secrets, event.id, new Date(), body) },
          robots: false,
          followRedirects: false,
          timeoutMs: d.webhooks.timeoutMs,
          maxBytes: 64 * 1024,
        });
        statusCode = res.status;
        if (res.status >= 300 && res.status < 400) error = `answered ${res.status}: redirects are not followed`;
        else if (res.status < 200 || res.status >= 300) error = `answered ${res.status}`;
      } catch (err) {
        error = err instanceof OutboundError ? `${err.code}: ${err.message}` : String((err as Error).message ?? err);
      }
      const latencyMs = Date.now() - started;
      error = error?.slice(0, MAX_ERROR_CHARS) ?? null;

      const record = (status: 'pending' | 'delivered' | 'failed', nextAttemptAt: Date | null) =>
        recordAttempt(d.db, { deliveryId: a.deliveryId, run: a.run, attempt: a.attempt, statusCode, latencyMs, error, status, nextAttemptAt });
      if (!error) {
        await record('delivered', null);
        return { outcome: 'delivered', statusCode };
      }
      if (statusCode === 410) {
        await record('failed', null);
        await disableEndpoint(d.db, delivery.endpoint_id, `answered 410 Gone to delivery ${a.deliveryId}`);
        return { outcome: 'gone', statusCode };
      }
      const wait = nextRetryDelay(a.policy, a.attempt, Date.now() - a.firstAttemptAt, a.random);
      if (wait === null) {
        await record('failed', null);
        await disableEndpoint(d.db, delivery.endpoint_id, `every attempt failed for ${Math.round(a.policy.windowMs / 3_600_000)} h (last: ${error})`);
        return { outcome: 'exhausted', statusCode };
      }
      await record('pending', new Date(Date.now() + wait));
      return { outcome: 'retry', retryInMs: wait, statusCode };
    },
  };
}
