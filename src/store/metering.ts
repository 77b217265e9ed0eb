import type { Knex } from 'knex';
import { crossedThresholds, decide, type Decision, type Limits } from '../domain/entitlements';
import { billingPeriod, planFor, type EventType } from '../domain/plans';
import type { Db } from './db';

export interface Reservation {
  workflowId: string;
  workspaceId: string;
  eventType: EventType;
  periodStart: string;
  priceUsd: number;
  billable: boolean;
  source: string;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

export async function readLimits(db: Db | Knex.Transaction, workspaceId: string): Promise<Limits> {
  const row = await db('workspace_limits').where({ workspace_id: workspaceId }).first();
  return {
    monthlyBudgetUsd: row?.monthly_budget_usd ?? null,
    warningThresholdUsd: row?.warning_threshold_usd ?? null,
    hardLimitUsd: row?.hard_limit_usd ?? null,
    notificationsEnabled: row?.notifications_enabled ?? true,
  };
}

/**
 * Decides and, when allowed, reserves one call for a workspace. The workspace row lock serialises all
 * reservations of a workspace across API processes, so N concurrent calls are decided one by one.
 */
export async function reserveCall(
  db: Db,
  r: { workspaceId: string; eventType: EventType; workflowId: string; source: string; now: Date },
): Promise<{ decision: Decision; plan: string; usage: { used: number; spentUsd: number; hardLimitUsd: number | null }; reservation?: Reservation }> {
  return db.transaction(async (trx) => {
    const ws = await trx('workspaces').select('plan', 'metered_enabled').where({ id: r.workspaceId }).forUpdate().first();
    if (!ws) throw new Error(`workspace ${r.workspaceId} vanished`);
    const periodStart = day(billingPeriod(r.now).start);
    const counters = await trx('usage_counters').where({ workspace_id: r.workspaceId, period_start: periodStart });
    const mine = counters.find((c) => c.event_type === r.eventType);
    const spentUsd = counters.reduce((n, c) => n + Number(c.spent_usd) + Number(c.reserved_usd), 0);
    const used = (mine?.used ?? 0) + (mine?.reserved ?? 0);
    const limits = await readLimits(trx, r.workspaceId);
    const decision = decide(planFor(ws.plan), ws.metered_enabled, r.eventType, { used, spentUsd }, limits);
    const usage = { used, spentUsd: Math.round(spentUsd * 1e6) / 1e6, hardLimitUsd: limits.hardLimitUsd };
    if (!decision.allowed) return { decision, plan: ws.plan, usage };
    await trx('usage_counters')
      .insert({ workspace_id: r.workspaceId, period_start: periodStart, event_type: r.eventType, reserved: 1, reserved_usd: decision.priceUsd })
      .onConflict(['workspace_id', 'period_start', 'event_type'])
      .merge({ reserved: trx.raw('usage_counters.reserved + 1'), reserved_usd: trx.raw('usage_counters.reserved_usd + ?', [decision.priceUsd]) });
    const reservation: Reservation = {
      workflowId: r.workflowId,
      workspaceId: r.workspaceId,
      eventType: r.eventType,
      periodStart,
      priceUsd: decision.priceUsd,
      billable: decision.billable,
      source: r.source,
    };
    await trx('usage_reservations').insert({
      workflow_id: r.workflowId,
      workspace_id: r.workspaceId,
      period_start: periodStart,
      event_type: r.eventType,
      price_usd: decision.priceUsd,
      billable: decision.billable,
      source: r.source,
    });
    return { decision, plan: ws.plan, usage, reservation };
  });
}

/**
 * A call made on behalf of another one (an audit run by resolve's discovery): reserved against the parent
 * call's workspace and source, once per child workflow id, so a retried activity reserves nothing twice.
 */
export async function reserveChildCall(
  db: Db,
  r: { parentWorkflowId: string; childWorkflowId: string; eventType: EventType; now: Date },
): Promise<{ allowed: boolean; reason?: string }> {
  const existing = await db('usage_reservations').select('state').where({ workflow_id: r.childWorkflowId }).first();
  if (existing) return { allowed: existing.state !== 'released' };
  const parent = await db('usage_reservations').select('workspace_id', 'source').where({ workflow_id: r.parentWorkflowId }).first();
  if (!parent) return { allowed: false, reason: 'NO_WORKSPACE' };
  const res = await reserveCall(db, { workspaceId: parent.workspace_id, eventType: r.eventType, workflowId: r.childWorkflowId, source: parent.source, now: r.now });
  return res.reservation ? { allowed: true } : { allowed: false, reason: res.decision.reason };
}

/**
 * Turns a reservation into exactly one usage event. Safe to run any number of times for one workflow:
 * only the first moves the reservation from `reserved` to `settled`.
 */
export async function settleCall(db: Db, workflowId: string, extra: { productId?: string; providerCostUsd?: number } = {}): Promise<{ eventId?: string }> {
  return db.transaction(async (trx) => {
    const res = await trx('usage_reservations').where({ workflow_id: workflowId, state: 'reserved' }).update({ state: 'settled' }).returning('*');
    if (!res.length) {
      const existing = await trx('usage_events').select('id').where({ dedupe_key: workflowId }).first();
      return { eventId: existing?.id };
    }
    const r = res[0];
    const limits = await readLimits(trx, r.workspace_id);
    const before = await periodSpend(trx, r.workspace_id, r.period_start);
    const [event] = await trx('usage_events')
      .insert({
        workspace_id: r.workspace_id,
        event_type: r.event_type,
        quantity: 1,
        billable_quantity: r.billable ? 1 : 0,
        amount_usd: r.price_usd,
        provider_cost_usd: extra.providerCostUsd ?? 0,
        source: r.source,
        product_id: extra.productId ?? null,
        dedupe_key: workflowId,
        period_start: r.period_start,
        payments_sync_status: r.billable ? 'pending' : 'not_applicable',
      })
      .returning('id');
    await trx('usage_counters')
      .where({ workspace_id: r.workspace_id, period_start: r.period_start, event_type: r.event_type })
      .update({
        reserved: trx.raw('reserved - 1'),
        used: trx.raw('used + 1'),
        reserved_usd: trx.raw('reserved_usd - ?', [r.price_usd]),
        spent_usd: trx.raw('spent_usd + ?', [r.price_usd]),
      });
    if (limits.notificationsEnabled) {
      for (const threshold of crossedThresholds(before, before + Number(r.price_usd), limits)) {
        await trx('spend_notifications')
          .insert({ workspace_id: r.workspace_id, period_start: r.period_start, threshold, spent_usd: before + Number(r.price_usd) })
          .onConflict(['workspace_id', 'period_start', 'threshold'])
          .ignore();
      }
    }
    return { eventId: event.id };
  });
}

/** Gives a failed call's reservation back. Idempotent, and a no-op once the call was settled. */
export async function releaseCall(db: Db, workflowId: string): Promise<void> {
  await db.transaction(async (trx) => {
    const res = await trx('usage_reservations').where({ workflow_id: workflowId, state: 'reserved' }).update({ state: 'released' }).returning('*');
    if (!res.length) return;
    const r = res[0];
    await trx('usage_counters')
      .where({ workspace_id: r.workspace_id, period_start: r.period_start, event_type: r.event_type })
      .update({ reserved: trx.raw('reserved - 1'), reserved_usd: trx.raw('reserved_usd - ?', [r.price_usd]) });
  });
}

/** Recorded spend of a period (settled events only). */
async function periodSpend(db: Db | Knex.Transaction, workspaceId: string, periodStart: string): Promise<number> {
  const [row] = await db('usage_counters').where({ workspace_id: workspaceId, period_start: periodStart }).sum({ s: 'spent_usd' });
  return Number(row?.s ?? 0);
}

/**
 * Reservations still open long after any workflow would have settled them belong to calls whose API
 * process died between admitting the call and starting its workflow: give them back.
 */
export async function releaseStaleReservations(db: Db, olderThan: Date): Promise<number> {
  const stale: string[] = await db('usage_reservations').where({ state: 'reserved' }).andWhere('created_at', '<', olderThan).pluck('workflow_id');
  for (const workflowId of stale) await releaseCall(db, workflowId);
  return stale.length;
}
