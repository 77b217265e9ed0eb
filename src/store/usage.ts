import type { Db } from './db';

export interface CounterRow {
  event_type: string;
  used: number;
  reserved: number;
  spent_usd: number;
  reserved_usd: number;
}

export async function periodCounters(db: Db, workspaceId: string, periodStart: string): Promise<CounterRow[]> {
  return db('usage_counters')
    .select('event_type', 'used', 'reserved', 'spent_usd', 'reserved_usd')
    .where({ workspace_id: workspaceId, period_start: periodStart });
}

/** Billable calls recorded this period per event type (settled usage events beyond the included quantity). */
export async function billableCounts(db: Db, workspaceId: string, periodStart: string): Promise<Record<string, number>> {
  const rows = await db('usage_events')
    .select('event_type')
    .sum({ n: 'billable_quantity' })
    .where({ workspace_id: workspaceId, period_start: periodStart })
    .groupBy('event_type');
  return Object.fromEntries((rows as Array<{ event_type: string; n: string | number }>).map((r) => [r.event_type, Number(r.n)]));
}

export interface EventFilter {
  eventType?: string;
  productId?: string;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

/** A workspace's usage events, newest first. The workspace id is always part of the query. */
export async function listUsageEvents(db: Db, workspaceId: string, f: EventFilter) {
  const q = db('usage_events')
    .select('id', 'event_type', 'quantity', 'billable_quantity', 'source', 'provider_cost_usd', 'occurred_at', 'payments_sync_status', 'product_id')
    .where({ workspace_id: workspaceId });
  if (f.eventType) q.andWhere('event_type', f.eventType);
  if (f.productId) q.andWhere('product_id', f.productId);
  if (f.from) q.andWhere('occurred_at', '>=', f.from);
  if (f.to) q.andWhere('occurred_at', '<', f.to);
  return q
    .orderBy([
      { column: 'occurred_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(f.limit)
    .offset(f.offset);
}

export async function upsertLimits(
  db: Db,
  workspaceId: string,
  patch: Partial<{ monthly_budget_usd: number | null; warning_threshold_usd: number | null; hard_limit_usd: number | null; notifications_enabled: boolean }>,
): Promise<void> {
  await db('workspace_limits')
    .insert({ workspace_id: workspaceId, ...patch, updated_at: db.fn.now() })
    .onConflict('workspace_id')
    .merge({ ...patch, updated_at: db.fn.now() });
}

export async function countRecentSignups(db: Db, clientKey: string, since: Date): Promise<number> {
  const [row] = await db('signup_attempts').where({ client_key: clientKey }).andWhere('created_at', '>', since).count<{ count: number }[]>('* as count');
  return Number(row.count);
}

export async function recordSignup(db: Db, clientKey: string): Promise<void> {
  await db('signup_attempts').insert({ client_key: clientKey });
}

/** Calls per UTC day and event type from `from` on, for the dashboard's usage chart. */
export async function dailyUsage(db: Db, workspaceId: string, from: Date): Promise<Array<{ day: string; eventType: string; calls: number }>> {
  const rows = await db('usage_events')
    .select(db.raw(`to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day`), 'event_type')
    .sum({ calls: 'quantity' })
    .where({ workspace_id: workspaceId })
    .andWhere('occurred_at', '>=', from)
    .groupByRaw('1, 2')
    .orderByRaw('1, 2');
  return (rows as Array<{ day: string; event_type: string; calls: string | number }>).map((r) => ({
    day: r.day,
    eventType: r.event_type,
    calls: Number(r.calls),
  }));
}
