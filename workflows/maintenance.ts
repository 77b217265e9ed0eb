import { patched, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { PurgeCounts } from '../src/store/maintenance';
import { redispatchStrays } from './webhooks';

const { purgeExpiredRecords } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { maximumAttempts: 5 },
});

/**
 * Started by the maintenance schedule: enforces retention (idempotency keys 24 h, trial buckets, jobs),
 * then dispatches any product event whose audit's workflow died before it could (issue 39).
 */
export async function maintenanceWorkflow(): Promise<PurgeCounts> {
  const counts = await purgeExpiredRecords();
  if (patched('redispatch-product-events')) await redispatchStrays();
  return counts;
}
