import { bucketWindowSeconds } from '../domain/call-limits';
import type { CallLimits } from '../domain/plans';
import { ApiError, type RateLimitState } from '../errors';
import type { Db } from '../store/db';
import { releaseCallSlots, type SlotAnswer, type SlotRequest, takeCallSlot } from '../store/call-gates';

/** A metered call let through its workspace's gate: `leave` hands its slot back when it ends. */
export interface GatePass {
  leave(): void;
  rateLimit: RateLimitState;
}

/**
 * A call waiting for the store's decision at the gate (a single-step read's travels with its usage record:
 * recordCalls with `gate`). Exactly one of `settle` and `abandon` is called.
 */
export interface GateTicket {
  /** What the store decides the call by. */
  request: SlotRequest;
  /** This process expects the store to admit the call (roomy): a guess for starting its work early, never a decision. */
  expected: boolean;
  /** The store's answer: the call's pass, or the 429 (thrown) that says which limit and when to retry. */
  settle(answer: SlotAnswer): GatePass;
  /** The store never decided (it could not be reached): the call took no slot. */
  abandon(): void;
}

/** What this process knows of a workspace's calls. */
interface LocalState {
  inFlight: number;
  limits?: CallLimits;
  blockedUntil: number;
  seen: number;
  /** The bucket's calls left at this process's last admission, and when. */
  tokens: number;
  tokensAt: number;
  /** No call is expected to be admitted before this: the store refused one lately. */
  calmAfter: number;
}

/** After a refusal, this long without expecting admissions. */
const CALM_MS = 1_000;

/**
 * Whether the store will surely admit the workspace's next call, as far as this process can tell: its
 * limits are known, nothing was refused lately, and at least half its bucket and half its places in flight
 * are free (other processes' calls are unseen here, hence the margin). Work started on this guess runs
 * unbilled if the guess is wrong, so a workspace at its limits (a flood) gets no such start.
 */
function roomy(s: LocalState, now: number): boolean {
  if (!s.limits || now < s.calmAfter || s.inFlight >= s.limits.inFlight / 2) return false;
  const tokens = Math.min(s.limits.burst, s.tokens + ((now - s.tokensAt) * s.limits.rate) / 1000);
  return tokens >= s.limits.burst / 2;
}

/** How long after its last call a process still remembers a workspace's limits and refusals. */
const REMEMBER_MS = 60_000;
/** Finished calls' slots wait this long for the workspace's next call to carry them back. */
const RELEASE_DELAY_MS = 20;

/**
 * Per-workspace limits on metered calls (docs/decisions/metering.md#per-workspace-limits, "Per-workspace limits"), decided in Postgres so
 * every API process shares them (store/call-gates). This process adds what it can know for free, so that a
 * flood is mostly refused without a round trip: a workspace refused for rate is refused here until its
 * bucket could admit again (a bucket's next free time only ever moves later, so this refuses nothing the
 * store would admit), and one with as many calls in flight here as its limit is refused at once.
 * Finished calls' slots go back with the workspace's next call, or after RELEASE_DELAY_MS in one statement
 * (and with the next call as well while that statement is out).
 */
export function callGate(db: Db, o: { ttlMs: number }) {
  const local = new Map<string, LocalState>();
  const pending = new Map<string, number[]>();
  /** Slots in a release statement not yet answered, by workspace. */
  const releasing = new Map<string, number[]>();
  let releaseScheduled = false;

  const stateOf = (workspaceId: string) => {
    let s = local.get(workspaceId);
    if (!s) {
      s = { inFlight: 0, blockedUntil: 0, seen: 0, tokens: 0, tokensAt: 0, calmAfter: 0 };
      local.set(workspaceId, s);
    }
    s.seen = Date.now();
    return s;
  };

  const flushReleases = () => {
    releaseScheduled = false;
    const batch = new Map(pending);
    pending.clear();
    for (const [id, slots] of batch) releasing.set(id, [...(releasing.get(id) ?? []), ...slots]);
    releaseCallSlots(db, batch)
      .catch(() => undefined) // a slot not handed back frees itself at its expiry
      .finally(() => {
        for (const [id, slots] of batch) {
          const left = (releasing.get(id) ?? []).filter((slot) => !slots.includes(slot));
          if (left.length) releasing.set(id, left);
          else releasing.delete(id);
        }
      });
    forgetIdle();
  };

  const forgetIdle = () => {
    const cutoff = Date.now() - REMEMBER_MS;
    for (const [id, s] of local) if (s.inFlight === 0 && s.seen < cutoff) local.delete(id);
  };

  /**
   * A call's place at the gate before the store decides it: refused here (429) for what this process
   * already knows, else counted in flight here until the store's answer settles it.
   */
  function open(workspaceId: string): GateTicket {
    const s = stateOf(workspaceId);
    const now = Date.now();
    if (s.limits && s.blockedUntil > now) throw tooManyCalls('rate', s.limits, s.blockedUntil - now);
    if (s.limits && s.inFlight >= s.limits.inFlight) throw tooManyCalls('in_flight', s.limits, 0);
    const expected = roomy(s, now);
    s.inFlight++;
    // Slots on their way back in a release statement go too: whichever statement reaches the gate row
    // first frees them (a slot freed twice is freed once), so this call never waits on one that has ended.
    const waiting = pending.get(workspaceId);
    pending.delete(workspaceId);
    const inRelease = releasing.get(workspaceId);
    const releases = inRelease ? [...inRelease, ...(waiting ?? [])] : waiting;
    let settled = false;
    const close = () => {
      if (settled) throw new Error('a gate ticket is settled once');
      settled = true;
      s.inFlight--;
    };
    return {
      request: { ttlMs: o.ttlMs, releases },
      expected,
      abandon() {
        close();
        if (waiting) pending.set(workspaceId, [...waiting, ...(pending.get(workspaceId) ?? [])]);
      },
      settle(answer) {
        if (answer.state === 'no_workspace') {
          close();
          throw new Error(`workspace ${workspaceId} vanished`);
        }
        s.limits = answer.limits;
        if (answer.state !== 'admitted') {
          close();
          if (answer.state === 'rate') s.blockedUntil = Date.now() + answer.waitMs;
          s.calmAfter = Date.now() + CALM_MS;
          throw tooManyCalls(answer.state, answer.limits, answer.waitMs);
        }
        if (settled) throw new Error('a gate ticket is settled once');
        settled = true;
        s.tokens = answer.remaining;
        s.tokensAt = Date.now();
        return passOf(workspaceId, s, answer.slot as number, answer);
      },
    };
  }

  function passOf(workspaceId: string, s: LocalState, slot: number, answer: { remaining: number; resetMs: number; limits: CallLimits }): GatePass {
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
  }

  return {
    open,
    /** Lets one call of the workspace through, or throws the 429 that says which limit and when to retry. */
    async enter(workspaceId: string): Promise<GatePass> {
      const ticket = open(workspaceId);
      let answer: SlotAnswer;
      try {
        answer = await takeCallSlot(db, workspaceId, ticket.request);
      } catch (err) {
        ticket.abandon();
        throw err;
      }
      return ticket.settle(answer);
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
