// Workflows for the benchmark's Temporal floor (bench/temporal-floor.ts): nothing of Agentdex, only the
// cost of a workflow round trip through the same server, client and worker setup.
import { proxyLocalActivities } from '@temporalio/workflow';

const { nothing } = proxyLocalActivities<{ nothing(): Promise<void> }>({ startToCloseTimeout: '10 seconds' });

export async function emptyWorkflow(): Promise<void> {}

export async function oneLocalActivityWorkflow(): Promise<void> {
  await nothing();
}
