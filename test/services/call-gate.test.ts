import assert from 'node:assert/strict';
import type { CallLimits } from '../../src/domain/plans';
import { callGate } from '../../src/services/call-gate';
import type { SlotAnswer } from '../../src/store/call-gates';
import { getInfra } from '../support/infra';

const LIMITS: CallLimits = { rate: 10, burst: 20, inFlight: 10 };
const admitted = (remaining: number, slot: number): SlotAnswer => ({
  state: 'admitted',
  waitMs: 0,
  remaining,
  resetMs: 0,
  inFlight: 1,
  slot,
  limits: LIMITS,
});
const refused = (state: 'rate' | 'in_flight'): SlotAnswer => ({
  state,
  waitMs: state === 'rate' ? 100 : 0,
  remaining: 0,
  resetMs: 100,
  inFlight: 0,
  limits: LIMITS,
});

/**
 * When this process expects the store to admit a workspace's call (a read's workflow starts early on that
 * guess, and runs unbilled if the guess is wrong): never for unknown limits, after a refusal, or near the
 * limits. The store's answers are given by hand; the gate itself decides nothing in Postgres here.
 */
describe('call gate: when an admission is expected', () => {
  const gate = () => callGate(getInfra().db, { ttlMs: 60_000 });
  let n = 0;
  const workspace = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

  it('expects nothing of a workspace whose limits it has not seen', () => {
    const ticket = gate().open(workspace());
    assert.equal(ticket.expected, false);
    ticket.abandon();
  });

  const cases: { name: string; remaining: number; held: number; want: boolean }[] = [
    { name: 'a full bucket and nothing in flight', remaining: 19, held: 0, want: true },
    { name: 'half the bucket left', remaining: 10, held: 0, want: true },
    { name: 'less than half the bucket left', remaining: 8, held: 0, want: false },
    { name: 'half the places in flight taken here', remaining: 19, held: 5, want: false },
    { name: 'a few places in flight taken here', remaining: 19, held: 3, want: true },
  ];
  for (const c of cases) {
    it(`after an admission: ${c.name} → ${c.want ? 'expected' : 'not expected'}`, () => {
      const g = gate();
      const ws = workspace();
      g.open(ws).settle(admitted(c.remaining, 1)).leave();
      const held = Array.from({ length: c.held }, (_, i) => g.open(ws).settle(admitted(19, 2 + i)));
      const ticket = g.open(ws);
      assert.equal(ticket.expected, c.want);
      ticket.abandon();
      for (const pass of held) pass.leave();
    });
  }

  for (const state of ['rate', 'in_flight'] as const) {
    it(`expects nothing for a second after a ${state} refusal`, () => {
      const g = gate();
      const ws = workspace();
      g.open(ws).settle(admitted(19, 1)).leave();
      assert.throws(() => g.open(ws).settle(refused(state)), /429|metered calls/);
      if (state === 'rate') {
        assert.throws(() => g.open(ws), /retry/, 'refused here until the bucket could admit again');
        return;
      }
      const ticket = g.open(ws);
      assert.equal(ticket.expected, false);
      ticket.abandon();
    });
  }
});
