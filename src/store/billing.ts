import type { InvoiceRecord } from '../domain/billing';
import type { Db } from './db';
import type { Knex } from 'knex';

export interface BillingAccountRow {
  id: string;
  name: string;
  email: string | null;
  plan: string;
  metered_enabled: boolean;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
}

const ACCOUNT_COLUMNS = ['id', 'name', 'email', 'plan', 'metered_enabled', 'stripe_customer_id', 'stripe_subscription_id'];

export async function billingAccount(db: Db | Knex.Transaction, workspaceId: string): Promise<BillingAccountRow | undefined> {
  return db('workspaces').select(ACCOUNT_COLUMNS).where({ id: workspaceId }).first();
}

/** Stores the workspace's Stripe customer unless it has one already; answers the one it has. */
export async function storeCustomer(db: Db, workspaceId: string, customerId: string): Promise<string> {
  await db('workspaces').where({ id: workspaceId }).whereNull('stripe_customer_id').update({ stripe_customer_id: customerId });
  const row = await db('workspaces').select('stripe_customer_id').where({ id: workspaceId }).first();
  return row.stripe_customer_id;
}

/**
 * Records a webhook event id; false when it was recorded before (a replay or Stripe's retry), so each
 * event is applied once. Runs in the transaction that applies the event, so a failed apply records nothing.
 */
export async function recordWebhookEvent(trx: Knex.Transaction, id: string, type: string): Promise<boolean> {
  const rows = await trx('billing_webhook_events').insert({ id, type }).onConflict('id').ignore().returning('id');
  return rows.length > 0;
}

/** Checkout completed: plan `usage`, metered, customer and subscription stored. False for an unknown workspace. */
export async function subscribeWorkspace(
  trx: Knex.Transaction,
  c: { workspaceId: string; customerId: string; subscriptionId: string | null },
): Promise<boolean> {
  const n = await trx('workspaces')
    .where({ id: c.workspaceId })
    .update({ plan: 'usage', metered_enabled: true, stripe_customer_id: c.customerId, stripe_subscription_id: c.subscriptionId });
  return n > 0;
}

/** A subscription's new state for the workspace that has its customer. False when no workspace has it. */
export async function followSubscription(
  trx: Knex.Transaction,
  c: { customerId: string; subscriptionId: string; plan: string; meteredEnabled: boolean },
): Promise<boolean> {
  const n = await trx('workspaces')
    .where({ stripe_customer_id: c.customerId })
    .update({
      plan: c.plan,
      metered_enabled: c.meteredEnabled,
      stripe_subscription_id: c.meteredEnabled ? c.subscriptionId : null,
    });
  return n > 0;
}

/**
 * Inserts or updates an invoice of the workspace that has the customer, never moving its status back
 * (ranks as invoiceStatusRank in domain/billing.ts). False when no workspace has the customer.
 */
export async function upsertInvoice(trx: Knex.Transaction, customerId: string, i: InvoiceRecord): Promise<boolean> {
  const { rows } = await trx.raw(
    `WITH ws AS (SELECT id FROM workspaces WHERE stripe_customer_id = ?)
     INSERT INTO invoices AS inv (id, workspace_id, amount_due_usd, status, period_start, period_end, hosted_url)
     SELECT ?, ws.id, ?, ?, ?, ?, ? FROM ws
     ON CONFLICT (id) DO UPDATE SET amount_due_usd = excluded.amount_due_usd, status = excluded.status,
       period_start = excluded.period_start, period_end = excluded.period_end, hosted_url = coalesce(excluded.hosted_url, inv.hosted_url)
     WHERE inv.workspace_id = excluded.workspace_id
       AND invoice_status_rank(excluded.status) >= invoice_status_rank(inv.status)
     RETURNING inv.id`,
    [customerId, i.id, i.amountDueUsd, i.status, i.periodStart, i.periodEnd, i.hostedUrl],
  );
  if (rows.length) return true;
  const ws = await trx('workspaces').select('id').where({ stripe_customer_id: customerId }).first();
  return !!ws;
}

