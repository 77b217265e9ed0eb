import { type Carried, carry } from '../src/domain/carried-hits';
import type { Db } from '../src/store/db';
import { findTools, type ToolsFound } from '../src/services/find-tools';
import type { Requirements } from '../src/services/registry';
import type { EmbeddingModel } from '../src/services/embeddings';
import type { LanguageModel } from '../src/services/llm';
import { type Resolution, resolveTask } from '../src/services/resolve';

/** Registry reads for workflows: find-tools' and resolve's ranking of a task, hits packed for the history. */
export function registryActivities(db: Db, models: { llm?: LanguageModel; embeddings?: EmbeddingModel } = {}) {
  return {
    /** `fresh`: after discovery, whose audits may have run in other workers, rank over their products too. */
    async resolveTask(input: { task: string; requirements: Requirements; fresh?: boolean }): Promise<Carried<Resolution>> {
      return carry(await resolveTask(db, input.task, input.requirements, { ...models, fresh: input.fresh }));
    },

    async findTools(input: { task: string }): Promise<Carried<ToolsFound>> {
      return carry(await findTools(db, input.task, { embeddings: models.embeddings }));
    },
  };
}
