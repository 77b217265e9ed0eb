import type { Db } from '../src/store/db';
import { releaseCall, settleCall } from '../src/store/metering';

/** The last step of every metered workflow: exactly one usage event per call, or the reservation back. */
export function meteringActivities(db: Db) {
  return {
    async settleUsage(input: { workflowId: string; productId?: string; providerCostUsd?: number }): Promise<{ eventId?: string }> {
      return settleCall(db, input.workflowId, input);
    },
    async releaseUsage(workflowId: string): Promise<void> {
      await releaseCall(db, workflowId);
    },
  };
}