export async function listInvoices(db: Db, workspaceId: string) {
  return db('invoices')
    .select('id', 'amount_due_usd', 'status', 'period_start', 'period_end', 'hosted_url')
    .where({ workspace_id: workspaceId })
    .orderBy([
      { column: 'period_start', order: 'desc' },
      { column: 'created_at', order: 'desc' },
    ]);
}

export interface UsageToSync {
  id: string;
  event_type: string;
  billable_quantity: number;
  occurred_at: Date;
  stripe_customer_id: string;
  payments_sync_attempts: number;
}

/**
 * Billable usage events not yet reported to Stripe (pending, or failed and due for another try), of
 * workspaces with a Stripe customer, oldest first. A workspace without one (a contract on the scale plan)
 * keeps its events pending.
 */
export async function usageToSync(db: Db, limit: number): Promise<UsageToSync[]> {
  return db('usage_events as e')
    .join('workspaces as w', 'w.id', 'e.workspace_id')
    .select('e.id', 'e.event_type', 'e.billable_quantity', 'e.occurred_at', 'w.stripe_customer_id', 'e.payments_sync_attempts')
    .whereIn('e.payments_sync_status', ['pending', 'failed'])
    .whereNotNull('w.stripe_customer_id')
    .orderBy('e.occurred_at')
    .limit(limit);
}

/** When the oldest billable usage event still waiting to reach Stripe occurred (undefined: none waits). */
export async function oldestUnsyncedUsageAt(db: Db): Promise<Date | undefined> {
  const row = await db('usage_events').whereIn('payments_sync_status', ['pending', 'failed']).min<{ at: Date | null }>('occurred_at as at').first();
  return row?.at ? new Date(row.at) : undefined;
}

export async function markUsageSynced(db: Db, id: string): Promise<void> {
  await db('usage_events')
    .where({ id })
    .whereNot({ payments_sync_status: 'synced' })
    .update({
      payments_sync_status: 'synced',
      payments_synced_at: db.fn.now(),
      payments_sync_error: null,
      payments_sync_attempts: db.raw('payments_sync_attempts + 1'),
    });
}

export async function markUsageSyncFailed(db: Db, id: string, error: string): Promise<void> {
  await db('usage_events')
    .where({ id })
    .whereNot({ payments_sync_status: 'synced' })
    .update({ payments_sync_status: 'failed', payments_sync_error: error.slice(0, 1000), payments_sync_attempts: db.raw('payments_sync_attempts + 1') });
}

export interface NotificationToSend {
  workspace_id: string;
  workspace_name: string;
  email: string | null;
  period_start: string;
  threshold: string;
  spent_usd: string;
  created_at: Date;
}

export async function undeliveredNotifications(db: Db, limit: number): Promise<NotificationToSend[]> {
  return db('spend_notifications as n')
    .join('workspaces as w', 'w.id', 'n.workspace_id')
    .select(
      'n.workspace_id',
      'w.name as workspace_name',
      'w.email',
      db.raw("to_char(n.period_start, 'YYYY-MM-DD') AS period_start"),
      'n.threshold',
      'n.spent_usd',
      'n.created_at',
    )
    .whereNull('n.delivered_at')
    .orderBy('n.created_at')
    .limit(limit);
}

type NotificationKey = { workspaceId: string; periodStart: string; threshold: string };
const keyOf = (k: NotificationKey) => ({ workspace_id: k.workspaceId, period_start: k.periodStart, threshold: k.threshold });

export async function markNotificationDelivered(db: Db, k: NotificationKey): Promise<void> {
  await db('spend_notifications')
    .where(keyOf(k))
    .whereNull('delivered_at')
    .update({ delivered_at: db.fn.now(), delivery_error: null, delivery_attempts: db.raw('delivery_attempts + 1') });
}

export async function markNotificationFailed(db: Db, k: NotificationKey, error: string): Promise<void> {
  await db('spend_notifications')
    .where(keyOf(k))
    .whereNull('delivered_at')
    .update({ delivery_error: error.slice(0, 1000), delivery_attempts: db.raw('delivery_attempts + 1') });
}
