import type { Db } from '../src/store/db';
import { findTools, type FindToolsResult } from '../src/services/find-tools';
import type { Requirements } from '../src/services/registry';
import type { LanguageModel } from '../src/services/llm';
import { type Resolution, resolveTask } from '../src/services/resolve';

/** Registry reads for workflows: find-tools' candidates and resolve's capability match. */
export function registryActivities(db: Db, llm?: LanguageModel) {
  return {
    async resolveTask(input: { task: string; requirements: Requirements }): Promise<Resolution> {
      return resolveTask(db, input.task, input.requirements, llm);
    },

    async findTools(input: { task: string }): Promise<FindToolsResult> {
      return findTools(db, input.task);
    },
  };
}
