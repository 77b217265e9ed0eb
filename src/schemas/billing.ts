import { Email } from './common';
import { z } from './zod';

/**
 * An absolute http(s) URL with a host name a browser is sent back to (Checkout and portal). A pattern
 * rather than z.url() so the published schema says exactly what is accepted: every string it matches
 * parses as a URL (the last host label has a letter, so it is never read as an IPv4 number; ports have
 * at most four digits).
 */
const returnUrl = z
  .string()
  .max(2048)
  .regex(/^https?:\/\/([A-Za-z0-9-]+\.)*[A-Za-z0-9-]*[A-Za-z][A-Za-z0-9-]*(:[0-9]{1,4})?([/?#][!-~]*)?$/, 'must be an absolute http(s) URL with a host name')
  .meta({ description: 'Absolute http(s) URL with a host name, e.g. https://example.com/billing' });

const Day = z.string().meta({ description: 'YYYY-MM-DD' });

export const BillingSummarySchema = z
  .object({
    plan: z.string(),
    meteredEnabled: z.boolean(),
    period: z.object({ start: Day, end: Day }),
    currentPeriod: z.object({ start: Day, end: Day }),
    spend: z.object({
      status: z.enum(['OK', 'WARNING', 'BUDGET_EXCEEDED', 'SPEND_LIMIT_REACHED']),
      spentUsd: z.number(),
      monthlyBudgetUsd: z.number().nullable(),
      warningThresholdUsd: z.number().nullable(),
      hardLimitUsd: z.number().nullable(),
    }),
    spentUsd: z.number(),
    estimatedUpcomingUsd: z.number(),
    estimatedChargesUsd: z.number(),
    paymentsConfigured: z.boolean().meta({ description: 'Whether this deployment takes payments (Stripe configured)' }),
    stripeCustomer: z.boolean(),
    paymentMethod: z.boolean(),
    invoicesUrl: z.string(),
  })
  .openapi('BillingSummary');

export const CheckoutBodySchema = z
  .object({
    successUrl: returnUrl,
    cancelUrl: returnUrl,
    email: Email.optional(),
  })
  .openapi('CheckoutRequest');

export const PortalBodySchema = z.object({ returnUrl }).openapi('PortalRequest');

export const HostedPageSchema = z.object({ url: z.string().meta({ description: 'Send the person to this URL' }) }).openapi('HostedPage');

export const InvoiceListSchema = z
  .object({
    invoices: z.array(
      z.object({
        id: z.string(),
        amountDueUsd: z.number(),
        status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']),
        periodStart: Day,
        periodEnd: Day,
        hostedUrl: z.string().nullable(),
      }),
    ),
  })
  .openapi('InvoiceList');

export const WebhookReceiptSchema = z
  .object({ received: z.literal(true), duplicate: z.boolean(), applied: z.enum(['subscribed', 'subscription', 'invoice', 'ignored']) })
  .openapi('WebhookReceipt');
