import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { type Capability, closestCapability, matchCapabilities } from '../domain/capabilities';
import { capabilityVocabulary } from './capability-vocabulary';
import type { LanguageModel } from './llm';

/**
 * The capabilities a task (its requirement phrases removed) asks for, offline: its phrasings, else the
 * capability whose words it shares most, if one shares enough.
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

// Reading a task costs a tenth of a millisecond of wink-nlp tokenising and stemming; agents repeat tasks,
// and the vocabulary is fixed for the life of the process, so a reading never goes stale.
const readTasks = new LRUCache<string, string[]>({ max: 10_000 });

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
