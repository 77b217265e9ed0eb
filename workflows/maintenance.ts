import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { PurgeCounts } from '../src/store/maintenance';

const { purgeExpiredRecords } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { maximumAttempts: 5 },
});

/** Started by the maintenance schedule: enforces retention (idempotency keys 24 h, trial buckets, jobs). */
export async function maintenanceWorkflow(): Promise<PurgeCounts> {
  return purgeExpiredRecords();
}
