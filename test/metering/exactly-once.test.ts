import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { meteringActivities, settledReadActivities } from '../../activities/metering';
import { lockWorkspaceForReservation, reserveCall, settleCall } from '../../src/store/metering';
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

  it('settles while another call of the workspace holds the reservation lock (no lock cycle with the foreign key)', async () => {
    const { db } = getInfra();
    const ws = await createWorkspace(db);
    const workflowId = `test-${randomUUID()}`;
    await reserveCall(db, { workspaceId: ws.workspaceId, eventType: 'audit_run', workflowId, source: 'api', now: new Date() });
    const trx = await db.transaction();
    try {
      await lockWorkspaceForReservation(trx, ws.workspaceId); // the next call's reservation, in progress
      const waited = new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 3000));
      const settled = await Promise.race([settleCall(db, workflowId).then(() => 'settled' as const), waited]);
      assert.equal(settled, 'settled', "the usage event's foreign key check must not wait for the reservation lock");
    } finally {
      await trx.commit();
    }
    assert.equal((await events(workflowId)).length, 1);
  });

  it('records nothing for a workflow that holds no reservation (anonymous trial calls)', async () => {
    const workflowId = `test-${randomUUID()}`;
    const r = await meteringActivities(getInfra().db).settleUsage({ workflowId });
    assert.equal(r.eventId, undefined);
    assert.equal((await events(workflowId)).length, 0);
  });

  it('settles a read-only call with its read, once however often the step is retried, and never when the read fails', async () => {
    const { db } = getInfra();
    const ws = await createWorkspace(db);
    const [ok, failing] = [`test-${randomUUID()}`, `test-${randomUUID()}`];
    for (const workflowId of [ok, failing])
      await reserveCall(db, { workspaceId: ws.workspaceId, eventType: 'audit_run', workflowId, source: 'api', now: new Date() });
    let reads = 0;
    const { settledRead } = settledReadActivities(db, {
      double: async (n: number) => ++reads && n * 2,
      broken: async (_n: number): Promise<number> => {
        throw new Error('registry unavailable');
      },
    });
    assert.equal(await settledRead({ workflowId: ok, read: 'double', args: 21 }), 42);
    assert.equal(await settledRead({ workflowId: ok, read: 'double', args: 21 }), 42, 'a retry reads again');
    await assert.rejects(settledRead({ workflowId: failing, read: 'broken', args: 1 }), /registry unavailable/);
    assert.equal(reads, 2);
    assert.equal((await events(ok)).length, 1);
    assert.equal((await events(failing)).length, 0);
    const c = await counters(ws.workspaceId);
    assert.deepEqual([c.reserved, c.used], [1, 1], 'the failed read keeps its reservation for the workflow to release');
  });
});
