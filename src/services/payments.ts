import Stripe from 'stripe';
import type { BillingConfig } from '../config';
import { ApiError } from '../errors';

/**
 * The payment processor as Agentdex uses it: customers, hosted Checkout and portal, meter events. Stripe
 * in production and in tests (stripe-node against stripe-mock); an interface so the billing service and
 * the usage sync never import stripe-node themselves.
 */
export interface PaymentProcessor {
  createCustomer(o: { workspaceId: string; name: string; email?: string }): Promise<string>;
  createCheckoutSession(o: { workspaceId: string; customerId: string; priceId: string; successUrl: string; cancelUrl: string }): Promise<{ url: string }>;
  createPortalSession(o: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** One meter event; `identifier` makes a resend of the same usage event a no-op at Stripe. */
  sendMeterEvent(o: { eventName: string; customerId: string; value: number; identifier: string; timestamp: Date }): Promise<void>;
}

/** stripe-node for the configured account (and API base), or undefined when Stripe is not configured. */
export function stripeProcessor(config: BillingConfig): PaymentProcessor | undefined {
  if (!config.stripe) return undefined;
  const { secretKey, apiBase } = config.stripe;
  // Retries are the durable workflows' job (with the same idempotency identifiers), not the HTTP client's.
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 0, timeout: 20_000, ...(apiBase ?? {}) });
  return withStripeErrors({
    async createCustomer(o) {
      const c = await stripe.customers.create(
        { name: o.name, email: o.email, metadata: { workspaceId: o.workspaceId } },
        // One customer per workspace however often checkout is retried before the first one is stored.
        { idempotencyKey: `agentdex-customer-${o.workspaceId}` },
      );
      return c.id;
    },
    async createCheckoutSession(o) {
      const s = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: o.customerId,
        line_items: [{ price: o.priceId }],
        success_url: o.successUrl,
        cancel_url: o.cancelUrl,
        // The webhook finds the workspace by this: Checkout echoes it in checkout.session.completed.
        client_reference_id: o.workspaceId,
      });
      if (!s.url) throw new Error('Stripe returned a Checkout session without a URL');
      return { url: s.url };
    },
    async createPortalSession(o) {
      const s = await stripe.billingPortal.sessions.create({ customer: o.customerId, return_url: o.returnUrl });
      return { url: s.url };
    },
    async sendMeterEvent(o) {
      await stripe.billing.meterEvents.create({
        event_name: o.eventName,
        identifier: o.identifier,
        timestamp: Math.floor(o.timestamp.getTime() / 1000),
        payload: { stripe_customer_id: o.customerId, value: String(o.value) },
      });
    },
  });
}

/**
 * Stripe's failures as the caller should see them: unreachable is 503 (retry shortly), a refusal 502 with
 * Stripe's message (never the key or the request), so every door reports them alike.
 */
function withStripeErrors(p: PaymentProcessor): PaymentProcessor {
  const wrap =
    <A extends unknown[], R>(fn: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      try {
        return await fn(...a);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeConnectionError) {
          throw new ApiError(503, 'The payment processor is unreachable; retry shortly', {}, { retryAfterSeconds: 30 });
        }
        if (err instanceof Stripe.errors.StripeError) throw new ApiError(502, `The payment processor refused the request: ${err.message}`);
        throw err;
      }
    };
  return {
    createCustomer: wrap(p.createCustomer),
    createCheckoutSession: wrap(p.createCheckoutSession),
    createPortalSession: wrap(p.createPortalSession),
    sendMeterEvent: wrap(p.sendMeterEvent),
  };
}

/** A verified webhook event, or an error naming why the signature does not hold. */
export function verifyWebhook(rawBody: Buffer, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, secret);
}

export type PaymentEvent = Stripe.Event;
