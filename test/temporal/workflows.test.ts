import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createTemporalClient, type TemporalClientHandle } from '../../src/temporal/connection';
import { runWorkflow } from '../../src/temporal/run-workflow';
import { ensureSchedule } from '../../src/temporal/schedules';
import { WorkflowTypes } from '../../src/temporal/workflow-names';
import { reserveCall } from '../../src/store/metering';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';

describe('Temporal path: run-and-wait helper, maintenance workflow, schedules', () => {
  let temporal: TemporalClientHandle;
  before(() => {
    const infra = getInfra();
    temporal = createTemporalClient({ address: infra.temporalAddress, namespace: infra.namespace });
  });
  after(() => temporal.connection.close());

  it('runs the maintenance workflow on the worker and purges only expired records', async () => {
    const { db, taskQueue } = getInfra();
    const now = Date.now();
    await db('idempotency_records').insert([
      { scope: 'ip:test', idempotency_key: 'old', request_hash: 'h', workflow_id: 'w1', expires_at: new Date(now - 1000) },
      { scope: 'ip:test', idempotency_key: 'fresh', request_hash: 'h', workflow_id: 'w2', expires_at: new Date(now + 3600_000) },
    ]);
    await db('trial_buckets').insert([
      { client_key: 'stale-ip', updated_at: new Date(now - 2 * 3600_000) },
      { client_key: 'active-ip', updated_at: new Date(now) },
    ]);
    // An orphaned reservation (its API process died before starting the workflow) and a live one.
    const ws = await createWorkspace(db);
    for (const [workflowId, age] of [
      ['orphan', 2 * 86_400_000],
      ['live', 0],
    ] as const) {
      await reserveCall(db, {
        workspaceId: ws.workspaceId,
        eventType: 'audit_run',
        workflowId: `${workflowId}-${ws.workspaceId}`,
        source: 'api',
        now: new Date(),
      });
      await db('usage_reservations')
        .where({ workflow_id: `${workflowId}-${ws.workspaceId}` })
        .update({ created_at: new Date(now - age) });
    }

    const outcome = await runWorkflow<{ idempotencyRecords: number; trialBuckets: number }>(temporal.client, WorkflowTypes.maintenance, {
      workflowId: `maintenance-test-${randomUUID()}`,
      taskQueue,
      args: [],
      waitMs: 30_000,
    });
    assert.equal(outcome.status, 'completed');
    assert.ok(outcome.status === 'completed' && outcome.result.idempotencyRecords >= 1);
    assert.deepEqual(await db('idempotency_records').where({ scope: 'ip:test' }).pluck('idempotency_key'), ['fresh']);
    assert.deepEqual((await db('trial_buckets').whereIn('client_key', ['stale-ip', 'active-ip']).pluck('client_key')).sort(), ['active-ip']);
    const states = Object.fromEntries(
      (await db('usage_reservations').where({ workspace_id: ws.workspaceId })).map((r) => [r.workflow_id.split('-')[0], r.state]),
    );
    assert.deepEqual(states, { orphan: 'released', live: 'reserved' });
    assert.equal((await db('usage_counters').where({ workspace_id: ws.workspaceId }).first()).reserved, 1);
  });

  it('attaches a second start with the same workflow id to the first execution', async () => {
    const workflowId = `dedupe-test-${randomUUID()}`;
    const opts = { workflowId, taskQueue: getInfra().taskQueue, args: [], waitMs: 30_000 };
    const [a, b] = await Promise.all([
      runWorkflow(temporal.client, WorkflowTypes.maintenance, opts),
      runWorkflow(temporal.client, WorkflowTypes.maintenance, opts),
    ]);
    const again = await runWorkflow(temporal.client, WorkflowTypes.maintenance, opts);
    assert.deepEqual([a.status, b.status, again.status], ['completed', 'completed', 'completed']);
    const runs = [];
    for await (const wf of temporal.client.workflow.list({ query: `WorkflowId = '${workflowId}'` })) runs.push(wf.runId);
    assert.equal(runs.length, 1, 'exactly one execution for one id');
  });

  it('returns `running` at the deadline instead of waiting forever', async () => {
    // No worker polls this queue, so the workflow cannot finish.
    const outcome = await runWorkflow(temporal.client, WorkflowTypes.maintenance, {
      workflowId: `deadline-test-${randomUUID()}`,
      taskQueue: `nobody-polls-${randomUUID()}`,
      args: [],
      waitMs: 300,
    });
    assert.equal(outcome.status, 'running');
    await temporal.client.workflow.getHandle(outcome.workflowId).terminate('test cleanup');
  });

  it('creates a schedule and updates it in place when the interval changes', async () => {
    const scheduleId = `schedule-test-${randomUUID()}`;
    const spec = { scheduleId, workflowType: WorkflowTypes.maintenance, taskQueue: getInfra().taskQueue };
    await ensureSchedule(temporal.client, { ...spec, everyMinutes: 60 });
    await ensureSchedule(temporal.client, { ...spec, everyMinutes: 15 });
    const handle = temporal.client.schedule.getHandle(scheduleId);
    const described = await handle.describe();
    assert.equal(described.spec.intervals?.[0]?.every, 15 * 60_000);
    assert.equal(described.action.type, 'startWorkflow');
    await handle.delete();
  });
});
