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
 * reservations of a workspace across API processes, so N concurrent calls are decided one by one. Three
 * statements inside the transaction (the lock, one read, one write): every metered call pays for
 * these round trips, so they are kept few.
 */
export async function reserveCall(
  db: Db,
  r: { workspaceId: string; eventType: EventType; workflowId: string; source: string; now: Date },
): Promise<{ decision: Decision; plan: string; usage: { used: number; spentUsd: number; hardLimitUsd: number | null }; reservation?: Reservation }> {
  return db.transaction(async (trx) => {
    const periodStart = day(billingPeriod(r.now).start);
    // The lock first, in a statement of its own: under READ COMMITTED a statement that waited for the lock
    // still reads everything else as of its own start, so the counters must be read by the next statement.
    const locked = await lockWorkspaceForReservation(trx, r.workspaceId);
    const { rows } = await trx.raw(
      `SELECT coalesce((SELECT json_agg(json_build_object('event_type', c.event_type, 'used', c.used, 'reserved', c.reserved,
                                                          'spent_usd', c.spent_usd, 'reserved_usd', c.reserved_usd))
                        FROM usage_counters c WHERE c.workspace_id = ? AND c.period_start = ?), '[]') AS counters,
              l.monthly_budget_usd, l.warning_threshold_usd, l.hard_limit_usd, l.notifications_enabled
       FROM (SELECT 1) one LEFT JOIN workspace_limits l ON l.workspace_id = ?`,
      [r.workspaceId, periodStart, r.workspaceId],
    );
    const ws = { ...locked, ...rows[0] };
    const counters = ws.counters as Array<{ event_type: string; used: number; reserved: number; spent_usd: number; reserved_usd: number }>;
    const mine = counters.find((c) => c.event_type === r.eventType);
    const spentUsd = counters.reduce((n, c) => n + Number(c.spent_usd) + Number(c.reserved_usd), 0);
    const used = (mine?.used ?? 0) + (mine?.reserved ?? 0);
    const limits = limitsOf(ws);
    const decision = decide(planFor(ws.plan), ws.metered_enabled, r.eventType, { used, spentUsd }, limits);
    const usage = { used, spentUsd: Math.round(spentUsd * 1e6) / 1e6, hardLimitUsd: limits.hardLimitUsd };
    if (!decision.allowed) return { decision, plan: ws.plan, usage };
    const reservation: Reservation = {
      workflowId: r.workflowId,
      workspaceId: r.workspaceId,
      eventType: r.eventType,
      periodStart,
      priceUsd: decision.priceUsd,
      billable: decision.billable,
      source: r.source,
    };
    await trx.raw(
      `WITH counter AS (
         INSERT INTO usage_counters (workspace_id, period_start, event_type, reserved, reserved_usd) VALUES (?, ?, ?, 1, ?)
         ON CONFLICT (workspace_id, period_start, event_type)
         DO UPDATE SET reserved = usage_counters.reserved + 1, reserved_usd = usage_counters.reserved_usd + EXCLUDED.reserved_usd
       )
       INSERT INTO usage_reservations (workflow_id, workspace_id, period_start, event_type, price_usd, billable, source) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [
        r.workspaceId,
        periodStart,
        r.eventType,
        decision.priceUsd,
        r.workflowId,
        r.workspaceId,
        periodStart,
        r.eventType,
        decision.priceUsd,
        decision.billable,
        r.source,
      ],
    );
    return { decision, plan: ws.plan, usage, reservation };
  });
}

/**
 * The lock that serialises a workspace's reservations. FOR NO KEY UPDATE, not FOR UPDATE: it excludes other
 * reservations but not the key-share lock every insert referencing the workspace takes for its foreign
 * key. With FOR UPDATE, a settle (which updates the counter row, then checks usage_events' foreign key)
 * and a reservation (which holds the workspace, then upserts the same counter row) deadlocked under load.
 */
export async function lockWorkspaceForReservation(trx: Knex.Transaction, workspaceId: string): Promise<{ plan: string; metered_enabled: boolean }> {
  const locked = await trx('workspaces').select('plan', 'metered_enabled').where({ id: workspaceId }).forNoKeyUpdate().first();
  if (!locked) throw new Error(`workspace ${workspaceId} vanished`);
  return locked;
}

function limitsOf(row: {
  monthly_budget_usd?: number | null;
  warning_threshold_usd?: number | null;
  hard_limit_usd?: number | null;
  notifications_enabled?: boolean | null;
}): Limits {
  return {
    monthlyBudgetUsd: row.monthly_budget_usd ?? null,
    warningThresholdUsd: row.warning_threshold_usd ?? null,
    hardLimitUsd: row.hard_limit_usd ?? null,
    notificationsEnabled: row.notifications_enabled ?? true,
  };
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
  const res = await reserveCall(db, {
    workspaceId: parent.workspace_id,
    eventType: r.eventType,
    workflowId: r.childWorkflowId,
    source: parent.source,
    now: r.now,
  });
  return res.reservation ? { allowed: true } : { allowed: false, reason: res.decision.reason };
}

/**
 * Turns a reservation into exactly one usage event. Safe to run any number of times for one workflow:
 * only the first moves the reservation from `reserved` to `settled`. One statement (atomic by itself):
 * settle the reservation, record the event, move the counter, and read what spend notifications need.
 */
export async function settleCall(db: Db, workflowId: string, extra: { productId?: string; providerCostUsd?: number } = {}): Promise<{ eventId?: string }> {
  const { rows } = await db.raw(
    `WITH r AS (
       UPDATE usage_reservations SET state = 'settled' WHERE workflow_id = ? AND state = 'reserved' RETURNING *
     ), e AS (
       INSERT INTO usage_events (workspace_id, event_type, quantity, billable_quantity, amount_usd, provider_cost_usd, source, product_id,
                                 dedupe_key, period_start, payments_sync_status)
       SELECT workspace_id, event_type, 1, CASE WHEN billable THEN 1 ELSE 0 END, price_usd, ?, source, ?, workflow_id, period_start,
              CASE WHEN billable THEN 'pending' ELSE 'not_applicable' END
       FROM r RETURNING id
     ), before AS (
       SELECT coalesce(sum(c.spent_usd), 0) AS spent FROM usage_counters c JOIN r ON c.workspace_id = r.workspace_id AND c.period_start = r.period_start
     ), counter AS (
       UPDATE usage_counters c
       SET reserved = c.reserved - 1, used = c.used + 1, reserved_usd = c.reserved_usd - r.price_usd, spent_usd = c.spent_usd + r.price_usd
       FROM r WHERE c.workspace_id = r.workspace_id AND c.period_start = r.period_start AND c.event_type = r.event_type
       RETURNING c.workspace_id
     )
     SELECT e.id, r.workspace_id, r.period_start, r.price_usd, before.spent, (SELECT count(*) FROM counter) AS counted,
            l.monthly_budget_usd, l.warning_threshold_usd, l.hard_limit_usd, l.notifications_enabled
     FROM e, r, before LEFT JOIN workspace_limits l ON l.workspace_id = (SELECT workspace_id FROM r)`,
    [workflowId, extra.providerCostUsd ?? 0, extra.productId ?? null],
  );
  const settled = rows[0];
  if (!settled) {
    const existing = await db('usage_events').select('id').where({ dedupe_key: workflowId }).first();
    return { eventId: existing?.id };
  }
  const limits = limitsOf(settled);
  const before = Number(settled.spent);
  const after = before + Number(settled.price_usd);
  // Rare (a threshold crossed at most twice a period): a second statement only then.
  if (limits.notificationsEnabled) {
    for (const threshold of crossedThresholds(before, after, limits)) {
      await db('spend_notifications')
        .insert({ workspace_id: settled.workspace_id, period_start: settled.period_start, threshold, spent_usd: after })
        .onConflict(['workspace_id', 'period_start', 'threshold'])
        .ignore();
    }
  }
  return { eventId: settled.id };
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

/**
 * Reservations still open long after any workflow would have settled them belong to calls whose API
 * process died between admitting the call and starting its workflow: give them back.
 */
export async function releaseStaleReservations(db: Db, olderThan: Date): Promise<number> {
  const stale: string[] = await db('usage_reservations').where({ state: 'reserved' }).andWhere('created_at', '<', olderThan).pluck('workflow_id');
  for (const workflowId of stale) await releaseCall(db, workflowId);
  return stale.length;
}
