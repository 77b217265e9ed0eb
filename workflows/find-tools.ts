import { proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { FindToolsResult } from '../src/services/find-tools';
import { meteredRead } from './metering';

export type { FindToolsResult };

// A short Postgres read (usually answered from the worker's ranking cache): a local activity, retried a few times.
const { findTools } = proxyLocalActivities<Activities>({ startToCloseTimeout: '30 seconds', retry: { maximumAttempts: 5 } });

/** find-tools: the task's candidates and their order are one read (src/services/find-tools.ts). */
export async function findToolsWorkflow(input: { task: string }): Promise<FindToolsResult> {
  return meteredRead(() => findTools({ task: input.task }));
}
