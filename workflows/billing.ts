import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';

const { syncUsageBatch, deliverSpendNotifications } = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  // The batch heartbeats per event: a worker that dies mid-batch is noticed in seconds, not minutes.
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '5 seconds', maximumInterval: '1 minute', maximumAttempts: 5 },
});

/** Batches per run at most, so one run stays short and the schedule's next run picks up the rest. */
const MAX_BATCHES = 50;
const BATCH = 100;

export interface UsageSyncResult {
  synced: number;
  failed: number;
  notificationsDelivered: number;
  notificationsFailed: number;
}

/** Started by the usage-sync schedule: billable usage to Stripe as meter events, then spend notifications out. */
export async function usageSyncWorkflow(): Promise<UsageSyncResult> {
  let synced = 0;
  let failed = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const batch = await syncUsageBatch(BATCH);
    synced += batch.synced;
    failed += batch.failed;
    // A batch of failures only would be read again at once: leave it to the next run.
    if (!batch.more || batch.synced === 0) break;
  }
  const notes = await deliverSpendNotifications(BATCH);
  return { synced, failed, notificationsDelivered: notes.delivered, notificationsFailed: notes.failed };
}
