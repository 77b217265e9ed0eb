import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { meteringActivities } from '../../activities/metering';
import { lockWorkspaceForReservation, recordCall, refundCall, reserveCall, settleCall } from '../../src/store/metering';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';
import { REAL_TIME_MARGIN_MS } from '../support/eventually';

describe('metering activity: exactly one event per call', () => {
  const counters = async (workspaceId: string) => getInfra().db('usage_counters').where({ workspace_id: workspaceId, event_type: 'audit_run' }).first();
  const events = async (workflowId: string) => getInfra().db('usage_events').where({ dedupe_key: workflowId });

  it('leaves one event when the settle activity runs twice (a retry), and moves the reservation to used once', async () => {
    const { db } = getInfra();
    const ws = await createWorkspace(db);
    const workflowId = `test-${randomUUID()}`;
    const r = await reserveCall(db, { workspaceId: ws.workspaceId, eventType: 'audit_run', workflowId, source: 'api', now: new Date() });
    assert.ok('reservation' in r && r.reservation);
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
      // real time: a settle that waited on the lock would wait for the commit below, which never comes first;
      // one that does not finishes in milliseconds, well inside the margin.
      const waited = new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), REAL_TIME_MARGIN_MS));
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

  describe('single-step reads, recorded when admitted', () => {
    const record = (ws: { workspaceId: string }, workflowId: string, keyId?: string) =>
      recordCall(getInfra().db, { workspaceId: ws.workspaceId, eventType: 'audit_run', workflowId, source: 'api', now: new Date(), keyId });

    it('records one event however often, and however concurrently, the same call is recorded', async () => {
      const ws = await createWorkspace(getInfra().db);
      const workflowId = `test-${randomUUID()}`;
      const states = (await Promise.all([record(ws, workflowId), record(ws, workflowId), record(ws, workflowId)])).map((r) => r.state).sort();
      assert.deepEqual(states, ['admitted', 'recorded', 'recorded']);
      assert.equal((await events(workflowId)).length, 1);
      const c = await counters(ws.workspaceId);
      assert.deepEqual([c.used, c.reserved], [1, 0]);
    });

    it('admits exactly the last included call of 20 concurrent ones', async () => {
      const ws = await createWorkspace(getInfra().db, { used: { audit_run: 99 } });
      const results = await Promise.all(Array.from({ length: 20 }, () => record(ws, `test-${randomUUID()}`)));
      assert.equal(results.filter((r) => r.state === 'admitted').length, 1);
      const refused = results.filter((r) => r.state === 'refused');
      assert.equal(refused.length, 19);
      assert.ok(refused.every((r) => r.state === 'refused' && r.decision.reason === 'QUOTA_EXHAUSTED'));
      assert.equal((await counters(ws.workspaceId)).used, 100);
    });

    it('refuses a revoked key and records nothing', async () => {
      const { db } = getInfra();
      const ws = await createWorkspace(db);
      await db('api_keys').where({ id: ws.keyId }).update({ revoked_at: new Date() });
      const workflowId = `test-${randomUUID()}`;
      assert.equal((await record(ws, workflowId, ws.keyId)).state, 'key_revoked');
      assert.equal((await events(workflowId)).length, 0);
    });

    it('takes a failed call back exactly once, and never a reserved call or one already sent to Stripe', async () => {
      const { db } = getInfra();
      const ws = await createWorkspace(db);
      const [failed, reserved, synced] = [`test-${randomUUID()}`, `test-${randomUUID()}`, `test-${randomUUID()}`];
      await record(ws, failed);
      await record(ws, synced);
      await db('usage_events').where({ dedupe_key: synced }).update({ payments_sync_status: 'synced' });
      await reserveCall(db, { workspaceId: ws.workspaceId, eventType: 'audit_run', workflowId: reserved, source: 'api', now: new Date() });
      await settleCall(db, reserved);
      await Promise.all([refundCall(db, failed), refundCall(db, failed), refundCall(db, reserved), refundCall(db, synced)]);
      assert.equal((await events(failed)).length, 0);
      assert.equal((await events(reserved)).length, 1);
      assert.equal((await events(synced)).length, 1);
      const c = await counters(ws.workspaceId);
      assert.deepEqual([c.used, c.reserved], [2, 0]);
    });
  });
});
