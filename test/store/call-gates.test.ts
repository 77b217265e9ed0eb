import assert from 'node:assert/strict';
import { PLANS } from '../../src/domain/plans';
import { recordCalls } from '../../src/store/metering';
import { readCallGate, readCallLimits, releaseCallSlots, setCallLimitOverrides, takeCallSlot } from '../../src/store/call-gates';
import { CALL_CASES } from '../support/call-cases';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';
import { passTimeInGate } from '../support/call-gates';

describe('per-workspace call gates (store)', () => {
  const db = () => getInfra().db;

  describe('call_gate_decision gives decideCall’s answers', () => {
    for (const c of CALL_CASES) {
      it(c.name, async () => {
        const { rows } = await db().raw('SELECT * FROM call_gate_decision(?, ?, ?, ?, ?, ?)', [
          c.now,
          c.tat,
          c.live,
          c.limits.rate,
          c.limits.burst,
          c.limits.inFlight,
        ]);
        const r = rows[0];
        assert.deepEqual({ verdict: r.verdict, nextTatMs: Number(r.next_tat), waitMs: Number(r.wait_ms), remaining: Number(r.remaining) }, { ...c.want });
      });
    }
  });

  it('admits a burst of the plan’s size, then refuses for rate with the wait until the next call', async () => {
    const ws = await createWorkspace(db()); // free: burst 20, 10 in flight
    // The plan's burst at a rate no busy machine refills during the loop (at the plan's 10 a second, one
    // 100 ms stall between calls admitted a 21st).
    const burst = PLANS.free.callLimits.burst;
    const rate = 0.5;
    await setCallLimitOverrides(db(), ws.workspaceId, { rate, burst, inFlight: PLANS.free.callLimits.inFlight });
    const answers = [];
    for (let i = 0; i < 21; i++) {
      const a = await takeCallSlot(db(), ws.workspaceId, { ttlMs: 60_000 });
      assert.ok(a.state !== 'no_workspace');
      answers.push(a);
      // hand each call back at once, so only the rate limits
      if (a.state === 'admitted') await releaseCallSlots(db(), new Map([[ws.workspaceId, [a.slot as number]]]));
    }
    assert.ok(answers.slice(0, burst).every((a) => a.state === 'admitted'));
    const last = answers[burst];
    assert.equal(last.state, 'rate');
    assert.ok(last.state === 'rate' && last.waitMs > 0 && last.waitMs <= 1000 / rate);
    assert.deepEqual((await readCallGate(db(), ws.workspaceId))?.slots, []);
  });

  it('counts calls in flight until their slots come back, with the next call or on their own', async () => {
    const ws = await createWorkspace(db());
    await setCallLimitOverrides(db(), ws.workspaceId, { rate: 1000, burst: 1000, inFlight: 3 });
    const taken = [];
    for (let i = 0; i < 3; i++) taken.push(await takeCallSlot(db(), ws.workspaceId, { ttlMs: 60_000 }));
    assert.deepEqual(
      taken.map((a) => a.state === 'admitted' && a.inFlight),
      [1, 2, 3],
    );
    const full = await takeCallSlot(db(), ws.workspaceId, { ttlMs: 60_000 });
    assert.equal(full.state, 'in_flight');
    const slots = taken.map((a) => (a.state === 'admitted' ? (a.slot as number) : 0));
    assert.equal(new Set(slots).size, 3, 'every slot is told apart');
    // a finished call's slot carried back by the next call frees its place for that very call
    const next = await takeCallSlot(db(), ws.workspaceId, { ttlMs: 60_000, releases: [slots[0]] });
    assert.ok(next.state === 'admitted' && next.inFlight === 3);
    await releaseCallSlots(db(), new Map([[ws.workspaceId, [slots[1], slots[2]]]]));
    assert.equal((await readCallGate(db(), ws.workspaceId))?.slots.length, 1);
  });

  it('frees the slot of a call whose process died once its time is up', async () => {
    const ws = await createWorkspace(db());
    await setCallLimitOverrides(db(), ws.workspaceId, { inFlight: 1 });
    assert.equal((await takeCallSlot(db(), ws.workspaceId, { ttlMs: 60_000 })).state, 'admitted');
    assert.equal((await takeCallSlot(db(), ws.workspaceId, { ttlMs: 60_000 })).state, 'in_flight');
    await passTimeInGate(db(), ws.workspaceId, 59_000);
    assert.equal((await takeCallSlot(db(), ws.workspaceId, { ttlMs: 60_000 })).state, 'in_flight', 'a second before its time is up');
    await passTimeInGate(db(), ws.workspaceId, 2_000);
    assert.equal((await takeCallSlot(db(), ws.workspaceId, { ttlMs: 60_000 })).state, 'admitted');
  });

  it('applies a contract’s overrides over the plan’s limits, and the plan’s again when cleared', async () => {
    const ws = await createWorkspace(db(), { plan: 'scale' });
    await setCallLimitOverrides(db(), ws.workspaceId, { rate: 500, inFlight: 200 });
    const a = await takeCallSlot(db(), ws.workspaceId, { ttlMs: 1000 });
    assert.ok(a.state === 'admitted');
    assert.deepEqual(a.limits, { rate: 500, burst: PLANS.scale.callLimits.burst, inFlight: 200 });
    assert.deepEqual(await readCallLimits(db(), ws.workspaceId, PLANS.scale.callLimits), a.limits);
    await setCallLimitOverrides(db(), ws.workspaceId, {});
    assert.deepEqual(await readCallLimits(db(), ws.workspaceId, PLANS.scale.callLimits), PLANS.scale.callLimits);
  });

  it('decides concurrent calls one at a time, across connections: exactly `inFlight` admitted', async () => {
    const ws = await createWorkspace(db());
    await setCallLimitOverrides(db(), ws.workspaceId, { rate: 1000, burst: 1000, inFlight: 7 });
    const answers = await Promise.all(Array.from({ length: 30 }, () => takeCallSlot(db(), ws.workspaceId, { ttlMs: 60_000 })));
    assert.equal(answers.filter((a) => a.state === 'admitted').length, 7);
    assert.equal(answers.filter((a) => a.state === 'in_flight').length, 23);
  });

  it('decides a read’s gate with its usage record, one statement for a batch: refused calls record nothing', async () => {
    const ws = await createWorkspace(db(), { used: { workflow_execution: PLANS.free.included.workflow_execution - 1 } });
    await setCallLimitOverrides(db(), ws.workspaceId, { rate: 1000, burst: 1000, inFlight: 3 });
    const held = await takeCallSlot(db(), ws.workspaceId, { ttlMs: 60_000 }); // another process's call in flight
    const call = (i: number) => ({
      workspaceId: ws.workspaceId,
      eventType: 'workflow_execution' as const,
      workflowId: `gated-${ws.workspaceId}-${i}`,
      source: 'api',
      now: new Date(),
      gate: { ttlMs: 60_000 },
    });
    // Two places left in flight and one call left in the quota: admitted and recorded, admitted by the
    // gate and refused by the quota (its slot still taken, for the API to hand back), then refused by the gate.
    const answers = await recordCalls(db(), [call(1), call(2), call(3)]);
    assert.deepEqual(
      answers.map((a) => [a.state, a.gate?.state]),
      [
        ['admitted', 'admitted'],
        ['refused', 'admitted'],
        ['gated', 'in_flight'],
      ],
    );
    const events = await db()('usage_events').where({ workspace_id: ws.workspaceId }).pluck('dedupe_key');
    assert.deepEqual(events, [call(1).workflowId]);
    const gate = await readCallGate(db(), ws.workspaceId);
    assert.equal(gate?.slots.length, 3);
    // a finished call's slot carried back with the next record frees its place for that very call
    const again = await recordCalls(db(), [{ ...call(4), gate: { ttlMs: 60_000, releases: [held.state === 'admitted' ? (held.slot as number) : 0] } }]);
    assert.deepEqual([again[0].state, again[0].gate?.state], ['refused', 'admitted']);
  });

  it('answers no_workspace for a workspace that does not exist', async () => {
    const a = await takeCallSlot(db(), '00000000-0000-4000-8000-000000000000', { ttlMs: 1000 });
    assert.equal(a.state, 'no_workspace');
  });
});
