/**
 * What a Stripe webhook event means for Agentdex (decisions.md, "Billing"), as pure data: the billing
 * service applies the change; this module only reads the event. Event objects are typed loosely on
 * purpose: only the fields read here matter, and Stripe adds fields with every API version.
 */

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';

export interface InvoiceRecord {
  id: string;
  amountDueUsd: number;
  status: InvoiceStatus;
  periodStart: string;
  periodEnd: string;
  hostedUrl: string | null;
}

export type BillingChange =
  /** Checkout completed: the workspace now pays by usage. */
  | { kind: 'subscribed'; workspaceId: string; customerId: string; subscriptionId: string | null }
  /** A subscription changed or ended: the plan follows its status. */
  | { kind: 'subscription'; customerId: string; subscriptionId: string; plan: 'usage' | 'free'; meteredEnabled: boolean }
  | { kind: 'invoice'; customerId: string; invoice: InvoiceRecord }
  | { kind: 'ignored'; reason: string };

interface StripeEventLike {
  type: string;
  data: { object: Record<string, unknown> };
}

const str = (v: unknown): string | null =>
  typeof v === 'string' && v ? v : v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : null;
const day = (unix: unknown): string => new Date((typeof unix === 'number' ? unix : 0) * 1000).toISOString().slice(0, 10);

/** Subscription statuses under which overage is billed; any other ends the usage plan. */
const PAYING = new Set(['active', 'trialing', 'past_due']);
/** Statuses that do not decide anything yet (the first payment is still being attempted). */
const UNDECIDED = new Set(['incomplete']);
const INVOICE_STATUSES = new Set<InvoiceStatus>(['draft', 'open', 'paid', 'uncollectible', 'void']);

export function billingChangeOf(event: StripeEventLike): BillingChange {
  const o = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed': {
      const workspaceId = str(o.client_reference_id);
      const customerId = str(o.customer);
      if (!workspaceId || !customerId) return { kind: 'ignored', reason: 'checkout session without client_reference_id or customer' };
      if (o.mode !== undefined && o.mode !== 'subscription') return { kind: 'ignored', reason: `checkout session in ${String(o.mode)} mode` };
      return { kind: 'subscribed', workspaceId, customerId, subscriptionId: str(o.subscription) };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const customerId = str(o.customer);
      const subscriptionId = str(o.id);
      if (!customerId || !subscriptionId) return { kind: 'ignored', reason: 'subscription without customer or id' };
      const status = event.type === 'customer.subscription.deleted' ? 'canceled' : String(o.status ?? '');
      if (UNDECIDED.has(status)) return { kind: 'ignored', reason: `subscription ${status}` };
      const paying = PAYING.has(status);
      return { kind: 'subscription', customerId, subscriptionId, plan: paying ? 'usage' : 'free', meteredEnabled: paying };
    }
    case 'invoice.created':
    case 'invoice.finalized':
    case 'invoice.updated':
    case 'invoice.paid':
    case 'invoice.payment_failed':
    case 'invoice.voided':
    case 'invoice.marked_uncollectible': {
      const customerId = str(o.customer);
      const id = str(o.id);
      const status = String(o.status ?? '') as InvoiceStatus;
      if (!customerId || !id || !INVOICE_STATUSES.has(status)) return { kind: 'ignored', reason: 'invoice without customer, id or a known status' };
      const cents = typeof o.amount_due === 'number' ? o.amount_due : 0;
      return {
        kind: 'invoice',
        customerId,
        invoice: {
          id,
          amountDueUsd: Math.round(cents) / 100,
          status,
          periodStart: day(o.period_start),
          periodEnd: day(o.period_end),
          hostedUrl: typeof o.hosted_invoice_url === 'string' ? o.hosted_invoice_url : null,
        },
      };
    }
    default:
      return { kind: 'ignored', reason: `event type ${event.type} is not used` };
  }
}

/**
 * How far an invoice has moved: Stripe does not promise webhook order, so an older event (invoice.created
 * after invoice.paid) must not move an invoice back.
 */
export function invoiceStatusRank(status: InvoiceStatus): number {
  return { draft: 0, open: 1, uncollectible: 2, paid: 3, void: 3 }[status];
}
