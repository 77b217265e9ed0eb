import { type Carried, hitsOf } from './carried-hits';
import type { RankedProduct } from './ranked-product';
import { reasonFor } from './resolution';
import { parseTaskIntent, type TaskIntent } from './task-intent';
import type { RegistryRow } from '../store/product-rows';

/**
 * What find-tools found: the ranked products and the capabilities read from the task. Its workflow
 * carries it with the hits packed (carried-hits.ts); the answer (intent, reasons) is derived from it by
 * the API (presentTools), so Temporal records only what the read knows, and the reason wording can change
 * without touching workflow histories.
 */
export interface ToolsFound {
  task: string;
  capabilities: string[];
  hits: RankedProduct[];
  note?: string;
}

export interface FindToolsResult {
  task: string;
  intent: TaskIntent;
  results: Array<RegistryRow & { match: number; reason: string }>;
  note?: string;
}

/**
 * The find-tools answer (interface spec, "Find-tools result"). A workflow that finished before the split
 * carried the answer itself; it passes through unchanged.
 */
export function presentTools(found: Carried<ToolsFound> | FindToolsResult): FindToolsResult {
  if ('results' in found) return found;
  const n = found.capabilities.length;
  return {
    task: found.task,
    intent: parseTaskIntent(found.task),
    results: hitsOf(found.hits).map((h) => ({ slug: h.slug, name: h.name, domain: h.domain, readiness: h.readiness, match: h.match, reason: reasonFor(h, n) })),
    ...(found.note ? { note: found.note } : {}),
  };
}
