import { proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { parseTaskIntent, type TaskIntent } from '../src/domain/task-intent';
import type { RegistryRow } from '../src/store/products';
import { metered } from './metering';

// One indexed query: a local activity, run in the worker's workflow task without a server round trip.
const { searchRegistry } = proxyLocalActivities<Activities>({ startToCloseTimeout: '30 seconds', retry: { maximumAttempts: 5 } });

export interface FindToolsResult {
  task: string;
  intent: TaskIntent;
  results: RegistryRow[];
}

/** The most relevant products for the task's words (requirements drop the rest), best readiness first. */
const CANDIDATES = 20;

export async function findToolsWorkflow(input: { task: string }): Promise<FindToolsResult> {
  return metered(async () => {
    const intent = parseTaskIntent(input.task);
    const found = await searchRegistry({ terms: intent.searchTerms, requirements: intent.requirements, limit: CANDIDATES });
    const results = [...found].sort((a, b) => b.readiness - a.readiness || a.slug.localeCompare(b.slug));
    return { task: input.task, intent, results };
  });
}
