import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { type Capability, matchCapabilities } from '../domain/capabilities';
import type { TaskQuery } from '../domain/ranking/query';
import { capabilityTexts, capabilityVocabulary } from './capability-vocabulary';
import type { LanguageModel } from './llm';

/**
 * The capabilities a task (read for ranking: requirement phrases and quoted text out) asks for, offline:
 * its phrasings; else the capability whose text (description, phrasings, example tasks) its weighted words
 * speak of most, if they speak of it enough.
 */
export function taskCapabilities(query: TaskQuery): TaskCapabilities {
  const known = readTasks.get(query.text);
  if (known) return known;
  const matches = matchCapabilities(query.text, capabilityVocabulary().matcher);
  const read = matches.length ? undefined : capabilityTexts().readTask(query.terms);
  const found = {
    ids: matches.length ? matches.map((m) => m.id) : read && read.share >= READ_SHARE ? [read.id] : [],
    phrased: matches.filter((m) => m.score >= 2).map((m) => m.id),
  };
  readTasks.set(query.text, found);
  return found;
}

export interface TaskCapabilities {
  /** Strongest first. */
  ids: string[];
  /** Those read from a phrasing of two words or more ("transactional email"): surer evidence. */
  phrased: string[];
}

// The least share of a task's words a capability's text must hold to be read as its capability.
const READ_SHARE = 0.3;

// Reading a task costs a tenth of a millisecond of wink-nlp tokenising and stemming; agents repeat tasks,
// and the vocabulary is fixed for the life of the process, so a reading never goes stale.
const readTasks = new LRUCache<string, TaskCapabilities>({ max: 10_000 });

export function forgetTaskReadings(): void {
  readTasks.clear();
}

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
