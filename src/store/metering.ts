import type { Knex } from 'knex';
import { crossedThresholds, decide, type Decision, type Limits } from '../domain/entitlements';
import { billingPeriod, PLANS, planFor, RATES_USD, type EventType } from '../domain/plans';
import type pg from 'pg';
import { type Db, withConnection } from './db';
import { type SlotAnswer, type SlotRequest, slotParams } from './call-gates';

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

export interface Reserved {
  decision: Decision;
  plan: string;
  usage: { used: number; spentUsd: number; hardLimitUsd: number | null };
  reservation?: Reservation;
}

/**
 * Decides and, when allowed, reserves one call for a workspace. The workspace row lock serialises all
 * reservations of a workspace across API processes, so N concurrent calls are decided one by one. Every
 * metered call pays for this, so it is two round trips on one connection, in pg's simple query protocol
 * (several statements per message, values inlined as escaped literals): BEGIN with the lock and the read,
 * then the write with COMMIT (or ROLLBACK when refused). The lock and the read are separate statements:
 * under READ COMMITTED each statement reads as of its own start, so the read, started after the lock was
 * granted, sees every reservation committed before. The decision itself stays in domain/entitlements.
 */
export async function reserveCall(
  db: Db,
  r: {
    workspaceId: string;
    eventType: EventType;
    workflowId: string;
    source: string;
    now: Date;
    /** Also confirm this key of the workspace is unrevoked, in the same round trip (see services/callers). */
    keyId?: string;
  },
): Promise<Reserved | { keyRevoked: true }> {
  const periodStart = day(billingPeriod(r.now).start);
  return withConnection(db, async (c) => {
    const lit = (v: string) => c.escapeLiteral(v);
    const ws = lit(r.workspaceId);
    const keyCheck = r.keyId
      ? `; SELECT EXISTS (SELECT 1 FROM api_keys WHERE id = ${lit(r.keyId)} AND workspace_id = ${ws} AND revoked_at IS NULL) AS active`
      : '';
    const [, lock, state, key] = (await c.query(`BEGIN; ${lockSql(ws)}; ${stateSql(ws, lit(periodStart))}${keyCheck}`)) as unknown as pg.QueryResult[];
    const locked = lock.rows[0];
    if (!locked) {
      await c.query('ROLLBACK');
      throw new Error(`workspace ${r.workspaceId} vanished`);
    }
    if (key && !key.rows[0].active) {
      await c.query('ROLLBACK');
      return { keyRevoked: true };
    }
    const row = { ...locked, ...state.rows[0] };
    const counters = row.counters as Array<{ event_type: string; used: number; reserved: number; spent_usd: number; reserved_usd: number }>;
    const mine = counters.find((k) => k.event_type === r.eventType);
    const spentUsd = counters.reduce((n, k) => n + Number(k.spent_usd) + Number(k.reserved_usd), 0);
    const used = (mine?.used ?? 0) + (mine?.reserved ?? 0);
    const limits = limitsOf(row);
    const decision = decide(planFor(row.plan), row.metered_enabled, r.eventType, { used, spentUsd }, limits);
    const usage = { used, spentUsd: Math.round(spentUsd * 1e6) / 1e6, hardLimitUsd: limits.hardLimitUsd };
    if (!decision.allowed) {
      await c.query('ROLLBACK');
      return { decision, plan: row.plan, usage };
    }
    const reservation: Reservation = {
      workflowId: r.workflowId,
      workspaceId: r.workspaceId,
      eventType: r.eventType,
      periodStart,
      priceUsd: decision.priceUsd,
      billable: decision.billable,
      source: r.source,
    };
    const [period, type, price] = [lit(periodStart), lit(r.eventType), sqlNumber(decision.priceUsd)];
    await c.query(
      `WITH counter AS (
         INSERT INTO usage_counters (workspace_id, period_start, event_type, reserved, reserved_usd) VALUES (${ws}, ${period}, ${type}, 1, ${price})
         ON CONFLICT (workspace_id, period_start, event_type)
         DO UPDATE SET reserved = usage_counters.reserved + 1, reserved_usd = usage_counters.reserved_usd + EXCLUDED.reserved_usd
       )
       INSERT INTO usage_reservations (workflow_id, workspace_id, period_start, event_type, price_usd, billable, source)
       VALUES (${lit(r.workflowId)}, ${ws}, ${period}, ${type}, ${price}, ${decision.billable}, ${lit(r.source)});
       COMMIT`,
    );
    return { decision, plan: row.plan, usage, reservation };
  });
}

