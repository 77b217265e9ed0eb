/**
 * When a failed webhook delivery is tried again (decisions.md: retries with backoff for at least 24 hours).
 * The delay doubles from `firstDelayMs` up to `maxDelayMs`; attempts go on until `windowMs` has passed
 * since the first, so the last one lands a day or more after the event.
 */
export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  windowMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { firstDelayMs: 5_000, maxDelayMs: 2 * 3_600_000, windowMs: 24 * 3_600_000 };

/**
 * The wait before the next attempt after `attemptsMade` failures, `elapsedMs` after the first attempt, or
 * null once the window is spent. `random` in [0,1) spreads retries by ±20% so endpoints that failed
 * together are not all retried in the same second.
 */
export function nextRetryDelay(p: RetryPolicy, attemptsMade: number, elapsedMs: number, random: number): number | null {
  if (elapsedMs >= p.windowMs) return null;
  const base = Math.min(p.maxDelayMs, p.firstDelayMs * 2 ** Math.max(0, attemptsMade - 1));
  const spread = Math.round(base * (0.8 + 0.4 * Math.min(Math.max(random, 0), 1)));
  // The window's end is always attempted once more: a receiver back just before it still gets the event.
  return Math.max(1, Math.min(spread, p.windowMs - elapsedMs));
}
