import type { Config } from '../config';
import { billingChangeOf, type BillingChange } from '../domain/billing';
import { ApiError, badRequest } from '../errors';
import type { Logger } from '../logger';
import { billingAccount, followSubscription, listInvoices, recordWebhookEvent, storeCustomer, subscribeWorkspace, upsertInvoice } from '../store/billing';
import type { Db } from '../store/db';
import { accountService } from './account';
import { type PaymentProcessor, verifyWebhook } from './payments';

const day = (d: Date | string) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

const notConfigured = () =>
  new ApiError(503, 'Billing is not configured on this deployment (STRIPE_SECRET_KEY is unset); usage within the free allowance keeps working', {}, {});

export interface WebhookOutcome {
  received: true;
  /** The event was applied before (Stripe's retry or a replay): nothing changed this time. */
  duplicate: boolean;
  applied: BillingChange['kind'];
}

/**
 * Billing (spec "Account and billing", decisions.md "Billing"): the summary, hosted Checkout and portal,
 * invoices, and the Stripe webhook that moves a workspace between plans. Checkout and portal need Stripe;
 * the summary and invoices are read from Postgres and always answer.
 */
export function billingService(deps: { db: Db; config: Config; payments?: PaymentProcessor; logger: Logger }) {
  const { db, config, payments } = deps;
  const account = accountService(db, config.signup);

  async function accountOf(workspaceId: string) {
    const ws = await billingAccount(db, workspaceId);
    if (!ws) throw new ApiError(401, 'Invalid or revoked API key');
    return ws;
  }

  return {
    async summary(workspaceId: string) {
      const ws = await accountOf(workspaceId);
      const [usage, limits] = await Promise.all([account.usage(workspaceId), account.limits(workspaceId)]);
      const period = { start: day(usage.period.start), end: day(usage.period.end) };
      return {
        plan: ws.plan,
        meteredEnabled: ws.metered_enabled,
        period,
        currentPeriod: period,
        spend: {
          status: limits.spendStatus,
          spentUsd: limits.spentUsd,
          monthlyBudgetUsd: limits.monthlyBudgetUsd,
          warningThresholdUsd: limits.warningThresholdUsd,
          hardLimitUsd: limits.hardLimitUsd,
        },
        spentUsd: limits.spentUsd,
        estimatedUpcomingUsd: usage.estimatedChargesUsd,
        estimatedChargesUsd: usage.estimatedChargesUsd,
        paymentsConfigured: !!payments,
        stripeCustomer: ws.stripe_customer_id !== null,
        // A subscription exists only once Checkout collected a payment method.
        paymentMethod: ws.stripe_subscription_id !== null,
        invoicesUrl: `${config.publicBaseUrl}/v1/billing/invoices`,
      };
    },

    async checkout(workspaceId: string, body: { successUrl: string; cancelUrl: string; email?: string }) {
      if (!payments) throw notConfigured();
      const priceId = config.billing.stripe?.priceId;
      if (!priceId) throw new ApiError(503, 'Billing is not fully configured on this deployment (STRIPE_PRICE_ID, the usage plan price, is unset)');
      const ws = await accountOf(workspaceId);
      if (ws.plan === 'usage' && ws.metered_enabled) {
        throw new ApiError(409, 'This workspace already pays by usage; manage its payment method with POST /v1/billing/portal');
      }
      const customerId =
        ws.stripe_customer_id ??
        (await storeCustomer(db, workspaceId, await payments.createCustomer({ workspaceId, name: ws.name, email: body.email ?? ws.email ?? undefined })));
      return payments.createCheckoutSession({ workspaceId, customerId, priceId, successUrl: body.successUrl, cancelUrl: body.cancelUrl });
    },

    async portal(workspaceId: string, body: { returnUrl: string }) {
      if (!payments) throw notConfigured();
      const ws = await accountOf(workspaceId);
      if (!ws.stripe_customer_id) throw new ApiError(409, 'This workspace has no billing account yet: start one with POST /v1/billing/checkout');
      return payments.createPortalSession({ customerId: ws.stripe_customer_id, returnUrl: body.returnUrl });
    },

    async invoices(workspaceId: string) {
      await accountOf(workspaceId);
      const rows = await listInvoices(db, workspaceId);
      return {
        invoices: rows.map((r) => ({
          id: r.id,
          amountDueUsd: Number(r.amount_due_usd),
          status: r.status,
          periodStart: day(r.period_start),
          periodEnd: day(r.period_end),
          hostedUrl: r.hosted_url ?? null,
        })),
      };
    },

    /**
     * A Stripe webhook: verified on the raw body, applied once per event id, in one transaction with the
     * record of its id, so a crash half-way leaves the event to Stripe's retry.
     */
    async webhook(rawBody: Buffer, signature: string): Promise<WebhookOutcome> {
      const secret = config.billing.webhookSecret;
      if (!secret) throw new ApiError(503, 'Billing webhooks are not configured on this deployment (STRIPE_WEBHOOK_SECRET is unset)');
      let event: ReturnType<typeof verifyWebhook>;
      try {
        event = verifyWebhook(rawBody, signature, secret);
      } catch (err) {
        throw badRequest(`Webhook signature verification failed: ${(err as Error).message.split('\n')[0]}`);
      }
      const change = billingChangeOf(event as unknown as Parameters<typeof billingChangeOf>[0]);
      return db.transaction(async (trx) => {
        if (!(await recordWebhookEvent(trx, event.id, event.type))) return { received: true, duplicate: true, applied: change.kind } as const;
        let known = true;
        if (change.kind === 'subscribed') known = await subscribeWorkspace(trx, change);
        else if (change.kind === 'subscription') known = await followSubscription(trx, change);
        else if (change.kind === 'invoice') known = await upsertInvoice(trx, change.customerId, change.invoice);
        else deps.logger.info({ eventId: event.id, type: event.type, reason: change.reason }, 'billing webhook ignored');
        // An event for a customer no workspace has (another product on the same Stripe account) is
        // acknowledged: Stripe would otherwise retry it for days.
        if (!known) deps.logger.warn({ eventId: event.id, type: event.type }, 'billing webhook for an unknown workspace or customer');
        return { received: true, duplicate: false, applied: known ? change.kind : 'ignored' } as const;
      });
    },
  };
}
