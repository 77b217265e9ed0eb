import { proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { ClaimCheckOutcome, ClaimRef } from '../activities/claims';

// One look at DNS or the homepage: bounded by the lookup's own timeouts, retried only when the activity
// itself failed (Postgres down); an unanswered lookup is a pending outcome, not a failure.
const { checkClaim, expirePendingClaim } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 5, initialInterval: '1 second', maximumInterval: '10 seconds' },
});

/** POST /v1/claim/verify: one check now, its outcome returned to the caller. */
export async function claimCheckWorkflow(ref: ClaimRef): Promise<ClaimCheckOutcome> {
  return checkClaim(ref);
}

export interface ClaimWatchInput extends ClaimRef {
  /** When the claim expires (ISO); each check's outcome carries the current value. */
  expiresAt: string;
  /** First wait before a re-check (doubling each time); one minute unless given (tests use less). */
  firstDelayMs?: number;
  /** The longest wait between re-checks. */
  maxDelayMs?: number;
}

export interface ClaimWatchResult {
  status: 'verified' | 'expired' | 'conflict';
  checks: number;
  detail: string;
}

const MINUTE = 60_000;
const DEFAULT_MAX_DELAY_MS = 6 * 60 * MINUTE;

/**
 * A pending claim re-checked in the background (started when a claim is created, and again by a verify
 * that finds it pending if no watcher runs): wait, check, and double the wait (capped) until the token is
 * found, another workspace holds the product, or the claim expires, which it then marks. Timers only:
 * deterministic, and a 7-day watch is a few dozen events.
 */
export async function claimWatchWorkflow(input: ClaimWatchInput): Promise<ClaimWatchResult> {
  const ref = { claimId: input.claimId, workspaceId: input.workspaceId };
  const maxDelay = input.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
  let delay = Math.min(input.firstDelayMs ?? MINUTE, maxDelay);
  let expiresAt = Date.parse(input.expiresAt);
  let checks = 0;
  let detail = '';
  for (;;) {
    const left = expiresAt - Date.now();
    if (left <= 0) break;
    await sleep(Math.min(delay, left));
    if (Date.now() >= expiresAt) break;
    const outcome = await checkClaim(ref);
    checks++;
    detail = outcome.detail;
    expiresAt = Date.parse(outcome.expiresAt);
    if (outcome.status === 'verified') return { status: 'verified', checks, detail };
    if (outcome.status === 'expired') return { status: 'expired', checks, detail };
    if (outcome.conflict) return { status: 'conflict', checks, detail };
    delay = Math.min(delay * 2, maxDelay);
  }
  await expirePendingClaim(ref);
  return { status: 'expired', checks, detail: detail || 'The claim expired unverified.' };
}
