import type { CallLimits } from './plans';

export type CallVerdict = 'admitted' | 'rate' | 'in_flight';

export interface CallDecision {
  verdict: CallVerdict;
  /** The bucket's theoretical arrival time after this call (unchanged when refused). */
  nextTatMs: number;
  /** When refused for rate: milliseconds until a call would be admitted. */
  waitMs: number;
  /** Calls the bucket would still admit right now. */
  remaining: number;
}

/**
 * One metered call at `nowMs` against a workspace's limits, with `live` calls in flight and the bucket at
 * `tatMs` (GCRA, the token bucket kept as one time: each call moves it on by 1/rate seconds, and a call is
 * admitted while it stays within burst-1 steps of now). Pure: the reference for call_gate_decision in
 * migrations/20261201000000, which the store runs under the workspace's gate lock.
 */
export function decideCall(nowMs: number, tatMs: number, live: number, limits: CallLimits): CallDecision {
  const base = Math.max(tatMs, nowMs);
  const step = 1000 / limits.rate;
  const tolerance = ((limits.burst - 1) * 1000) / limits.rate; // computed as the SQL twin does, to the last bit
  const remainingAt = (tat: number) => Math.max(0, Math.floor((tolerance - (tat - nowMs)) / step) + 1);
  if (live >= limits.inFlight) return { verdict: 'in_flight', nextTatMs: tatMs, waitMs: 0, remaining: remainingAt(base) };
  if (base - nowMs > tolerance) return { verdict: 'rate', nextTatMs: tatMs, waitMs: base - nowMs - tolerance, remaining: 0 };
  return { verdict: 'admitted', nextTatMs: base + step, waitMs: 0, remaining: remainingAt(base + step) };
}

/** The RateLimit-Policy fields of a workspace's limits: the bucket as `burst` calls per window it refills in. */
export function bucketWindowSeconds(limits: CallLimits): number {
  return Math.max(1, Math.ceil(limits.burst / limits.rate));
}
