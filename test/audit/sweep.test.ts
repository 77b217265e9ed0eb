import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createTemporalClient, type TemporalClientHandle } from '../../src/temporal/connection';
import { runWorkflow } from '../../src/temporal/run-workflow';
import { ensureSchedules } from '../../src/temporal/schedules';
import { ScheduleIds, WorkflowTypes } from '../../src/temporal/workflow-names';
import { seedRow } from '../../src/domain/seed';
import { upsertSeedRows } from '../../src/store/products';
import { testConfig } from '../support/app';
import { getInfra } from '../support/infra';

describe('audit sweeps', function () {
  this.timeout(120_000);
  let temporal: TemporalClientHandle;
  before(() => {
    temporal = createTemporalClient({ address: getInfra().temporalAddress, namespace: getInfra().namespace });
  });
  after(() => temporal.connection.close());

  it('creates the sweep schedule with its interval and arguments from config', async () => {
    const config = testConfig({ SWEEP_INTERVAL_MINUTES: '90', SWEEP_STALE_HOURS: '24', SWEEP_BATCH: '50', SWEEP_CONCURRENCY: '4' });
    await ensureSchedules(temporal.client, config, getInfra().taskQueue);
    const described = await temporal.client.schedule.getHandle(ScheduleIds.sweep).describe();
    assert.equal(described.spec.intervals?.[0]?.every, 90 * 60_000);
    assert.equal(described.action.type === 'startWorkflow' && described.action.workflowType, WorkflowTypes.sweep);
    assert.deepEqual(described.action.type === 'startWorkflow' && described.action.args, [{ olderThanHours: 24, limit: 50, concurrency: 4 }]);
    assert.ok(await temporal.client.schedule.getHandle(ScheduleIds.maintenance).describe());
  });

  it('re-audits stale products as child workflows, stalest first', async () => {
    const { db, taskQueue } = getInfra();
    // Only the fixture sites below are stale: everything else briefly counts as just audited (restored after).
    const neverAudited: string[] = await db('products').whereNull('audited_at').pluck('id');
    const restore = () => db('products').whereIn('id', neverAudited).update({ audited_at: null });
    await db('products').whereIn('id', neverAudited).update({ audited_at: db.fn.now() });
    try {
      await sweepFixtureSites(db, taskQueue);
    } finally {
      await restore();
    }
  });

  async function sweepFixtureSites(db: ReturnType<typeof getInfra>['db'], taskQueue: string) {
    const domains = Array.from({ length: 6 }, (_, i) => `site-${i + 10}.test`);
    await upsertSeedRows(
      db,
      domains.map((domain) =>
        seedRow({
          slug: domain.replace('.test', ''),
          name: domain,
          domain,
          description: '',
          categories: ['developer-tools'],
          sources: ['test'],
          facts: { api: false, mcp: false, selfServe: false, openapi: false, cli: false, llmsTxt: false, sdkLanguages: [] },
        }),
      ),
    );
    await db('products')
      .whereIn('domain', domains)
      .update({ audited_at: new Date(Date.now() - 30 * 86_400_000) });

    const outcome = await runWorkflow<{ considered: number; audited: number; unreachable: number; failed: number }>(temporal.client, WorkflowTypes.sweep, {
      workflowId: `sweep-test-${randomUUID()}`,
      taskQueue,
      args: [{ olderThanHours: 24, limit: 100, concurrency: 3 }],
      waitMs: 100_000,
    });
    assert.equal(outcome.status, 'completed');
    assert.deepEqual(outcome.status === 'completed' && outcome.result, { considered: 6, audited: 6, unreachable: 0, failed: 0 });
    const rows = await db('products').whereIn('domain', domains);
    for (const row of rows) {
      assert.equal(row.score_source, 'audit', row.domain);
      // real time: audited_at was set 30 days back; written again during this test means re-audited.
      assert.ok(Date.now() - new Date(row.audited_at).getTime() < 120_000, `${row.domain} re-audited`);
      assert.equal(row.has_llms_txt, true, 'the generic fixture publishes llms.txt');
    }
  }
});
