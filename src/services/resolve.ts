import { matchCapabilities } from '../domain/capabilities';
import { splitRequirements } from '../domain/task-intent';
import type { Db } from '../store/db';
import { productsByCapabilities } from '../store/capabilities';
import type { Requirement } from '../store/products';
import { capabilityVocabulary } from './capability-vocabulary';
import type { Requirements } from './registry';

export interface ResolveResult {
  task: string;
  capabilities: string[];
  requirements: Requirements;
  results: Array<{ slug: string; name: string; domain: string; readiness: number; matched: string[]; capScore: number; reason: string }>;
  discovered: number;
}

const RESULTS = 20;

/**
 * Task → capabilities (controlled vocabulary, matched on stems) → products covering the most of them,
 * then by readiness. Requirements come from the body and from the task's own words; they drop products.
 */
export async function resolveTask(db: Db, task: string, bodyRequirements: Requirements = {}): Promise<ResolveResult> {
  const { matcher } = capabilityVocabulary();
  const stated = splitRequirements(task);
  const capabilities = matchCapabilities(stated.rest, matcher).map((m) => m.id);
  const requirements: Requirements = { ...stated.requirements, ...Object.fromEntries(Object.entries(bodyRequirements).filter(([, v]) => v)) };
  const required = Object.keys(requirements) as Requirement[];
  const hits = capabilities.length ? await productsByCapabilities(db, capabilities, required, RESULTS) : [];
  return {
    task,
    capabilities,
    requirements,
    results: hits.map((h) => ({
      ...h,
      capScore: Math.round((100 * h.matched.length) / capabilities.length) / 100,
      reason: `${h.name} covers ${h.matched.join(', ')} (${h.matched.length} of ${capabilities.length} capabilities) with readiness ${h.readiness}.`,
    })),
    discovered: 0,
  };
}
