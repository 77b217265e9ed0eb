import type { Candidate } from '../src/domain/discovery';
import type { Outbound } from '../src/net';
import { discoverCandidates, type DiscoverySources } from '../src/services/discovery';
import type { Db } from '../src/store/db';
import { reserveChildCall } from '../src/store/metering';

/** Resolve's live discovery: candidates from the configured sources, and a reservation per audit it runs. */
export function discoveryActivities(d: { db: Db; outbound: Outbound; sources: DiscoverySources }) {
  return {
    async discoverCandidates(input: { task: string }): Promise<{ candidates: Candidate[]; errors: string[] }> {
      return discoverCandidates(d, input);
    },

    /** An audit_run reservation for a child audit, charged to the parent call's workspace. */
    async reserveChildAudit(input: { parentWorkflowId: string; childWorkflowId: string }): Promise<{ allowed: boolean; reason?: string }> {
      return reserveChildCall(d.db, { ...input, eventType: 'audit_run', now: new Date() });
    },
  };
}
