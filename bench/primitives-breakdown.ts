import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { hashApiKey } from '../src/domain/api-keys';
import { readTaskQuery } from '../src/domain/ranking/query';
import { stemOf } from '../src/domain/ranking/terms';
import { parseTaskIntent } from '../src/domain/task-intent';
import { capabilityTexts } from '../src/services/capability-vocabulary';
import { findTools } from '../src/services/find-tools';
import { resolveTask } from '../src/services/resolve';
import { taskCapabilities } from '../src/services/task-capabilities';
import { forgetRankings } from '../src/services/task-ranking';
import type { Db } from '../src/store/db';
import { recordCall, refundCall, releaseCall, reserveCall, settleCall } from '../src/store/metering';
import { findActiveKey } from '../src/store/workspaces';

export interface Step {
  step: string;
  /** Mean wall time of one run on an otherwise idle machine: the CPU it costs this process and Postgres. */
  meanMs: number;
  /** Round trips to Postgres per run (a message of several statements counts once). */
  roundTrips: number;
}

const RUNS = 300;

/**
 * Where a find-tools or resolve call spends its time outside Temporal: each step of the path run alone,
 * back to back, against the benchmark's registry. What REST adds (Koa, body parsing) and the workflow
 * itself are the rest of the end-to-end figure.
 */
export async function measureBreakdown(db: Db, o: { rawKey: string; keyId: string; workspaceId: string; tasks: string[] }): Promise<Step[]> {
  const task = (i: number) => o.tasks[i % o.tasks.length];
  // Every query, knex's or a store module's own, goes through pg.Client#query: count them there.
  let sent = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    sent++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  const time = async (step: string, run: (i: number) => unknown): Promise<Step> => {
    for (let i = 0; i < 20; i++) await run(i); // warm-up
    sent = 0;
    const started = performance.now();
    for (let i = 0; i < RUNS; i++) await run(i);
    const meanMs = (performance.now() - started) / RUNS;
    return { step, meanMs: Math.round(meanMs * 100) / 100, roundTrips: Math.round((sent / RUNS) * 10) / 10 };
  };
  const keyHash = hashApiKey(o.rawKey);
  const findResult = await findTools(db, task(0));
  const steps: Step[] = [
    await time('key lookup (a key this process has not seen in the last minute)', () => findActiveKey(db, keyHash)),
    await time('read the task (words, weights, capabilities, requirements)', (i) => {
      forgetRankings();
      parseTaskIntent(task(i));
      taskCapabilities(readTaskQuery(task(i), (w) => capabilityTexts().uses(stemOf(w))));
    }),
    await time('find-tools read (the task ranked over the index in memory), ranking kept', (i) => findTools(db, task(i))),
    await time('find-tools read, every task ranked anew', (i) => {
      forgetRankings();
      return findTools(db, task(i));
    }),
    await time('resolve read, ranking kept', (i) => resolveTask(db, task(i))),
    await time('resolve read, every task ranked anew', (i) => {
      forgetRankings();
      return resolveTask(db, task(i));
    }),
    await time('record (admission, key check and usage event in one statement): the metering of find-tools and resolve', (i) =>
      recordCall(db, {
        workspaceId: o.workspaceId,
        eventType: 'agent_discovery_check',
        workflowId: `bench-breakdown-${randomUUID()}-${i}`,
        source: 'api',
        now: new Date(),
        keyId: o.keyId,
      }),
    ),
    await time('record + refund (a read that failed after admission)', async () => {
      const workflowId = `bench-breakdown-${randomUUID()}`;
      await recordCall(db, { workspaceId: o.workspaceId, eventType: 'agent_discovery_check', workflowId, source: 'api', now: new Date(), keyId: o.keyId });
      await refundCall(db, workflowId);
    }),
    await time('reserve (with the key check) + settle: the metering of a multi-step workflow (audit, how-to)', async () => {
      const workflowId = `bench-breakdown-${randomUUID()}`;
      await reserveCall(db, { workspaceId: o.workspaceId, eventType: 'agent_discovery_check', workflowId, source: 'api', now: new Date(), keyId: o.keyId });
      await settleCall(db, workflowId);
    }),
    await time('reserve + release (a refused or failed call)', async () => {
      const workflowId = `bench-breakdown-${randomUUID()}`;
      await reserveCall(db, { workspaceId: o.workspaceId, eventType: 'agent_discovery_check', workflowId, source: 'api', now: new Date() });
      await releaseCall(db, workflowId);
    }),
    await time('JSON of a find-tools answer', () => JSON.parse(JSON.stringify(findResult))),
  ];
  pg.Client.prototype.query = query;
  return steps;
}
