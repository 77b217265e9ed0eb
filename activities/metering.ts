import type { Db } from '../src/store/db';
import { refundCall, releaseCall, settleCall } from '../src/store/metering';

/** The last step of every metered workflow: exactly one usage event per call, or the reservation back. */
export function meteringActivities(db: Db) {
  return {
    async settleUsage(input: { workflowId: string; productId?: string; providerCostUsd?: number }): Promise<{ eventId?: string }> {
      return settleCall(db, input.workflowId, input);
    },
    async releaseUsage(workflowId: string): Promise<void> {
      await releaseCall(db, workflowId);
    },
    /** A single-step read that failed: the usage event recorded when its call was admitted is taken back. */
    async refundUsage(workflowId: string): Promise<void> {
      await refundCall(db, workflowId);
    },
  };
}
