import type { Db } from '../store/db';
import type { Resolution, Requirements } from '../domain/resolution';
import type { EmbeddingModel } from './embeddings';
import type { LanguageModel } from './llm';
import { rankTaskIn } from './task-ranking';

export { explainResolution, type Resolution, type ResolveResult } from '../domain/resolution';

const RESULTS = 20;

/**
 * resolve: the task ranked (src/services/task-ranking.ts) with the capabilities it was read as asking for
 * and what each product matched. Requirements come from the body and from the task's own words; they drop
 * products. The language model (capabilities) and the embeddings endpoint (similarity) join when configured;
`fresh` waits for writes made elsewhere (the audits discovery ran) before ranking.
 */
export async function resolveTask(
  db: Db,
  task: string,
  bodyRequirements: Requirements = {},
  o: { llm?: LanguageModel; embeddings?: EmbeddingModel; fresh?: boolean } = {},
): Promise<Resolution> {
  const ranked = await rankTaskIn(db, task, { limit: RESULTS, requirements: bodyRequirements, ...o });
  return {
    task,
    capabilities: ranked.capabilities,
    requirements: ranked.requirements,
    hits: ranked.results,
    discovered: 0,
    ...(ranked.note ? { note: ranked.note } : {}),
  };
}
