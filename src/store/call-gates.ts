import type { CallVerdict } from '../domain/call-limits';
import { type CallLimits, PLANS } from '../domain/plans';
import type { Db } from './db';

export type SlotAnswer =
  | { state: 'no_workspace' }
  | {
      state: CallVerdict;
      /** For a rate refusal: milliseconds until a call would be admitted. */
      waitMs: number;
      /** Calls the bucket would still admit now. */
      remaining: number;
      /** Milliseconds until the bucket is full again. */
      resetMs: number;
      /** The workspace's calls in flight, across every API process, this one included when admitted. */
      inFlight: number;
      /** The admitted call's slot, to hand back with releaseCallSlots when it ends. */
      slot?: number;
      /** The limits applied: the plan's, or the workspace's contract overrides. */
      limits: CallLimits;
    };

const PLAN_LIMITS = Object.fromEntries(Object.values(PLANS).map((p) => [p.key, p.callLimits]));

/** What take_call_slot decides one call by: `releases` are slots of the workspace's finished calls to hand back first. */
export interface SlotRequest {
  ttlMs: number;
  releases?: number[];
}

/** take_call_slot's argument, as recordCalls carries it for a call gated with its usage record. */
export function slotParams(workspaceId: string, o: SlotRequest) {
  return { workspace: workspaceId, ttlMs: o.ttlMs, releases: o.releases ?? [], plans: PLAN_LIMITS };
}

/**
 * Decides one metered call against its workspace's limits (take_call_slot, migrations/20261201000000; a
 * single-step read's is decided with its usage record instead, recordCalls with `gate`): the
 * token bucket and the calls in flight, under the workspace's gate row lock, in one statement. `releases`
 * are slots of the workspace's finished calls this process has not handed back yet; a slot of a call whose
 * process died frees itself `ttlMs` after it was taken.
 */
export async function takeCallSlot(db: Db, workspaceId: string, o: SlotRequest): Promise<SlotAnswer> {
  const { rows } = await db.raw('SELECT take_call_slot(?::jsonb) AS g', [JSON.stringify(slotParams(workspaceId, o))]);
  return rows[0].g as SlotAnswer;
}

/** Hands back finished calls' slots, by workspace; gate rows are locked in id order, as one statement. */
export async function releaseCallSlots(db: Db, releases: Map<string, number[]>): Promise<void> {
  if (releases.size === 0) return;
  const p = JSON.stringify(Object.fromEntries(releases));
  await db.raw(
    `WITH r AS (SELECT key::uuid AS workspace_id, ARRAY(SELECT jsonb_array_elements_text(value)::bigint) AS released FROM jsonb_each(?::jsonb)),
          locked AS (SELECT g.workspace_id FROM workspace_call_gates g JOIN r USING (workspace_id) ORDER BY g.workspace_id FOR UPDATE OF g)
     UPDATE workspace_call_gates g SET slots = ARRAY(SELECT s FROM unnest(g.slots) s WHERE s <> ALL (r.released) ORDER BY s)
     FROM r, locked WHERE g.workspace_id = r.workspace_id AND locked.workspace_id = g.workspace_id`,
    [p],
  );
}

/** The workspace's limits on metered calls: its plan's, with any contract overrides applied. */
export async function readCallLimits(db: Db, workspaceId: string, planLimits: CallLimits): Promise<CallLimits> {
  const row = await db('workspace_limits').select('calls_per_second', 'burst', 'max_in_flight').where({ workspace_id: workspaceId }).first();
  return {
    rate: row?.calls_per_second ?? planLimits.rate,
    burst: row?.burst ?? planLimits.burst,
    inFlight: row?.max_in_flight ?? planLimits.inFlight,
  };
}

/** Sets a workspace's contract overrides of its plan's call limits (null goes back to the plan's). */
export async function setCallLimitOverrides(db: Db, workspaceId: string, o: { rate?: number | null; burst?: number | null; inFlight?: number | null }) {
  const values = { calls_per_second: o.rate ?? null, burst: o.burst ?? null, max_in_flight: o.inFlight ?? null };
  await db('workspace_limits')
    .insert({ workspace_id: workspaceId, ...values })
    .onConflict('workspace_id')
    .merge(values);
}

/** A workspace's gate as stored (tests and operators: how many calls it has in flight right now). */
export async function readCallGate(db: Db, workspaceId: string): Promise<{ tatMs: number; slots: number[] } | undefined> {
  const row = await db('workspace_call_gates').where({ workspace_id: workspaceId }).first();
  return row && { tatMs: Number(row.tat_ms), slots: (row.slots as number[]).map(Number) };
}
