import { randomUUID } from 'node:crypto';
import { hashApiKey } from '../src/domain/api-keys';
import { parseTaskIntent, splitRequirements } from '../src/domain/task-intent';
import { findTools } from '../src/services/find-tools';
import { resolveTask, taskCapabilities } from '../src/services/resolve';
import type { Db } from '../src/store/db';
import { releaseCall, reserveCall, settleCall } from '../src/store/metering';
import { findActiveKey } from '../src/store/workspaces';

export interface Step {
  step: string;
  /** Mean wall time of one run on an otherwise idle machine: the CPU it costs this process and Postgres. */
  meanMs: number;
  /** SQL statements (round trips) per run, BEGIN and COMMIT included, as knex sent them. */
  statements: number;
}

const RUNS = 300;

/**
 * Where a find-tools or resolve call spends its time outside Temporal: each step of the path run alone,
 * back to back, against the benchmark's registry. What REST adds (Koa, body parsing) and the workflow
 * itself are the rest of the end-to-end figure.
 */
export async function measureBreakdown(db: Db, o: { rawKey: string; workspaceId: string; tasks: string[] }): Promise<Step[]> {
  const task = (i: number) => o.tasks[i % o.tasks.length];
  let sent = 0;
  const count = () => sent++;
  db.on('query', count);
  const time = async (step: string, run: (i: number) => unknown): Promise<Step> => {
    for (let i = 0; i < 20; i++) await run(i); // warm-up
    sent = 0;
    const started = performance.now();
    for (let i = 0; i < RUNS; i++) await run(i);
    const meanMs = (performance.now() - started) / RUNS;
    return { step, meanMs: Math.round(meanMs * 100) / 100, statements: Math.round((sent / RUNS) * 10) / 10 };
  };
  const keyHash = hashApiKey(o.rawKey);
  const findResult = await findTools(db, task(0));
  const steps: Step[] = [
    await time('key lookup', () => findActiveKey(db, keyHash)),
    await time('read the task (capabilities, requirements, search terms)', (i) => {
      parseTaskIntent(task(i));
      taskCapabilities(splitRequirements(task(i)).rest);
    }),
    await time('find-tools read (candidates by capability)', (i) => findTools(db, task(i))),
    await time('resolve read (products by capability coverage)', (i) => resolveTask(db, task(i))),
    await time('reserve + settle (metering, one call)', async () => {
      const workflowId = `bench-breakdown-${randomUUID()}`;
      await reserveCall(db, { workspaceId: o.workspaceId, eventType: 'agent_discovery_check', workflowId, source: 'api', now: new Date() });
      await settleCall(db, workflowId);
    }),
    await time('reserve + release (a refused or failed call)', async () => {
      const workflowId = `bench-breakdown-${randomUUID()}`;
      await reserveCall(db, { workspaceId: o.workspaceId, eventType: 'agent_discovery_check', workflowId, source: 'api', now: new Date() });
      await releaseCall(db, workflowId);
    }),
    await time('JSON of a find-tools answer', () => JSON.parse(JSON.stringify(findResult))),
  ];
  db.off('query', count);
  return steps;
}
