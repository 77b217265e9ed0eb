import type { Db } from '../src/store/db';
import { registryService, type Requirements } from '../src/services/registry';
import type { RegistryRow } from '../src/store/products';
import type { LanguageModel } from '../src/services/llm';
import { resolveTask, type ResolveResult } from '../src/services/resolve';

/** Registry reads for workflows: find-tools' search (the open endpoint's own) and resolve's capability match. */
export function registryActivities(db: Db, llm?: LanguageModel) {
  const registry = registryService(db);
  return {
    async resolveTask(input: { task: string; requirements: Requirements }): Promise<ResolveResult> {
      return resolveTask(db, input.task, input.requirements, llm);
    },

    async searchRegistry(input: { terms: string; requirements: Requirements; limit: number }): Promise<RegistryRow[]> {
      return registry.search(input.terms, input.requirements, input.limit);
    },
  };
}