/**
 * The lock that serialises a workspace's reservations. FOR NO KEY UPDATE, not FOR UPDATE: it excludes other
 * reservations but not the key-share lock every insert referencing the workspace takes for its foreign
 * key. With FOR UPDATE, a settle (which updates the counter row, then checks usage_events' foreign key)
 * and a reservation (which holds the workspace, then upserts the same counter row) deadlocked under load.
 */
const lockSql = (workspace: string) => `SELECT plan, metered_enabled FROM workspaces WHERE id = ${workspace} FOR NO KEY UPDATE`;

/** The period's counters of every event type and the workspace's limits, in one row. */
const stateSql = (workspace: string, period: string) =>
  `SELECT coalesce((SELECT json_agg(json_build_object('event_type', c.event_type, 'used', c.used, 'reserved', c.reserved,
                                                     'spent_usd', c.spent_usd, 'reserved_usd', c.reserved_usd))
                   FROM usage_counters c WHERE c.workspace_id = ${workspace} AND c.period_start = ${period}), '[]') AS counters,
          l.monthly_budget_usd, l.warning_threshold_usd, l.hard_limit_usd, l.notifications_enabled
   FROM (SELECT 1) one LEFT JOIN workspace_limits l ON l.workspace_id = ${workspace}`;

function sqlNumber(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`not a finite number: ${n}`);
  return String(n);
}

/** Takes the reservation lock inside a caller's transaction (tests hold it to model a reservation in progress). */
export async function lockWorkspaceForReservation(trx: Knex.Transaction, workspaceId: string): Promise<void> {
  await trx.raw(lockSql('?'), [workspaceId]);
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
  if ('keyRevoked' in res) return { allowed: false, reason: 'KEY_REVOKED' }; // unreachable: no key given
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
  await notifyCrossedThresholds(db, settled.workspace_id, settled.period_start, Number(settled.spent), Number(settled.price_usd), limitsOf(settled));
  return { eventId: settled.id };
}

/** Records a spend notification for each threshold the call's price carried spend across (rare: a second statement only then). */
async function notifyCrossedThresholds(db: Db, workspaceId: string, periodStart: string, before: number, price: number, limits: Limits): Promise<void> {
  if (!limits.notificationsEnabled) return;
  const after = before + price;
  for (const threshold of crossedThresholds(before, after, limits)) {
    await db('spend_notifications')
      .insert({ workspace_id: workspaceId, period_start: periodStart, threshold, spent_usd: after })
      .onConflict(['workspace_id', 'period_start', 'threshold'])
      .ignore();
  }
}

export type RecordedCall = (
  | { state: 'admitted' | 'recorded'; eventId: string }
  | { state: 'key_revoked' | 'no_workspace' }
  | { state: 'refused'; decision: Decision; plan: string; usage: { used: number; spentUsd: number; hardLimitUsd: number | null } }
  /** The workspace's limits refused the call (its `gate` says which): nothing recorded. */
  | { state: 'gated' }
) & {
  /** The gate's answer, for a call that carried `gate`. */
  gate?: SlotAnswer;
};

export interface CallToRecord {
  workspaceId: string;
  eventType: EventType;
  workflowId: string;
  source: string;
  now: Date;
  /** Also confirm this key of the workspace is unrevoked. */
  keyId?: string;
  /** Decide the call against the workspace's limits first (take_call_slot); only an admitted call is metered. */
  gate?: SlotRequest;
}

