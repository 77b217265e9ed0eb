import { createHash, randomUUID } from 'node:crypto';
import { WorkflowNotFoundError, type WorkflowHandle } from '@temporalio/client';
import type { Context } from 'koa';
import type { AppDeps } from '../app';
import type { EventType } from '../domain/plans';
import { meteringService, TRIAL_QUOTA, TRIAL_WINDOW_MS, type Admission } from '../services/metering';
import { jobsService } from '../services/jobs';
import { claimIdempotencyKey, completeIdempotencyKey, findIdempotencyRecord, releaseIdempotencyKey } from '../store/idempotency';
import { runWorkflow, waitForResult, type WorkflowOutcome } from '../temporal/run-workflow';
import { taskQueues } from '../temporal/task-queues';
import type { Caller } from './auth';
import { HttpError } from './errors';

export interface MeteredCall<R> {
  eventType: EventType;
  /** Job kind and workflow id prefix, e.g. "audit". */
  kind: string;
  workflowType: string;
  /** The workflow's single argument; also what identifies the request for Idempotency-Key. */
  input: Record<string, unknown>;
  /** The response body for a completed workflow. */
  present(result: R): Promise<unknown>;
}

const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
const prefersAsync = (ctx: Context) => /\brespond-async\b/i.test(ctx.get('prefer'));

/**
 * The one gate every metered primitive passes through, so a new primitive is metered by declaring its
 * event type: Idempotency-Key (replay, 422 on a different request, duplicates attach to the same
 * workflow), trial bucket or entitlement (429 / 402, nothing run), then the workflow, whose last step
 * records the usage event. Calls that fail are never charged.
 */
export function meteredGate(deps: AppDeps) {
  const metering = meteringService(deps.db);
  const jobs = jobsService(deps);
  const queue = taskQueues(deps.config.temporal.taskQueue).primitives;

  return async function gate<R>(ctx: Context, call: MeteredCall<R>): Promise<void> {
    const caller = ctx.state.caller as Caller;
    const source = (ctx.state.source as string | undefined) ?? (ctx.get('x-agentdex-source') === 'cli' ? 'cli' : 'api');
    const scope = caller.kind === 'workspace' ? `ws:${caller.workspaceId}` : caller.clientKey;
    const key = ctx.get('idempotency-key');
    if (key && key.length > 255) throw new HttpError(400, 'Invalid request: header Idempotency-Key: at most 255 characters');
    const waitMs = prefersAsync(ctx) ? 0 : deps.config.temporal.workflowWaitMs;
    const workflowId = key ? `${call.kind}-${sha256(`${scope}\n${key}`).slice(0, 40)}` : `${call.kind}-${randomUUID()}`;

    if (key) {
      const requestHash = sha256(`${ctx.method} ${ctx.path}\n${canonicalJson(call.input)}`);
      const claim = await claimIdempotencyKey(deps.db, { scope, key, requestHash, workflowId, now: new Date(), expiresAt: new Date(Date.now() + IDEMPOTENCY_TTL_MS) });
      if (claim.state === 'mismatch') throw new HttpError(422, 'Idempotency-Key was already used with a different request');
      if (claim.state === 'completed') return replay(ctx, claim.status, claim.body);
      if (claim.state === 'running') return attach(ctx, call, scope, key, claim.workflowId, waitMs, () => gate(ctx, call));
    }

    const admission = await metering.admit(caller, call.eventType, workflowId, source);
    if (caller.kind === 'anonymous') setTrialHeaders(ctx, admission);
    if (!admission.admitted) {
      if (key) await releaseIdempotencyKey(deps.db, scope, key);
      throw refusal(admission);
    }

    let outcome: WorkflowOutcome<R>;
    try {
      outcome = await runWorkflow<R>(deps.temporal.client, call.workflowType, { workflowId, taskQueue: queue, args: [call.input], waitMs, eagerStart: deps.temporal.eagerStart });
    } catch (err) {
      // Never started, or it failed: either way the caller is not charged and may retry.
      if (isStartFailure(err)) await metering.undo(admission, workflowId);
      else await metering.refundTrial(admission);
      if (key) await releaseIdempotencyKey(deps.db, scope, key);
      throw err;
    }
    await respond(ctx, call, outcome);
    if (key) {
      // Serialise once: the stored bytes are the bytes sent, so replays are identical.
      const body = JSON.stringify(ctx.body);
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = body;
      await completeIdempotencyKey(deps.db, scope, key, ctx.status, body);
    }
  };

  async function respond<R>(ctx: Context, call: MeteredCall<R>, outcome: WorkflowOutcome<R>): Promise<void> {
    if (outcome.status === 'running') {
      const jobId = await jobs.create(call.kind, outcome.workflowId, ownerOf(ctx.state.caller as Caller));
      const location = `/v1/jobs/${jobId}`;
      ctx.set('Location', location);
      ctx.status = 202;
      ctx.body = { status: 'running', jobId, location };
    } else {
      ctx.status = 200;
      ctx.body = await call.present(outcome.result);
    }
  }

  /** A duplicate of a request still in flight: wait for the same workflow; never start a second one. */
  async function attach<R>(ctx: Context, call: MeteredCall<R>, scope: string, key: string, workflowId: string, waitMs: number, retry: () => Promise<void>): Promise<void> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const record = await findIdempotencyRecord(deps.db, scope, key);
      if (!record) return retry(); // the first request was refused or failed and let the key go
      if (record.status === 'completed') return replay(ctx, record.response_status, record.response_body);
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
        ctx.set('Idempotent-Replayed', 'true');
        await respond(ctx, call, outcome);
        return;
      }
      if (Date.now() > deadline) throw new HttpError(409, 'A request with this Idempotency-Key is still being accepted; retry shortly', {}, { 'Retry-After': '1' });
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

function replay(ctx: Context, status: number, body: string): void {
  ctx.set('Idempotent-Replayed', 'true');
  ctx.status = status;
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = body;
  if (status === 202) {
    const location = (JSON.parse(body) as { location?: unknown }).location;
    if (typeof location === 'string') ctx.set('Location', location);
  }
}

function refusal(a: Extract<Admission, { admitted: false }>): HttpError {
  if (a.kind === 'trial') {
    return new HttpError(
      429,
      `The anonymous trial allows ${TRIAL_QUOTA} metered calls per hour per IP; retry in ${a.trial.resetSeconds} s or use an API key`,
      { retryAfter: a.trial.resetSeconds },
      { 'Retry-After': String(a.trial.resetSeconds) },
    );
  }
  const d = a.decision;
  const messages = {
    QUOTA_EXHAUSTED: `The ${a.plan} plan's included ${a.eventType} calls for this period are used up`,
    SPEND_LIMIT_REACHED: 'The workspace hard spend limit is reached',
    PAYMENT_REQUIRED: 'Calls beyond the included quantity need a payment method (POST /v1/billing/checkout)',
    OK: 'Allowed',
  } as const;
  return new HttpError(402, messages[d.reason], {
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

function setTrialHeaders(ctx: Context, a: Admission): void {
  const trial = a.admitted ? a.trial : a.kind === 'trial' ? a.trial : undefined;
  if (!trial) return;
  ctx.set('RateLimit-Policy', `"trial";q=${TRIAL_QUOTA};w=${TRIAL_WINDOW_MS / 1000}`);
  ctx.set('RateLimit', `"trial";r=${trial.remaining};t=${trial.resetSeconds}`);
}

function ownerOf(caller: Caller) {
  return caller.kind === 'workspace' ? { workspaceId: caller.workspaceId } : { clientKey: caller.clientKey };
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
