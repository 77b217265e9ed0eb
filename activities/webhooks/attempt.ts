import { type Outbound, OutboundError } from '../../src/net';
import { type SecretBox, signedHeaders } from '../../src/services/webhook-secrets';
import type { DeliveryForAttempt } from '../../src/store/webhooks';

/** What one delivery's attempt came to. */
export type AttemptOutcome = 'delivered' | 'retry' | 'gone' | 'exhausted' | 'abandoned';

export interface SendContext {
  outbound: Outbound;
  box: SecretBox;
  timeoutMs: number;
}

/** One POST's result, as recorded: the status code when there was an answer, the error when it was not a 2xx. */
export interface SendResult {
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
}

const MAX_ERROR_CHARS = 300;

/**
 * One signed POST of a delivery's payload, with the same `webhook-id` (the event id) on every attempt and
 * run, through the network guard (checked at connect, pinned to the checked address, no redirects).
 */
export async function sendSigned(c: SendContext, delivery: DeliveryForAttempt, eventId: string, body: string): Promise<SendResult> {
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
        headers: { 'content-type': 'application/json', ...signedHeaders(secrets, eventId, new Date(), body) },
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
  return { statusCode, error: error?.slice(0, MAX_ERROR_CHARS) ?? null, latencyMs: Date.now() - started };
}

/**
 * A 2xx is success, a 410 disables the endpoint, anything else is retried until the window is spent (`wait`
 * null: no round is left), which disables the endpoint too.
 */
export function outcomeOf(r: SendResult, wait: number | null): Exclude<AttemptOutcome, 'abandoned'> {
  return !r.error ? 'delivered' : r.statusCode === 410 ? 'gone' : wait === null ? 'exhausted' : 'retry';
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
