import { LRUCache } from 'lru-cache';
import type { Requirement } from '../domain/ranking/product-index';
import { readTaskQuery } from '../domain/ranking/query';
import { rankTask, type TaskRanking } from '../domain/ranking/rank';
import { stemOf } from '../domain/ranking/terms';
import type { Requirements } from '../domain/resolution';
import type { Db } from '../store/db';
import type { LanguageModel } from './llm';
import { capabilityTexts, rankingIndex } from './ranking-index';
import { llmCapabilities, taskCapabilities } from './task-capabilities';
import { capabilityVocabulary } from './capability-vocabulary';

const MAX_CAPABILITIES = 6;

export interface RankedTask extends TaskRanking {
  /** The requirements the task states and the caller's, merged: they drop products. */
  requirements: Requirements;
}

/**
 * The one ranking find-tools and resolve share (src/domain/ranking/rank.ts, over this process's index):
 * the task's requirement phrases and the caller's requirements drop products; the vocabulary reads the
 * task's capabilities (and the optional language model adds some from the vocabulary).
 */
export async function rankTaskIn(
  db: Db,
  task: string,
  o: { limit: number; requirements?: Requirements; llm?: LanguageModel; fresh?: boolean },
): Promise<RankedTask> {
  const query = readTaskQuery(task, (word) => capabilityTexts().uses(stemOf(word)));
  const requirements: Requirements = { ...query.requirements, ...Object.fromEntries(Object.entries(o.requirements ?? {}).filter(([, v]) => v)) };
  const required = Object.keys(requirements) as Requirement[];
  const index = await rankingIndex(db, { fresh: o.fresh });
  const key = `${index.generation}|${required.sort().join(',')}|${o.limit}|${task}`;
  const known = o.llm ? undefined : rankings.get(key);
  if (known && known.index === index) return known.ranked;
  let capabilities = taskCapabilities(query.text);
  if (o.llm) {
    const suggested = await llmCapabilities(o.llm, query.text, capabilityVocabulary().matcher.vocabulary);
    capabilities = [...new Set([...capabilities, ...suggested])].slice(0, MAX_CAPABILITIES);
  }
  const ranked = { ...rankTask({ index, capabilityTexts: capabilityTexts(), query, capabilities, limit: o.limit, requirements: required }), requirements };
  if (!o.llm) rankings.set(key, { index, ranked });
  return ranked;
}

// Agents ask the same tasks again (retries, loops, the same job for many users). A ranking holds while the
// index is unchanged (its generation); callers must not change what they get.
const rankings = new LRUCache<string, { index: object; ranked: RankedTask }>({ max: 5_000 });
