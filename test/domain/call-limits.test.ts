import assert from 'node:assert/strict';
import { bucketWindowSeconds, decideCall } from '../../src/domain/call-limits';
import { CALL_CASES } from '../support/call-cases';
import type { CallLimits } from '../../src/domain/plans';

describe('per-workspace call limits (domain)', () => {
  for (const c of CALL_CASES) {
    it(c.name, () => {
      assert.deepEqual(decideCall(c.now, c.tat, c.live, c.limits), c.want);
    });
  }

  it('a burst at one instant admits exactly `burst` calls, then refuses', () => {
    const limits = { rate: 25, burst: 50, inFlight: 1000 };
    let tat = 0;
    const verdicts = Array.from({ length: 60 }, () => {
      const d = decideCall(1_000, tat, 0, limits);
      tat = d.nextTatMs;
      return d.verdict;
    });
    assert.equal(verdicts.filter((v) => v === 'admitted').length, 50);
    assert.deepEqual(verdicts.slice(50), Array(10).fill('rate'));
  });

  it('sustained calls are admitted at the rate', () => {
    const limits = { rate: 10, burst: 5, inFlight: 1000 };
    let tat = 0;
    let admitted = 0;
    for (let now = 0; now < 10_000; now += 10) {
      const d = decideCall(now, tat, 0, limits);
      tat = d.nextTatMs;
      if (d.verdict === 'admitted') admitted++;
    }
    // 5 at once, then one every 100 ms for the rest of the 10 s
    assert.ok(admitted >= 103 && admitted <= 105, `admitted ${admitted}`);
  });

  const windows: Array<[CallLimits, number]> = [
    [{ rate: 10, burst: 20, inFlight: 10 }, 2],
    [{ rate: 50, burst: 100, inFlight: 40 }, 2],
    [{ rate: 25, burst: 50, inFlight: 20 }, 2],
    [{ rate: 100, burst: 10, inFlight: 5 }, 1],
    [{ rate: 0.5, burst: 3, inFlight: 1 }, 6],
  ];
  for (const [limits, want] of windows) {
    it(`the bucket of ${limits.burst} at ${limits.rate}/s is published as a ${want} s window`, () => {
      assert.equal(bucketWindowSeconds(limits), want);
    });
  }
});
