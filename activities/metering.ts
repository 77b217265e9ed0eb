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

type Read = (input: never) => Promise<unknown>;

/**
 * A metered call whose whole work is one read (find-tools, resolve without discovery): the read and its
 * usage event in one local activity. Every local activity costs the worker an activation and the server a
 * marker, and on a busy box the second step was a fifth of each call's CPU. Safe to retry: reads change
 * nothing and settling is idempotent per workflow.
 */
export function settledReadActivities<R extends Record<string, Read>>(db: Db, reads: R) {
  return {
    async settledRead<K extends keyof R & string>(input: { workflowId: string; read: K; args: Parameters<R[K]>[0] }): Promise<Awaited<ReturnType<R[K]>>> {
      const result = (await reads[input.read](input.args as never)) as Awaited<ReturnType<R[K]>>;
      await settleCall(db, input.workflowId);
      return result;
    },
  };
}
