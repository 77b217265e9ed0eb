import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { closestCapability, matchCapabilities, type Capability } from '../domain/capabilities';
import { splitRequirements } from '../domain/task-intent';
import type { Db } from '../store/db';
import type { Resolution } from '../domain/resolution';

export { explainResolution, type Resolution, type ResolveResult } from '../domain/resolution';
import { rankedByCapabilities } from './capability-ranking';
import type { Requirement } from '../store/products';
import { capabilityVocabulary } from './capability-vocabulary';
import type { LanguageModel } from './llm';
import type { Requirements } from './registry';

const RESULTS = 20;
const MAX_CAPABILITIES = 6;

/**
 * The optional language-model reading of a task: capability ids chosen from the vocabulary. Whatever it
 * answers is validated against the vocabulary (unknown ids dropped); a failure adds nothing.
 */
export async function llmCapabilities(llm: LanguageModel, task: string, vocabulary: Capability[]): Promise<string[]> {
  try {
    const answer = await llm.completeJson({
      system:
        'Map a software task to the capabilities it needs. Answer a JSON object {"capabilities": [ids]} using only ids from the list given, at most 4, most important first.',
      user: JSON.stringify({ task, vocabulary: vocabulary.map((c) => ({ id: c.id, description: c.description })) }),
    });
    const ids = z.object({ capabilities: z.array(z.string()).max(20) }).parse(answer).capabilities;
    const known = new Set(vocabulary.map((c) => c.id));
    return ids.filter((id) => known.has(id)).slice(0, 4);
  } catch {
    return [];
  }
}

/**
 * The capabilities a task (its requirement phrases removed) asks for, offline: its phrasings, else the
 * capability whose words it shares most, if one shares enough. resolve and find-tools read tasks alike.
 */
export function taskCapabilities(text: string): string[] {
  const known = readTasks.get(text);
  if (known) return known;
  const { matcher } = capabilityVocabulary();
  const phrased = matchCapabilities(text, matcher);
  const ids = (phrased.length ? phrased : [closestCapability(text, matcher)].filter((m) => m !== undefined)).map((m) => m.id);
  readTasks.set(text, ids);
  return ids;
}

// Agents ask the same tasks again (retries, loops, the same job for many users); reading one costs a
// tenth of a millisecond of wink-nlp tokenising and stemming, the largest piece of our own code on a busy
// worker's main thread. The vocabulary is fixed for the life of the process, so a reading never goes stale.
const readTasks = new LRUCache<string, string[]>({ max: 10_000 });

/**
 * Task → capabilities (controlled vocabulary, matched on stems) → products covering the most of them,
 * then by readiness. Requirements come from the body and from the task's own words; they drop products.
 */
export async function resolveTask(db: Db, task: string, bodyRequirements: Requirements = {}, llm?: LanguageModel): Promise<Resolution> {
  const { matcher } = capabilityVocabulary();
  const stated = splitRequirements(task);
  const matched = taskCapabilities(stated.rest);
  const capabilities = llm ? [...new Set([...matched, ...(await llmCapabilities(llm, stated.rest, matcher.vocabulary))])].slice(0, MAX_CAPABILITIES) : matched;
  const requirements: Requirements = { ...stated.requirements, ...Object.fromEntries(Object.entries(bodyRequirements).filter(([, v]) => v)) };
  const required = Object.keys(requirements) as Requirement[];
  const hits = capabilities.length ? await rankedByCapabilities(db, capabilities, required, RESULTS) : [];
  return { task, capabilities, requirements, hits, discovered: 0 };
}
