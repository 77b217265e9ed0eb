import type { Playbook, ResolvedTool } from '../src/domain/playbook';
import type { Outbound } from '../src/net';
import { cachedPlaybook, cachePlaybook, composePlaybook, type PlaybookInput } from '../src/services/how-to';
import { gatherHowToSources, type HowToSourceSettings } from '../src/services/how-to-sources';
import type { LanguageModel } from '../src/services/llm';
import type { Db } from '../src/store/db';

/** How-to research: the 30-day cache, the guarded reading of sources, and the playbook's writing. */
export function howToActivities(d: { db: Db; outbound: Outbound; settings: HowToSourceSettings; llm?: LanguageModel }) {
  return {
    async readHowToCache(task: string): Promise<Playbook | undefined> {
      return cachedPlaybook(d.db, task);
    },
    async gatherHowToSources(tools: ResolvedTool[], task?: string) {
      return gatherHowToSources(d.outbound, d.settings, tools, task);
    },
    async composePlaybook(input: PlaybookInput): Promise<Playbook> {
      return composePlaybook(input, d.llm);
    },
    async writeHowToCache(playbook: Playbook): Promise<void> {
      await cachePlaybook(d.db, playbook);
    },
  };
}
