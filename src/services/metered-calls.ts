import { createHash, randomUUID } from 'node:crypto';
import { WorkflowNotFoundError, type WorkflowHandle } from '@temporalio/client';
import type { AppDeps } from '../deps';
import type { EventType } from '../domain/plans';
import { ApiError, type RateLimitState, unavailableDependency } from '../errors';
import { claimIdempotencyKey, completeIdempotencyKey, findIdempotencyRecord, releaseIdempotencyKey } from '../store/idempotency';
import { runWorkflow, waitForResult, type WorkflowOutcome } from '../temporal/run-workflow';
import { taskQueues } from '../temporal/task-queues';
import { type Caller, type Source, verifyCaller, type WorkspaceCaller } from './callers';
import { meteredCalls as meteredCallsMetric } from '../observability/metrics';
import { SPAN_ATTRIBUTES, tagActiveSpan } from '../observability/tracing';
import { callGate, type GatePass, type GateTicket } from './call-gate';
import { jobsService } from './jobs';
import { meteringService, TRIAL_QUOTA, TRIAL_WINDOW_MS, type Admission } from './metering';

/** How one door hands a metered call over: who calls, from where, and how they want to wait. */
export interface CallContext {
  caller: Caller;
  source: Source;
  /** Idempotency-Key (1..255 characters): a retry returns the stored answer and is never billed twice. */
  idempotencyKey?: string;
  /** Answer at once with a job instead of waiting for the workflow (`Prefer: respond-async`). */
  respondAsync?: boolean;
}

/** One metered primitive as the service runs it: its event type, its workflow and how to present the result. */
export interface WorkflowCall<R, O> {
  /** The operation's name: with the input, what identifies a request under an Idempotency-Key. */
  operation: string;
  eventType: EventType;
  /** Job kind and workflow id prefix, e.g. "audit". */
  kind: string;
  workflowType: string;
  /** The workflow's single argument. */
  input: Record<string, unknown>;
  /** The answer for a completed workflow; the workflow's result itself when absent. */
  present?(result: R): Promise<O>;
  /**
   * How a workspace's call is admitted: `reserve` (default), a reservation its workflow's last step
   * settles; `recorded` for single-step reads, admitted with its usage event written in one round trip
   * (its workflow must refund a failure: meteredRead). Trial calls always take the trial bucket first.
   */
  admission?: 'reserve' | 'recorded';
}

export interface JobAccepted {
  status: 'running';
  jobId: string;
  location: string;
}

/**
 * What a metered call answered: the result (200), or a job still running (202). A replay carries the
 * stored bytes, so every door returns exactly what the first call returned.
 */
export type CallOutcome<O> = ({ status: 200; body: O } | { status: 202; body: JobAccepted } | { status: number; body: unknown; stored: string }) & {
  replayed: boolean;
  /** The trial bucket after an anonymous call, the workspace's bucket after a keyed one. */
  rateLimit?: RateLimitState;
};

const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
const MAX_KEY_LENGTH = 255;

/**
 * The one path every metered primitive takes, whichever door it came through (REST, MCP, CLI): the
 * Idempotency-Key (replay, 422 on a different request, duplicates attach to the same workflow), the trial
 * bucket or the workspace's entitlement (429 / 402, nothing run), then the workflow, whose last step
 * records the usage event with the caller's source. Calls that fail are never charged.
 */
