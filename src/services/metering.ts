import { unauthorized } from '../errors';
import { type Caller, forgetKey, type WorkspaceCaller } from './callers';
import type { Decision } from '../domain/entitlements';
import type { EventType } from '../domain/plans';
import type { Db } from '../store/db';
import { type CallToRecord, type RecordedCall, refundCall, releaseCall, reserveCall } from '../store/metering';
import type { GateTicket } from './call-gate';
import { meterBatcher } from './meter-batch';
import { admitTrialCall, refundTrialCall, type TrialAdmission } from '../store/trial';

export const TRIAL_QUOTA = 8;
export const TRIAL_WINDOW_MS = 3600_000;

/** How long one admitted call of a workspace makes the next one expected to be admitted too. */
const ADMITTED_RECENTLY_MS = 60_000;
/** Workspaces remembered per process (the least recently admitted are forgotten first). */
const REMEMBERED_WORKSPACES = 10_000;

export type Admission =
  | { admitted: true; caller: Caller; trial?: TrialAdmission }
  | { admitted: false; kind: 'trial'; trial: TrialAdmission }
  | {
      admitted: false;
      kind: 'entitlement';
      decision: Decision;
      plan: string;
      eventType: EventType;
      used: number;
      spentUsd: number;
      hardLimitUsd: number | null;
    };

/**
 * Admission to a metered call: the anonymous trial bucket, or the workspace's entitlement (reserving the
 * call's quantity and price). `undo` gives either back when the call cannot go on.
 */
export function meteringService(db: Db) {
  const record = meterBatcher(db);
  const recent = recentAdmissions();

  /** A recorded call's answer as an admission; a call that was recorded makes the workspace's next one expected. */
  const admissionOf = (caller: WorkspaceCaller, eventType: EventType, r: RecordedCall): Admission => {
    if (r.state === 'admitted' || r.state === 'recorded') recent.mark(admissionKey(caller, eventType), Date.now());
    else recent.forget(admissionKey(caller, eventType));
    if (r.state === 'no_workspace' || r.state === 'gated') throw new Error(`workspace ${caller.workspaceId} vanished`);
    if (r.state === 'key_revoked') {
      forgetKey(caller.keyId);
      throw unauthorized('Invalid or revoked API key');
    }
    if (r.state === 'refused') return { admitted: false, kind: 'entitlement', decision: r.decision, plan: r.plan, eventType, ...r.usage };
    return { admitted: true, caller };
  };
  return {
    /**
     * Whether this workspace's next call of this type is expected to be admitted: one was, here, in the
     * last minute, and none has been refused since. A guess for starting work early, never a decision.
     */
    expectsAdmission(caller: WorkspaceCaller, eventType: EventType): boolean {
      return recent.within(admissionKey(caller, eventType), Date.now(), ADMITTED_RECENTLY_MS);
    },

    async admit(caller: Caller, eventType: EventType, workflowId: string, source: string): Promise<Admission> {
      const now = new Date();
      if (caller.kind === 'anonymous') {
        const trial = await admitTrialCall(db, caller.clientKey, now, TRIAL_QUOTA, TRIAL_WINDOW_MS);
        return trial.admitted ? { admitted: true, caller, trial } : { admitted: false, kind: 'trial', trial };
      }
      const r = await reserveCall(db, { workspaceId: caller.workspaceId, eventType, workflowId, source, now, keyId: caller.unverified && caller.keyId });
      if ('keyRevoked' in r) {
        forgetKey(caller.keyId);
        throw unauthorized('Invalid or revoked API key');
      }
      if (r.reservation) return { admitted: true, caller };
      return { admitted: false, kind: 'entitlement', decision: r.decision, plan: r.plan, eventType, ...r.usage };
    },

    /**
     * A workspace's call admitted and its usage event recorded in one round trip (single-step reads, whose
     * workflow refunds a failure): the same refusals as `admit`. Calls arriving together share the trip.
     */
    async record(caller: WorkspaceCaller, eventType: EventType, workflowId: string, source: string): Promise<Admission> {
      return admissionOf(caller, eventType, await record(callToRecord(caller, eventType, workflowId, source)));
    },

    /**
     * `record` behind the workspace's limits, in the same round trip: the gate decides first (the ticket
     * settles with its answer: a pass, or the 429 thrown and nothing recorded), then the entitlement.
     */
    async recordGated(caller: WorkspaceCaller, eventType: EventType, workflowId: string, source: string, ticket: GateTicket): Promise<Admission> {
      let r: RecordedCall;
      try {
        r = await record({ ...callToRecord(caller, eventType, workflowId, source), gate: ticket.request });
      } catch (err) {
        ticket.abandon();
        throw err;
      }
      if (!r.gate) throw new Error('a gated call came back without its gate’s answer');
      ticket.settle(r.gate);
      return admissionOf(caller, eventType, r);
    },

    /** A recorded call whose workflow failed: its usage event is taken back. */
    async refund(workflowId: string): Promise<void> {
      await refundCall(db, workflowId);
    },

    /** The call never ran (the workflow could not be started): give back the reservation or trial slot. */
    async undo(admission: Admission, workflowId: string): Promise<void> {
      if (!admission.admitted) return;
      if (admission.caller.kind === 'workspace') await releaseCall(db, workflowId);
      else if (admission.trial?.hitAt) await refundTrialCall(db, admission.caller.clientKey, admission.trial.hitAt);
    },

    /** The call ran and failed: its workflow released any reservation; an anonymous slot comes back here. */
    async refundTrial(admission: Admission): Promise<void> {
      if (admission.admitted && admission.caller.kind === 'anonymous' && admission.trial?.hitAt) {
        await refundTrialCall(db, admission.caller.clientKey, admission.trial.hitAt);
      }
    },
  };
}

const admissionKey = (caller: WorkspaceCaller, eventType: EventType) => `${caller.workspaceId}:${eventType}`;

const callToRecord = (caller: WorkspaceCaller, eventType: EventType, workflowId: string, source: string): CallToRecord => ({
  workspaceId: caller.workspaceId,
  eventType,
  workflowId,
  source,
  now: new Date(),
  keyId: caller.unverified && caller.keyId,
});

/** When each workspace's calls were last admitted in this process, bounded in size. */
function recentAdmissions() {
  const at = new Map<string, number>();
  return {
    mark(key: string, now: number) {
      at.delete(key); // re-inserted last: the map's order is least recently admitted first
      at.set(key, now);
      if (at.size > REMEMBERED_WORKSPACES) at.delete(at.keys().next().value as string);
    },
    forget(key: string) {
      at.delete(key);
    },
    within(key: string, now: number, ms: number): boolean {
      const last = at.get(key);
      return last !== undefined && now - last < ms;
    },
  };
}
