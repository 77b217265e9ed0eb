import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { Playbook } from '../src/domain/playbook';
import { explainResolution } from '../src/domain/resolution';
import { metered } from './metering';

// Short Postgres reads and writes: local activities, no server round trip each.
const { resolveTask, readHowToCache, writeHowToCache } = proxyLocalActivities<Activities>({ startToCloseTimeout: '30 seconds', retry: { maximumAttempts: 5 } });
// Reading sources crawls the open web; each page has its own deadline inside.
const { gatherHowToSources } = proxyActivities<Activities>({ startToCloseTimeout: '2 minutes', retry: { maximumAttempts: 2 } });
const { composePlaybook } = proxyActivities<Activities>({ startToCloseTimeout: '2 minutes', retry: { maximumAttempts: 2 } });

const RECOMMENDED = 3;

/**
 * How-to playbook for a task (metered as workflow_execution, cached repeats too): resolve the task, read
 * the leading tools' llms.txt and docs through the guarded crawler, and build the playbook from them.
 * Cached per normalised task for 30 days, when at least one source could be read.
 */
export async function howToWorkflow(input: { task: string }): Promise<Playbook> {
  return metered(async () => {
    const cached = await readHowToCache(input.task);
    if (cached) return cached;
    const resolved = await resolveTask({ task: input.task, requirements: {} });
    const tools = explainResolution(resolved).results.slice(0, RECOMMENDED);
    const { docs, packages } = await gatherHowToSources(tools, input.task); // the task's stack picks which docs pages are read
    const asOf = new Date().toISOString().slice(0, 7); // workflow time: deterministic on replay
    const playbook = await composePlaybook({ task: input.task, asOf, capabilities: resolved.capabilities, tools, docs, packages });
    // A playbook built from nothing read (sites down, nothing resolved) is not kept: the next call tries again.
    if (playbook.sources.length) await writeHowToCache(playbook);
    return playbook;
  });
}
