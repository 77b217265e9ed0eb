import type { Db } from '../store/db';
import type { EmbeddingModel } from './embeddings';
import { rankTaskIn } from './task-ranking';
import type { ToolsFound } from '../domain/tools-found';

export { presentTools, type FindToolsResult, type ToolsFound } from '../domain/tools-found';

const RESULTS = 20;

/**
 * find-tools: the products that fit the task, best fit first, from the same ranking as resolve
 * (src/services/task-ranking.ts); the answer is the shorter one: each product with its match and a
 * reason (presentTools), without resolve's capability breakdown.
 */
export async function findTools(db: Db, task: string, o: { embeddings?: EmbeddingModel } = {}): Promise<ToolsFound> {
  const ranked = await rankTaskIn(db, task, { limit: RESULTS, embeddings: o.embeddings });
  return { task, capabilities: ranked.capabilities, hits: ranked.results, ...(ranked.note ? { note: ranked.note } : {}) };
}
