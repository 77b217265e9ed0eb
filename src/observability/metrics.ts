import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../store/db';
import { registerHttpMetrics } from './http-metrics';

/**
 * The process's Prometheus metrics (docs/decisions/operations.md#operations, "Operations"): one registry per process, so that
 * under `npm start`, where the API and the worker share a process, `GET /metrics` carries both. Names are
 * prefixed `agentdex_`; every label takes a bounded set of values (route templates, never raw paths).
 */
export const metricsRegistry = new Registry();
// The process's own: CPU, memory, heap, event-loop lag, handles (prom-client's defaults, under our prefix).
collectDefaultMetrics({ register: metricsRegistry, prefix: 'agentdex_' });

// HTTP requests by route, method and status, and their durations: tallied per series (http-metrics.ts).
registerHttpMetrics(metricsRegistry);

export const meteredCalls = new Counter({
  name: 'agentdex_metered_calls_total',
  help: 'Metered calls by operation and outcome: admitted, replayed (an Idempotency-Key answered from its record) or refused (with the refusal reason)',
  labelNames: ['operation', 'outcome', 'reason'] as const,
  registers: [metricsRegistry],
});

// Hits are counted in a plain number and added when scraped: a labelled inc on every cached read cost it
// a few percent of its throughput (issue 23; `git show 4db9dfa:bench/RESULTS.md`).
let pendingHits = 0;
export const responseCache = new Counter({
  name: 'agentdex_response_cache_total',
  help: 'Open reads answered from the response cache (hit) or computed (miss)',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
  collect() {
    if (pendingHits) this.inc({ result: 'hit' }, pendingHits);
    pendingHits = 0;
  },
});

/** One open read answered from the response cache. */
export function countCacheHit(): void {
  pendingHits++;
}

const pools = new Set<Db>();
/** Connections of the Postgres pools this process uses, by state, summed over its pools. */
new Gauge({
  name: 'agentdex_pg_pool_connections',
  help: 'Postgres pool connections by state: used (lent out), free (idle in the pool), pending (requests waiting for one)',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    let used = 0;
    let free = 0;
    let pending = 0;
    for (const db of pools) {
      const pool = (db.client as { pool?: { numUsed(): number; numFree(): number; numPendingAcquires(): number } }).pool;
      if (!pool) continue;
      used += pool.numUsed();
      free += pool.numFree();
      pending += pool.numPendingAcquires();
    }
    this.set({ state: 'used' }, used);
    this.set({ state: 'free' }, free);
    this.set({ state: 'pending' }, pending);
  },
});

/** Counts this pool's connections in agentdex_pg_pool_connections. */
export function observePool(db: Db): void {
  pools.add(db);
}

export const activityOutcomes = new Counter({
  name: 'agentdex_activity_outcomes_total',
  help: 'Activities this worker ran, by activity type and outcome (completed, failed; a retried activity counts each attempt)',
  labelNames: ['activity', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const activityDuration = new Histogram({
  name: 'agentdex_activity_duration_seconds',
  help: 'Time an activity attempt ran on this worker, by activity type',
  labelNames: ['activity'] as const,
  buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
  registers: [metricsRegistry],
});

export const auditsRecorded = new Counter({
  name: 'agentdex_audits_total',
  help: 'Audits this worker recorded, by outcome: scored (the site answered and was scored) or unreachable',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

let usageSync: (() => Promise<Date | undefined>) | undefined;
/** How far behind Stripe's usage sync is: the age of the oldest billable usage event not yet sent. */
new Gauge({
  name: 'agentdex_usage_sync_lag_seconds',
  help: 'Age of the oldest billable usage event not yet reported to Stripe (0 when none waits)',
  registers: [metricsRegistry],
  async collect() {
    if (!usageSync) return;
    const oldest = await usageSync().catch(() => undefined);
    this.set(oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0);
  },
});

/** The worker reports its usage-sync lag from this source (a worker's database). */
export function observeUsageSync(oldestUnsynced: () => Promise<Date | undefined>): void {
  usageSync = oldestUnsynced;
}
