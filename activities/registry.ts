import type { Db } from '../src/store/db';
import { registryService, type Requirements } from '../src/services/registry';
import type { RegistryRow } from '../src/store/products';

/** Registry reads for workflows (find-tools, resolve): the same search the open endpoint runs. */
export function registryActivities(db: Db) {
  const registry = registryService(db);
  return {
    async searchRegistry(input: { terms: string; requirements: Requirements; limit: number }): Promise<RegistryRow[]> {
      return registry.search(input.terms, input.requirements, input.limit);
    },
  };
}
