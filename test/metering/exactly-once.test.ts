import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { meteringActivities } from '../../activities/metering';
import { reserveCall } from '../../src/store/metering';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';

describe('metering activity: exactly one event per call', () => {
  const counters = async (workspaceId: string) => getInfra().db('usage_counters').where({ workspace_id: workspaceId, event_type: 'audit_run' }).first();
  const events = async (workflowId: string) => getInfra().db('usage_events').where({ dedupe_key: workflowId });

  it('leaves one event when the settle activity runs twice (a retry), and moves the reservation to used once', async () => {
    const { db } = getInfra();
    const ws = await createWorkspace(db);
    const workflowId = `test-${randomUUID()}`;
    const r = await reserveCall(db, { workspaceId: ws.workspaceId, eventType: 'audit_run', workflowId, source: 'api', now: new Date() });
    assert.ok(r.reservation);
    assert.deepEqual([(await counters(ws.workspaceId)).reserved, (await counters(ws.workspaceId)).used], [1, 0]);

    const activities = meteringActivities(db);
    const first = await activities.settleUsage({ workflowId });
    const again = await activities.settleUsage({ workflowId });
    const concurrent = await Promise.all([activities.settleUsage({ workflowId }), activities.settleUsage({ workflowId })]);
    assert.ok(first.eventId);
    assert.deepEqual([again.eventId, ...concurrent.map((c) => c.eventId)], [first.eventId, first.eventId, first.eventId]);
    assert.equal((await events(workflowId)).length, 1);
    const c = await counters(ws.workspaceId);
    assert.deepEqual([c.reserved, c.used], [0, 1]);

    await activities.releaseUsage(workflowId);
    assert.deepEqual([(await counters(ws.workspaceId)).reserved, (await counters(ws.workspaceId)).used], [0, 1], 'release after settle changes nothing');
  });

  it('gives a failed call back exactly once and records nothing', async () => {
    const { db } = getInfra();
    const ws = await createWorkspace(db);
    const workflowId = `test-${randomUUID()}`;
    await reserveCall(db, { workspaceId: ws.workspaceId, eventType: 'audit_run', workflowId, source: 'api', now: new Date() });
    const activities = meteringActivities(db);
    await Promise.all([activities.releaseUsage(workflowId), activities.releaseUsage(workflowId)]);
    await activities.settleUsage({ workflowId });
    assert.equal((await events(workflowId)).length, 0);
    const c = await counters(ws.workspaceId);
    assert.deepEqual([c.reserved, c.used, Number(c.reserved_usd)], [0, 0, 0]);
  });

  it('records nothing for a workflow that holds no reservation (anonymous trial calls)', async () => {
    const workflowId = `test-${randomUUID()}`;
    const r = await meteringActivities(getInfra().db).settleUsage({ workflowId });
    assert.equal(r.eventId, undefined);
    assert.equal((await events(workflowId)).length, 0);
  });
});
