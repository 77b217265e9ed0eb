import { LRUCache } from 'lru-cache';
import type { Requirement } from '../domain/ranking/product-index';
import { readTaskQuery } from '../domain/ranking/query';
import type { ProductIndex } from '../domain/ranking/product-index';
import { mergeNeeds, type RankInput, rankTask, type TaskRanking } from '../domain/ranking/rank';
import { stemOf } from '../domain/ranking/terms';
import type { Requirements } from '../domain/resolution';
import type { Db } from '../store/db';
import type { EmbeddingModel } from './embeddings';
import type { LanguageModel } from './llm';
import { productVectors } from './product-vectors';
import { rankingIndex } from './ranking-index';
import { forgetTaskReadings, llmCapabilities, taskCapabilities } from './task-capabilities';
import { capabilityTexts, capabilityVocabulary } from './capability-vocabulary';

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
  o: { limit: number; requirements?: Requirements; llm?: LanguageModel; embeddings?: EmbeddingModel; fresh?: boolean },
): Promise<RankedTask> {
  const index = await rankingIndex(db, { fresh: o.fresh });
  // The task's own requirements follow from its text, so the caller's and the text identify a ranking:
  // a repeated task is answered before it is read again.
  const asked = Object.keys(o.requirements ?? {}).filter((r) => o.requirements?.[r as Requirement]);
  const key = `${index.generation}|${asked.sort().join(',')}|${o.limit}|${task}`;
  const known = o.llm || o.embeddings ? undefined : rankings.get(key);
  if (known && known.index === index) return known.ranked;
  const query = readTaskQuery(task, (word) => capabilityTexts().uses(stemOf(word)));
  const requirements: Requirements = { ...query.requirements, ...Object.fromEntries(asked.map((r) => [r, true])) };
  const required = Object.keys(requirements) as Requirement[];
  const read = taskCapabilities(query);
  let capabilities = read.ids;
  if (o.llm) {
    const suggested = await llmCapabilities(o.llm, query.text, capabilityVocabulary().matcher.vocabulary);
    capabilities = [...new Set([...capabilities, ...suggested])].slice(0, MAX_CAPABILITIES);
  }
  const semantic = o.embeddings ? await semanticChannel(db, o.embeddings, task, index) : undefined;
  const texts = capabilityTexts();
  const whole = rankTask({ index, capabilityTexts: texts, query, capabilities, phrased: read.phrased, limit: o.limit, requirements: required, semantic });
  // A task of several needs: each need ranked on its own as well (the lexical reading; the whole task
  // carries the optional models' readings).
  const parts = query.parts.map((part) => {
    const q = readTaskQuery(part, (word) => texts.uses(stemOf(word)));
    const needRead = taskCapabilities(q);
    return rankTask({ index, capabilityTexts: texts, query: q, capabilities: needRead.ids, phrased: needRead.phrased, limit: o.limit, requirements: required });
  });
  const ranked = { ...(parts.length ? mergeNeeds(whole, parts, o.limit) : whole), requirements };
  if (!o.llm && !o.embeddings) rankings.set(key, { index, ranked });
  return ranked;
}

const SEMANTIC_CANDIDATES = 50;

/** The task's embedding against the products' (none when the endpoint fails: the lexical ranking stands). */
async function semanticChannel(db: Db, model: EmbeddingModel, task: string, index: ProductIndex): Promise<RankInput['semantic']> {
  const vectors = productVectors(db, model);
  let query = taskVectors.get(`${model.name}|${task}`);
  if (!query) {
    query = await model.embed([task]).then(
      ([v]) => v,
      () => undefined,
    );
    if (!query) return undefined;
    taskVectors.set(`${model.name}|${task}`, query);
  }
  const q = query;
  return {
    similarity: (slot) => vectors.similarity(index.product(slot).id, q),
    nearest: vectors
      .nearest(q, SEMANTIC_CANDIDATES)
      .map((id) => index.slotOfId(id))
      .filter((slot): slot is number => slot !== undefined),
  };
}

const taskVectors = new LRUCache<string, Float32Array>({ max: 2_000 });

// Agents ask the same tasks again (retries, loops, the same job for many users). A ranking holds while the
// index is unchanged (its generation); callers must not change what they get.
const rankings = new LRUCache<string, { index: object; ranked: RankedTask }>({ max: 5_000 });

/** Forgets every kept ranking and task reading (the benchmark measures ranking anew with it). */
export function forgetRankings(): void {
  rankings.clear();
  forgetTaskReadings();
}
