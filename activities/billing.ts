import { createHmac } from 'node:crypto';
import { heartbeat } from '@temporalio/activity';
import type { Outbound } from '../src/net';
import type { PaymentProcessor } from '../src/services/payments';
import {
  markNotificationDelivered,
  markNotificationFailed,
  markUsageSynced,
  markUsageSyncFailed,
  undeliveredNotifications,
  usageToSync,
} from '../src/store/billing';
import type { Db } from '../src/store/db';

export interface BillingActivityDeps {
  db: Db;
  outbound: Outbound;
  /** Absent when Stripe is not configured: usage stays pending until it is. */
  payments?: PaymentProcessor;
  meterEventPrefix: string;
  notifyWebhookUrl?: string;
  notifyWebhookSecret?: string;
}

export interface SyncBatch {
  synced: number;
  failed: number;
  /** A full batch was read: there may be more. */
  more: boolean;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The usage sync and the spend-notification sender. Each usage event is sent as a meter event whose
 * `identifier` is the usage event's id, then marked synced: a crash between the two resends the same
 * identifier, which Stripe applies once, so every usage event is counted exactly once however often
 * this runs. A failure is kept on the event and retried on the next run.
 */
export function billingActivities(deps: BillingActivityDeps) {
  return {
    async syncUsageBatch(limit: number): Promise<SyncBatch> {
      const payments = deps.payments;
      if (!payments) return { synced: 0, failed: 0, more: false };
      const events = await usageToSync(deps.db, limit);
      let synced = 0;
      let failed = 0;
      for (const e of events) {
        heartbeat();
        try {
          await payments.sendMeterEvent({
            eventName: `${deps.meterEventPrefix}${e.event_type}`,
            customerId: e.stripe_customer_id,
            value: e.billable_quantity,
            identifier: e.id,
            timestamp: new Date(e.occurred_at),
          });
          await markUsageSynced(deps.db, e.id);
          synced++;
        } catch (err) {
          await markUsageSyncFailed(deps.db, e.id, message(err));
          failed++;
        }
      }
      return { synced, failed, more: events.length === limit };
    },

    /** Sends recorded spend notifications where a webhook is configured, each once (then marked delivered). */
    async deliverSpendNotifications(limit: number): Promise<{ delivered: number; failed: number }> {
      const url = deps.notifyWebhookUrl;
      if (!url) return { delivered: 0, failed: 0 };
      let delivered = 0;
      let failed = 0;
      for (const n of await undeliveredNotifications(deps.db, limit)) {
        const key = { workspaceId: n.workspace_id, periodStart: n.period_start, threshold: n.threshold };
        const body = JSON.stringify({
          type: 'spend.threshold_crossed',
          workspaceId: n.workspace_id,
          workspaceName: n.workspace_name,
          email: n.email,
          threshold: n.threshold,
          spentUsd: Number(n.spent_usd),
          periodStart: n.period_start,
          crossedAt: new Date(n.created_at).toISOString(),
        });
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (deps.notifyWebhookSecret) headers['x-agentdex-signature'] = `sha256=${createHmac('sha256', deps.notifyWebhookSecret).update(body).digest('hex')}`;
        try {
          const res = await deps.outbound.fetch(url, { method: 'POST', body, headers, robots: false, timeoutMs: 10_000 });
          if (res.status < 200 || res.status > 299) throw new Error(`webhook answered ${res.status}`);
          await markNotificationDelivered(deps.db, key);
          delivered++;
        } catch (err) {
          await markNotificationFailed(deps.db, key, message(err));
          failed++;
        }
      }
      return { delivered, failed };
    },
  };
}