/**
 * Admits calls and records their usage events, one statement for all (meter_calls,
 * migrations/20261125000000): for the calls whose whole work is one read. The same decision as
 * reserveCall, under the same workspace lock, each call as if alone and in the order given; idempotent per
 * workflow id (a call already recorded is `recorded`). A call with `gate` passes its workspace's limits
 * first, in the same statement (migrations/20261202000000). Answers in the order of `calls`.
 */
export async function recordCalls(db: Db, calls: CallToRecord[]): Promise<RecordedCall[]> {
  const inputs = calls.map((r) => {
    const period = day(billingPeriod(r.now).start);
    const plans = Object.fromEntries(
      Object.values(PLANS).map((p) => [p.key, { included: p.included[r.eventType], overage: p.overage, requiresPaymentMethod: p.requiresPaymentMethod }]),
    );
    return {
      workspace: r.workspaceId,
      ...(r.keyId ? { key: r.keyId } : {}),
      workflow: r.workflowId,
      eventType: r.eventType,
      source: r.source,
      period,
      rate: RATES_USD[r.eventType],
      plans,
      ...(r.gate ? { gate: slotParams(r.workspaceId, r.gate) } : {}),
    };
  });
  const { rows } = await db.raw('SELECT meter_calls(?::jsonb) AS m', [JSON.stringify(inputs)]);
  // biome-ignore lint/suspicious/noExplicitAny: meter_call's JSON answer, read by field below
  const answers = rows[0].m as Array<Record<string, any>>;
  return Promise.all(
    answers.map(async (m, i): Promise<RecordedCall> => {
      const gate = m.gate as SlotAnswer | undefined;
      if (m.state === 'admitted') {
        await notifyCrossedThresholds(
          db,
          calls[i].workspaceId,
          inputs[i].period,
          Number(m.spentBefore),
          Number(m.priceUsd),
          limitsOf({
            monthly_budget_usd: m.monthlyBudgetUsd,
            warning_threshold_usd: m.warningThresholdUsd,
            hard_limit_usd: m.hardLimitUsd,
            notifications_enabled: m.notificationsEnabled,
          }),
        );
        return { state: 'admitted', eventId: m.eventId, gate };
      }
      if (m.state !== 'refused') return m as RecordedCall;
      const decision: Decision = { allowed: false, reason: m.reason, included: m.included, remaining: m.remaining, priceUsd: 0, billable: m.remaining === 0 };
      return {
        state: 'refused',
        decision,
        plan: m.plan,
        usage: { used: m.used, spentUsd: Math.round(Number(m.spentUsd) * 1e6) / 1e6, hardLimitUsd: m.hardLimitUsd },
        gate,
      };
    }),
  );
}

/** One call: recordCalls of one. */
export async function recordCall(db: Db, call: CallToRecord): Promise<RecordedCall> {
  return (await recordCalls(db, [call]))[0];
}

/**
 * Takes back the usage event recordCall recorded for a call that then failed: the event goes, the counter
 * comes down. Idempotent; a no-op for calls that reserved (releaseCall gives those back), for calls already
 * sent to Stripe, and for calls never recorded.
 */
export async function refundCall(db: Db, workflowId: string): Promise<void> {
  await db.raw(
    `WITH e AS (
       DELETE FROM usage_events e WHERE e.dedupe_key = ? AND e.payments_sync_status <> 'synced'
         AND NOT EXISTS (SELECT 1 FROM usage_reservations r WHERE r.workflow_id = e.dedupe_key)
       RETURNING workspace_id, period_start, event_type, amount_usd
     )
     UPDATE usage_counters c SET used = c.used - 1, spent_usd = c.spent_usd - e.amount_usd
     FROM e WHERE c.workspace_id = e.workspace_id AND c.period_start = e.period_start AND c.event_type = e.event_type`,
    [workflowId],
  );
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
