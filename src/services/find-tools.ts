import { reasonFor } from '../domain/resolution';
import { parseTaskIntent, type TaskIntent } from '../domain/task-intent';
import type { Db } from '../store/db';
import type { EmbeddingModel } from './embeddings';
import type { RegistryRow } from '../store/products';
import { rankTaskIn } from './task-ranking';

export interface FindToolsResult {
  task: string;
  intent: TaskIntent;
  results: Array<RegistryRow & { match: number; reason: string }>;
  note?: string;
}

const RESULTS = 20;

/**
 * find-tools: the products that fit the task, best fit first, from the same ranking as resolve
 * (src/services/task-ranking.ts); the answer is the shorter one: each product with its match and a
 * reason, without resolve's capability breakdown.
 */
export async function findTools(db: Db, task: string, o: { embeddings?: EmbeddingModel } = {}): Promise<FindToolsResult> {
  const ranked = await rankTaskIn(db, task, { limit: RESULTS, embeddings: o.embeddings });
  const n = ranked.capabilities.length;
  return {
    task,
    intent: parseTaskIntent(task),
    results: ranked.results.map((h) => ({ slug: h.slug, name: h.name, domain: h.domain, readiness: h.readiness, match: h.match, reason: reasonFor(h, n) })),
    ...(ranked.note ? { note: ranked.note } : {}),
  };
}
