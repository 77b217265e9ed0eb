import type { Context } from 'koa';
import { HttpError } from '../http/errors';
import { BODY_LIMIT_BYTES } from '../http/json-body';
import { defineRoute, type RouteDef } from '../http/route';
import { parseInput } from '../http/validate';
import { WebhookReceiptSchema } from '../schemas/billing';
import { z } from '../schemas/zod';
import type { billingService } from '../services/billing';

/** The shape of Stripe's signature header, checked at the edge; the signature itself is the service's to check. */
const WebhookHeaders = z.object({
  'stripe-signature': z
    .string()
    .regex(/^t=\d+(,[a-z0-9]+=[0-9a-zA-Z_]+)*,v1=[0-9a-f]+(,[a-z0-9]+=[0-9a-zA-Z_]+)*$/, 'must be Stripe’s signature header: t=<timestamp>,v1=<hex signature>')
    .describe('Stripe’s signature over the exact body bytes: `t=<unix seconds>,v1=<hex>` (more schemes may follow)'),
});

/**
 * Stripe's webhook. A route of REST's own, not an operation: Stripe signs the exact bytes it sends, so
 * the body is read raw (never parsed before the signature holds), and no client or agent calls it.
 */
export function billingWebhookRoute(billing: ReturnType<typeof billingService>): RouteDef {
  return defineRoute({
    method: 'post',
    path: '/v1/billing/webhook',
    tag: 'Billing',
    summary: 'Stripe webhook (signed): moves plans and invoices; each event applied once',
    auth: 'open',
    request: { headers: WebhookHeaders },
    errors: { 400: 'Missing, forged or stale Stripe-Signature', 413: 'Body over 1 MiB', 503: 'Webhooks are not configured (no signing secret)' },
    responses: { 200: { description: 'Received (and applied, unless a repeat)', schema: WebhookReceiptSchema } },
    handler: async (_input, ctx) => {
      // Checked here, before the deployment's own state (503 without a signing secret): a request without
      // the header is malformed wherever it is sent.
      const headers = parseInput(WebhookHeaders, { 'stripe-signature': ctx.get('stripe-signature') || undefined }, 'headers');
      return billing.webhook(await rawBody(ctx), headers['stripe-signature']);
    },
  });
}

async function rawBody(ctx: Context): Promise<Buffer> {
  if (Number(ctx.get('content-length') || 0) > BODY_LIMIT_BYTES) throw new HttpError(413, `Request body exceeds the ${BODY_LIMIT_BYTES} byte limit`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT_BYTES) throw new HttpError(413, `Request body exceeds the ${BODY_LIMIT_BYTES} byte limit`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
