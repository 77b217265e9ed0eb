import { proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { Carried } from '../src/domain/carried-hits';
import type { ToolsFound } from '../src/domain/tools-found';
import { meteredRead } from './metering';

export type { ToolsFound };

// A short Postgres read (usually answered from the worker's ranking cache): a local activity, retried a few times.
const { findTools } = proxyLocalActivities<Activities>({ startToCloseTimeout: '30 seconds', retry: { maximumAttempts: 5 } });

/**
 * find-tools: the task's candidates and their order are one read (src/services/find-tools.ts); the API
 * words the answer (presentTools).
 */
export async function findToolsWorkflow(input: { task: string }): Promise<Carried<ToolsFound>> {
  return meteredRead(() => findTools({ task: input.task }));
}
