import { parseTaskIntent, type TaskIntent } from '../src/domain/task-intent';
import type { RegistryRow } from '../src/store/products';
import { meteredRead } from './metering';

export interface FindToolsResult {
  task: string;
  intent: TaskIntent;
  results: RegistryRow[];
}

/** The most relevant products for the task's words (requirements drop the rest), best readiness first. */
const CANDIDATES = 20;

export async function findToolsWorkflow(input: { task: string }): Promise<FindToolsResult> {
  const intent = parseTaskIntent(input.task);
  // One indexed query and the usage event, in one local activity (no server round trip of its own).
  const found = await meteredRead('searchRegistry', { terms: intent.searchTerms, requirements: intent.requirements, limit: CANDIDATES });
  const results = [...found].sort((a, b) => b.readiness - a.readiness || a.slug.localeCompare(b.slug));
  return { task: input.task, intent, results };
}
