import { parseTaskIntent, splitRequirements, type TaskIntent } from '../domain/task-intent';
import { rankedByCapabilities } from './capability-ranking';
import type { Db } from '../store/db';
import type { Requirement, RegistryRow } from '../store/products';
import { registryService } from './registry';
import { taskCapabilities } from './resolve';

export interface FindToolsResult {
  task: string;
  intent: TaskIntent;
  results: RegistryRow[];
}

const CANDIDATES = 20;

/**
 * find-tools: the products that fit the task, best readiness first. Fitting is decided as resolve decides
 * it (the task's capabilities, its phrases, its requirements): the candidates are the products tagged with
 * the most of the task's capabilities (up to 20), so readiness orders only tools that do the job ("send
 * sms" is SMS providers, not an email API whose words score higher). A task the vocabulary does not
 * understand falls back to the registry's word search, as before.
 */
export async function findTools(db: Db, task: string): Promise<FindToolsResult> {
  const intent = parseTaskIntent(task);
  const capabilities = taskCapabilities(splitRequirements(task).rest);
  const required = Object.keys(intent.requirements) as Requirement[];
  const found: RegistryRow[] = capabilities.length
    ? (await rankedByCapabilities(db, capabilities, required, CANDIDATES)).map(({ slug, name, domain, readiness }) => ({ slug, name, domain, readiness }))
    : await registryService(db).search(intent.searchTerms, intent.requirements, CANDIDATES);
  const results = [...found].sort((a, b) => b.readiness - a.readiness || a.slug.localeCompare(b.slug));
  return { task, intent, results };
}
