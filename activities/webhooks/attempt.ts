import type { WebhookEventType } from '../../src/domain/watch/event-types';
import { webhookPayload } from '../../src/domain/watch/payload';
import { type Outbound, OutboundError } from '../../src/net';
import { type SecretBox, signedHeaders } from '../../src/services/webhook-secrets';
import type { Db } from '../../src/store/db';
import type { ProductEventRow } from '../../src/store/product-events';
import { abandonDelivery, type DeliveryForAttempt, disableEndpoint, recordAttempt } from '../../src/store/webhooks';

/** What one delivery's attempt came to. */
export type AttemptOutcome = 'delivered' | 'retry' | 'gone' | 'exhausted' | 'abandoned';

export interface AttemptContext {
  db: Db;
  outbound: Outbound;
  box: SecretBox;
  publicBaseUrl: string;
  timeoutMs: number;
  /** The retry window, for the reason an endpoint is disabled with. */
  windowMs: number;
}

const MAX_ERROR_CHARS = 300;

/**
 * One signed POST of one delivery, its outcome recorded. `wait` is the round's wait before the next attempt,
 * null when the retry window is spent. The same `webhook-id` (the event id) on every attempt and run; a 2xx
 * within the timeout is success, a 410 disables the endpoint, anything else is retried until the window is
 * spent, which disables the endpoint too.
 */
export async function attemptOne(
  c: AttemptContext,
  delivery: DeliveryForAttempt,
  event: ProductEventRow,
  attempt: number,
  wait: number | null,
): Promise<AttemptOutcome> {
  if (delivery.status === 'delivered') return 'delivered';
  if (!delivery.enabled) {
    await abandonDelivery(c.db, delivery.id, delivery.run, 'endpoint disabled');
    return 'abandoned';
  }
  const body = JSON.stringify(webhookPayload({ ...event, type: event.type as WebhookEventType }, c.publicBaseUrl));
  const started = Date.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  const secrets = openSecrets(c.box, delivery);
  if (!secrets) error = 'the signing secret cannot be opened with this worker’s WEBHOOK_SECRETS_KEY';
  else {
    try {
      const res = await c.outbound.fetch(delivery.url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', ...signedHeaders(secrets, event.id, new Date(), body) },
        robots: false,
        followRedirects: false,
        timeoutMs: c.timeoutMs,
        maxBytes: 64 * 1024,
      });
      statusCode = res.status;
      if (res.status >= 300 && res.status < 400) error = `answered ${res.status}: redirects are not followed`;
      else if (res.status < 200 || res.status >= 300) error = `answered ${res.status}`;
    } catch (err) {
      error = err instanceof OutboundError ? `${err.code}: ${err.message}` : String((err as Error).message ?? err);
    }
  }
  error = error?.slice(0, MAX_ERROR_CHARS) ?? null;

  const outcome: AttemptOutcome = !error ? 'delivered' : statusCode === 410 ? 'gone' : wait === null ? 'exhausted' : 'retry';
  const recorded = await recordAttempt(c.db, {
    deliveryId: delivery.id,
    run: delivery.run,
    attempt,
    statusCode,
    latencyMs: Date.now() - started,
    error,
    status: outcome === 'delivered' ? 'delivered' : outcome === 'retry' ? 'pending' : 'failed',
    nextAttemptAt: outcome === 'retry' ? new Date(Date.now() + (wait as number)) : null,
  });
  if (!recorded) return 'abandoned'; // the endpoint was deleted meanwhile
  if (outcome === 'gone') await disableEndpoint(c.db, delivery.endpoint_id, `answered 410 Gone to delivery ${delivery.id}`);
  if (outcome === 'exhausted') {
    await disableEndpoint(c.db, delivery.endpoint_id, `every attempt failed for ${Math.round(c.windowMs / 3_600_000)} h (last: ${error})`);
  }
  return outcome;
}

/** The current secret, and the previous one while it still signs (24 h after a rotation); undefined if sealed under another key. */
function openSecrets(box: SecretBox, d: DeliveryForAttempt): string[] | undefined {
  try {
    const secrets = [box.open(d.secret_ciphertext)];
    if (d.previous_secret_ciphertext && d.previous_secret_expires_at && new Date(d.previous_secret_expires_at) > new Date()) {
      secrets.push(box.open(d.previous_secret_ciphertext));
    }
    return secrets;
  } catch {
    return undefined;
  }
}
