import { bucketWindowSeconds } from '../domain/call-limits';
import type { CallLimits } from '../domain/plans';
import { ApiError, type RateLimitState } from '../errors';
import type { Db } from '../store/db';
import { releaseCallSlots, takeCallSlot } from '../store/call-gates';

/** A metered call let through its workspace's gate: `leave` hands its slot back when it ends. */
export interface GatePass {
  leave(): void;
  rateLimit: RateLimitState;
}

/** How long after its last call a process still remembers a workspace's limits and refusals. */
const REMEMBER_MS = 60_000;
/** Finished calls' slots wait this long for the workspace's next call to carry them back. */
const RELEASE_DELAY_MS = 20;

/**
 * Per-workspace limits on metered calls (docs/decisions.md, "Per-workspace limits"), decided in Postgres so
 * every API process shares them (store/call-gates). This process adds what it can know for free, so that a
 * flood is mostly refused without a round trip: a workspace refused for rate is refused here until its
 * bucket could admit again (a bucket's next free time only ever moves later, so this refuses nothing the
 * store would admit), and one with as many calls in flight here as its limit is refused at once.
 * Finished calls' slots go back with the workspace's next call, or after RELEASE_DELAY_MS in one statement.
 */
export function callGate(db: Db, o: { ttlMs: number }) {
  const local = new Map<string, { inFlight: number; limits?: CallLimits; blockedUntil: number; seen: number }>();
  const pending = new Map<string, number[]>();
  let releaseScheduled = false;

  const stateOf = (workspaceId: string) => {
    let s = local.get(workspaceId);
    if (!s) {
      s = { inFlight: 0, blockedUntil: 0, seen: 0 };
      local.set(workspaceId, s);
    }
    s.seen = Date.now();
    return s;
  };

  const flushReleases = () => {
    releaseScheduled = false;
    const batch = new Map(pending);
    pending.clear();
    releaseCallSlots(db, batch).catch(() => undefined); // a slot not handed back frees itself at its expiry
    forgetIdle();
  };

  const forgetIdle = () => {
    const cutoff = Date.now() - REMEMBER_MS;
    for (const [id, s] of local) if (s.inFlight === 0 && s.seen < cutoff) local.delete(id);
  };

  return {
    /** Lets one call of the workspace through, or throws the 429 that says which limit and when to retry. */
    async enter(workspaceId: string): Promise<GatePass> {
      const s = stateOf(workspaceId);
      const now = Date.now();
      if (s.limits && s.blockedUntil > now) throw tooManyCalls('rate', s.limits, s.blockedUntil - now);
      if (s.limits && s.inFlight >= s.limits.inFlight) throw tooManyCalls('in_flight', s.limits, 0);
      s.inFlight++;
      const releases = pending.get(workspaceId);
      pending.delete(workspaceId);
      let answer: Awaited<ReturnType<typeof takeCallSlot>>;
      try {
        answer = await takeCallSlot(db, workspaceId, { ttlMs: o.ttlMs, releases });
      } catch (err) {
        s.inFlight--;
        if (releases) pending.set(workspaceId, [...releases, ...(pending.get(workspaceId) ?? [])]);
        throw err;
      }
      if (answer.state === 'no_workspace') {
        s.inFlight--;
        throw new Error(`workspace ${workspaceId} vanished`);
      }
      s.limits = answer.limits;
      if (answer.state !== 'admitted') {
        s.inFlight--;
        if (answer.state === 'rate') s.blockedUntil = Date.now() + answer.waitMs;
        throw tooManyCalls(answer.state, answer.limits, answer.waitMs);
      }
      const slot = answer.slot as number;
      let left = false;
      return {
        rateLimit: {
          policy: 'workspace',
          quota: answer.limits.burst,
          windowSeconds: bucketWindowSeconds(answer.limits),
          remaining: answer.remaining,
          resetSeconds: Math.ceil(answer.resetMs / 1000),
        },
        leave() {
          if (left) return;
          left = true;
          s.inFlight--;
          s.seen = Date.now();
          pending.set(workspaceId, [...(pending.get(workspaceId) ?? []), slot]);
          if (!releaseScheduled) {
            releaseScheduled = true;
            setTimeout(flushReleases, RELEASE_DELAY_MS).unref();
          }
        },
      };
    },
  };
}

export type CallGate = ReturnType<typeof callGate>;

/**
 * The 429 of a workspace over its limits: the limit named, Retry-After in whole seconds. Deliberately no
 * finer wait: a flood's callers all told "in 20 ms" would come back together and be refused together, many
 * times a second; told "in 1 s" they come back at the bucket's pace.
 */
function tooManyCalls(verdict: 'rate' | 'in_flight', limits: CallLimits, waitMs: number): ApiError {
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  const message =
    verdict === 'rate'
      ? `This workspace may start ${limits.rate} metered calls per second (bursts of ${limits.burst}); retry in ${retryAfter} s`
      : `This workspace already has ${limits.inFlight} metered calls running, its limit; retry when one ends`;
  return new ApiError(
    429,
    message,
    { reason: verdict === 'rate' ? 'RATE_LIMITED' : 'TOO_MANY_IN_FLIGHT', retryAfter, limits },
    {
      retryAfterSeconds: retryAfter,
      rateLimit:
        verdict === 'rate'
          ? { policy: 'workspace', quota: limits.burst, windowSeconds: bucketWindowSeconds(limits), remaining: 0, resetSeconds: retryAfter }
          : { policy: 'in-flight', quota: limits.inFlight, remaining: 0, resetSeconds: retryAfter },
    },
  );
}
