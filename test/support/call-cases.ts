import type { CallDecision } from '../../src/domain/call-limits';
import type { CallLimits } from '../../src/domain/plans';

/** The cases the store's SQL twin (call_gate_decision) is held to as well: test/store/call-gates.test.ts. */
export const CALL_CASES: Array<{ name: string; now: number; tat: number; live: number; limits: CallLimits; want: CallDecision }> = [
  {
    name: 'a fresh bucket admits and leaves burst-1',
    now: 10_000,
    tat: 0,
    live: 0,
    limits: { rate: 10, burst: 20, inFlight: 10 },
    want: { verdict: 'admitted', nextTatMs: 10_100, waitMs: 0, remaining: 19 },
  },
  {
    name: 'the last call of a burst is admitted with none left',
    now: 10_000,
    tat: 11_900,
    live: 3,
    limits: { rate: 10, burst: 20, inFlight: 10 },
    want: { verdict: 'admitted', nextTatMs: 12_000, waitMs: 0, remaining: 0 },
  },
  {
    name: 'an empty bucket refuses until one step has refilled',
    now: 10_000,
    tat: 12_000,
    live: 3,
    limits: { rate: 10, burst: 20, inFlight: 10 },
    want: { verdict: 'rate', nextTatMs: 12_000, waitMs: 100, remaining: 0 },
  },
  {
    name: 'a bucket far behind now counts from now (quiet spells do not bank beyond burst)',
    now: 100_000,
    tat: 5_000,
    live: 0,
    limits: { rate: 2, burst: 4, inFlight: 2 },
    want: { verdict: 'admitted', nextTatMs: 100_500, waitMs: 0, remaining: 3 },
  },
  {
    name: 'a full house of calls in flight refuses even with tokens left',
    now: 10_000,
    tat: 0,
    live: 10,
    limits: { rate: 10, burst: 20, inFlight: 10 },
    want: { verdict: 'in_flight', nextTatMs: 0, waitMs: 0, remaining: 20 },
  },
  {
    name: 'calls in flight are judged before the rate',
    now: 10_000,
    tat: 13_000,
    live: 10,
    limits: { rate: 10, burst: 20, inFlight: 10 },
    want: { verdict: 'in_flight', nextTatMs: 13_000, waitMs: 0, remaining: 0 },
  },
  {
    name: 'a fractional rate spaces calls wider than a second',
    now: 0,
    tat: 2_000,
    live: 0,
    limits: { rate: 0.5, burst: 1, inFlight: 1 },
    want: { verdict: 'rate', nextTatMs: 2_000, waitMs: 2_000, remaining: 0 },
  },
  {
    name: 'a burst of one admits exactly on time',
    now: 2_000,
    tat: 2_000,
    live: 0,
    limits: { rate: 0.5, burst: 1, inFlight: 1 },
    want: { verdict: 'admitted', nextTatMs: 4_000, waitMs: 0, remaining: 0 },
  },
];