export function meteredCalls(deps: AppDeps) {
  const metering = meteringService(deps.db);
  const jobs = jobsService(deps);
  const queue = taskQueues(deps.config.temporal.taskQueue).primitives;
  // A call holds its slot while it waits for its workflow; one whose process died frees it a little later.
  const gate = callGate(deps.db, { ttlMs: deps.config.temporal.workflowWaitMs + 10_000 });

  /**
   * A workspace's call first passes its per-workspace limits (429 beyond them, nothing started or billed),
   * and holds its place in flight until it answers; a trial call is limited by the trial bucket instead.
   */
  async function run<R, O>(call: WorkflowCall<R, O>, ctx: CallContext): Promise<CallOutcome<O>> {
    try {
      const outcome = await gated(call, ctx);
      meteredCallsMetric.inc({ operation: call.operation, outcome: outcome.replayed ? 'replayed' : 'admitted', reason: '' });
      return outcome;
    } catch (err) {
      if (err instanceof ApiError && (err.status === 402 || err.status === 429)) {
        const reason = typeof err.extra.reason === 'string' ? err.extra.reason : ctx.caller.kind === 'anonymous' ? 'TRIAL_EXHAUSTED' : String(err.status);
        meteredCallsMetric.inc({ operation: call.operation, outcome: 'refused', reason });
      }
      throw err;
    }
  }

  async function gated<R, O>(call: WorkflowCall<R, O>, ctx: CallContext): Promise<CallOutcome<O>> {
    if (ctx.caller.kind !== 'workspace') return runAdmitted(call, ctx);
    let pass: GatePass | undefined;
    let ticket: GateTicket | undefined;
    let decided = false;
    if (call.admission === 'recorded' && ctx.idempotencyKey === undefined) {
      // A single-step read without an Idempotency-Key: its gate travels with its usage record (runRecorded).
      const opened = gate.open(ctx.caller.workspaceId);
      ticket = {
        ...opened,
        settle: (answer) => {
          decided = true;
          pass = opened.settle(answer);
          return pass;
        },
        abandon: () => {
          decided = true;
          opened.abandon();
        },
      };
    } else {
      pass = await gate.enter(ctx.caller.workspaceId);
    }
    try {
      const outcome = await runAdmitted(call, ctx, ticket);
      return outcome.rateLimit || !pass ? outcome : { ...outcome, rateLimit: pass.rateLimit };
    } finally {
      if (ticket && !decided) ticket.abandon(); // failed before its record went out
      pass?.leave();
    }
  }

  async function runAdmitted<R, O>(call: WorkflowCall<R, O>, ctx: CallContext, ticket?: GateTicket): Promise<CallOutcome<O>> {
    const { caller, idempotencyKey: key } = ctx;
    const scope = caller.kind === 'workspace' ? `ws:${caller.workspaceId}` : caller.clientKey;
    if (key !== undefined && (key.length === 0 || key.length > MAX_KEY_LENGTH)) {
      throw new ApiError(400, `Invalid request: header Idempotency-Key: must be 1 to ${MAX_KEY_LENGTH} characters`);
    }
    const waitMs = ctx.respondAsync ? 0 : deps.config.temporal.workflowWaitMs;
    const workflowId = key ? `${call.kind}-${sha256(`${scope}\n${key}`).slice(0, 40)}` : `${call.kind}-${randomUUID()}`;
    tagActiveSpan(SPAN_ATTRIBUTES.workflowId, workflowId);

    if (key) {
      const requestHash = sha256(`${call.operation}\n${canonicalJson(call.input)}`);
      const claim = await claimIdempotencyKey(deps.db, {
        scope,
        key,
        requestHash,
        workflowId,
        now: new Date(),
        expiresAt: new Date(Date.now() + IDEMPOTENCY_TTL_MS),
      });
      if (claim.state === 'mismatch') throw new ApiError(422, 'Idempotency-Key was already used with a different request');
      if (claim.state !== 'claimed') await verifyCaller(deps.db, caller); // no admission below to check the key
      if (claim.state === 'completed') return replay(claim.status, claim.body);
      if (claim.state === 'running') return attach(call, ctx, scope, key, claim.workflowId, waitMs);
    }

    let ran: { outcome: WorkflowOutcome<R>; rateLimit?: RateLimitState };
    try {
      ran =
        call.admission === 'recorded' && caller.kind === 'workspace'
          ? await runRecorded<R, O>(call, caller, ctx.source, workflowId, waitMs, ticket)
          : await runReserved<R, O>(call, caller, ctx.source, workflowId, waitMs);
    } catch (err) {
      // Refused, never started or failed: the caller is not charged and may retry under the same key.
      if (key) await releaseIdempotencyKey(deps.db, scope, key);
      throw err;
    }
    const { outcome, rateLimit } = ran;
    const answer = await present(call, caller, outcome);
    if (key) {
      // Serialise once: the stored bytes are the bytes every door sends, so replays are identical.
      const stored = JSON.stringify(answer.body);
      await completeIdempotencyKey(deps.db, scope, key, answer.status, stored).catch((err: unknown) => {
        // The call ran and is charged: hand its answer out even if Postgres went away just now. The record
        // stays `running` under this workflow's id, so a retry attaches to the finished workflow and gets
        // the same answer, never a second charge. Anything but an outage is still a failure.
        if (!unavailableDependency(err)) throw err;
        deps.logger.warn({ err, workflowId }, 'answered a metered call whose Idempotency-Key record could not be completed');
      });
      return { ...answer, stored, replayed: false, rateLimit };
    }
    return { ...answer, replayed: false, rateLimit };
  }

  const start = <R>(call: WorkflowCall<R, unknown>, workflowId: string, waitMs: number) =>
    runWorkflow<R>(deps.temporal.client, call.workflowType, { workflowId, taskQueue: queue, args: [call.input], waitMs, eagerStart: deps.temporal.eagerStart });

  /** Admission first (a reservation, or the trial bucket), then the workflow, whose last step settles it. */
  async function runReserved<R, O>(call: WorkflowCall<R, O>, caller: Caller, source: Source, workflowId: string, waitMs: number) {
    const admission = await metering.admit(caller, call.eventType, workflowId, source);
    if (!admission.admitted) throw refusal(admission);
    try {
      return { outcome: await start<R>(call, workflowId, waitMs), rateLimit: trialState(admission) };
    } catch (err) {
      if (isStartFailure(err)) await metering.undo(admission, workflowId);
      else await metering.refundTrial(admission);
      throw err;
    }
  }

  /**
   * A single-step read: admitted and its usage event recorded in one round trip, with or before the
   * workflow. A failure takes the event back (so does the workflow, should it fail after a 202). One durable
   * write per call instead of a reservation and a settlement: see docs/decisions/metering.md, "Accounts and metering".
   * With a gate ticket, the workspace's limits are decided in the same round trip, first.
   */
  async function runRecorded<R, O>(call: WorkflowCall<R, O>, caller: WorkspaceCaller, source: string, workflowId: string, waitMs: number, ticket?: GateTicket) {
    // A workspace admitted moments ago is almost surely admitted again: its read starts while the admission
    // commits, which takes a Postgres commit off the call's latency. Should it be refused after all, the read
    // runs unseen and unbilled (at most the calls in flight as the workspace runs out; docs/decisions/metering.md).
    const expected = metering.expectsAdmission(caller, call.eventType) && (ticket?.expected ?? true);
    const early = expected ? start<R>(call, workflowId, waitMs) : undefined;
    early?.catch(() => undefined); // awaited below once admitted; ignored if the call is refused
    const admission = ticket
      ? await metering.recordGated(caller, call.eventType, workflowId, source, ticket)
      : await metering.record(caller, call.eventType, workflowId, source);
    if (!admission.admitted) throw refusal(admission);
    try {
      return { outcome: await (early ?? start<R>(call, workflowId, waitMs)) };
    } catch (err) {
      await metering.refund(workflowId);
      throw err;
    }
  }

  async function present<R, O>(call: WorkflowCall<R, O>, caller: Caller, outcome: WorkflowOutcome<R>) {
    if (outcome.status === 'completed')
      return { status: 200 as const, body: call.present ? await call.present(outcome.result) : (outcome.result as unknown as O) };
    const owner = caller.kind === 'workspace' ? { workspaceId: caller.workspaceId } : { clientKey: caller.clientKey };
    const jobId = await jobs.create(call.kind, outcome.workflowId, owner);
    return { status: 202 as const, body: { status: 'running' as const, jobId, location: `/v1/jobs/${jobId}` } };
  }

  /** A duplicate of a request still in flight: wait for the same workflow; never start a second one. */
  async function attach<R, O>(
    call: WorkflowCall<R, O>,
    ctx: CallContext,
    scope: string,
    key: string,
    workflowId: string,
    waitMs: number,
  ): Promise<CallOutcome<O>> {
    tagActiveSpan(SPAN_ATTRIBUTES.workflowId, workflowId);
    const deadline = Date.now() + waitMs;
    for (;;) {
      const record = await findIdempotencyRecord(deps.db, scope, key);
      if (!record) return runAdmitted(call, ctx); // the first request was refused or failed and let the key go
      if (record.status === 'completed') return replay(record.response_status, record.response_body);
      let handle: WorkflowHandle | undefined;
      try {
        handle = deps.temporal.client.workflow.getHandle(workflowId);
        await handle.describe();
      } catch (err) {
        if (!(err instanceof WorkflowNotFoundError)) throw err;
        handle = undefined; // the first request has not started it yet
      }
      if (handle) {
        const outcome = await waitForResult<R>(handle, Math.max(0, deadline - Date.now()));
        if (call.admission === 'recorded' && ctx.caller.kind === 'workspace') {
          // The first request may have died before recording: a result is never handed out unrecorded.
          const recorded = await metering.record(ctx.caller, call.eventType, workflowId, ctx.source);
          if (!recorded.admitted) throw refusal(recorded);
        }
        const answer = await present(call, ctx.caller, outcome);
        if (outcome.status === 'completed') {
          // The request that claimed the key may never store this answer (its API process died mid-wait):
          // store it now, so later retries replay it from the database, byte for byte, even once the
          // workflow's history is gone. Whichever answer was stored first is the one every retry gets.
          await completeIdempotencyKey(deps.db, scope, key, answer.status, JSON.stringify(answer.body));
          const stored = await findIdempotencyRecord(deps.db, scope, key);
          if (stored?.status === 'completed') return replay(stored.response_status, stored.response_body);
        }
        return { ...answer, replayed: true };
      }
      if (Date.now() > deadline) {
        throw new ApiError(409, 'A request with this Idempotency-Key is still being accepted; retry shortly', {}, { retryAfterSeconds: 1 });
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  return { run };
}

function replay(status: number, stored: string): CallOutcome<never> {
  return { status, body: JSON.parse(stored) as unknown, stored, replayed: true };
}

function trialState(a: Admission): RateLimitState | undefined {
  const trial = a.admitted ? a.trial : a.kind === 'trial' ? a.trial : undefined;
  return trial && trialLimit(trial.remaining, trial.resetSeconds);
}

const trialLimit = (remaining: number, resetSeconds: number): RateLimitState => ({
  policy: 'trial',
  quota: TRIAL_QUOTA,
  windowSeconds: TRIAL_WINDOW_MS / 1000,
  remaining,
  resetSeconds,
});

const REFUSALS = {
  QUOTA_EXHAUSTED: (plan: string, eventType: string) => `The ${plan} plan's included ${eventType} calls for this period are used up`,
  SPEND_LIMIT_REACHED: () => 'The workspace hard spend limit is reached',
  PAYMENT_REQUIRED: () => 'Calls beyond the included quantity need a payment method (POST /v1/billing/checkout)',
  OK: () => 'Allowed',
} as const;

function refusal(a: Extract<Admission, { admitted: false }>): ApiError {
  if (a.kind === 'trial') {
    const { remaining, resetSeconds } = a.trial;
    return new ApiError(
      429,
      `The anonymous trial allows ${TRIAL_QUOTA} metered calls per hour per IP; retry in ${resetSeconds} s or use an API key`,
      { retryAfter: resetSeconds },
      { retryAfterSeconds: resetSeconds, rateLimit: trialLimit(remaining, resetSeconds) },
    );
  }
  const d = a.decision;
  return new ApiError(402, REFUSALS[d.reason](a.plan, a.eventType), {
    reason: d.reason,
    eventType: a.eventType,
    plan: a.plan,
    included: d.included,
    used: a.used,
    remaining: d.remaining,
    hardLimitUsd: a.hardLimitUsd,
    spentUsd: a.spentUsd,
  });
}

function isStartFailure(err: unknown): boolean {
  const name = (err as { name?: string })?.name ?? '';
  return !/WorkflowFailedError/.test(name);
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** JSON with object keys sorted, so equal requests hash equally whatever their key order. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}
