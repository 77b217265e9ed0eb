import assert from 'node:assert/strict';
import { DEFAULT_RETRY_POLICY, nextRetryDelay, type RetryPolicy } from '../../../src/domain/watch/retry-schedule';

const HOUR = 3_600_000;
/** Small figures so the window never clips the delays below unless a test means it to. */
const P: RetryPolicy = { firstDelayMs: 1_000, maxDelayMs: 8_000, windowMs: 10 * HOUR };

describe('watch nextRetryDelay', () => {
  describe('doubling from the first delay, capped at the max (random 0.5: no spread)', () => {
    const cases: Array<[number, number]> = [
      [1, 1_000],
      [2, 2_000],
      [3, 4_000],
      [4, 8_000],
      [5, 8_000],
      [20, 8_000],
      [200, 8_000],
    ];
    for (const [attempts, want] of cases) {
      it(`after ${attempts} failure(s): ${want} ms`, () => {
        assert.equal(nextRetryDelay(P, attempts, 0, 0.5), want);
      });
    }

    it('a cap that is not a power-of-two multiple of the first delay is reached exactly', () => {
      const p: RetryPolicy = { firstDelayMs: 1_000, maxDelayMs: 5_000, windowMs: HOUR };
      assert.deepEqual(
        [1, 2, 3, 4, 5].map((n) => nextRetryDelay(p, n, 0, 0.5)),
        [1_000, 2_000, 4_000, 5_000, 5_000],
      );
    });
  });

  describe('±20% spread', () => {
    for (const attempts of [1, 3, 10]) {
      const base = Math.min(P.maxDelayMs, P.firstDelayMs * 2 ** (attempts - 1));
      it(`after ${attempts} failure(s): random 0 gives 80% of ${base} ms, random ~1 at most 120%`, () => {
        assert.equal(nextRetryDelay(P, attempts, 0, 0), 0.8 * base);
        const high = nextRetryDelay(P, attempts, 0, 0.999999) as number;
        assert.ok(high <= 1.2 * base, `${high} > ${1.2 * base}`);
        assert.ok(high >= 1.19 * base, `${high} < ${1.19 * base}`);
      });
    }

    it('stays within [80%, 120%] of the base for randoms across [0, 1)', () => {
      for (let r = 0; r < 1; r += 0.05) {
        const d = nextRetryDelay(P, 2, 0, r) as number;
        assert.ok(d >= 1_600 && d <= 2_400, `random ${r}: ${d}`);
      }
    });

    it('grows with the random number', () => {
      const low = nextRetryDelay(P, 3, 0, 0.1) as number;
      const high = nextRetryDelay(P, 3, 0, 0.9) as number;
      assert.ok(low < high, `${low} >= ${high}`);
    });
  });

  describe('the window', () => {
    const spent: Array<[string, number]> = [
      ['exactly the window', P.windowMs],
      ['past the window', P.windowMs + 1],
      ['long past the window', 10 * P.windowMs],
    ];
    for (const [what, elapsed] of spent) {
      it(`null once elapsed >= window: ${what}`, () => {
        for (const r of [0, 0.5, 0.99]) assert.equal(nextRetryDelay(P, 3, elapsed, r), null);
      });
    }

    it('just before the end, the next attempt lands on the window end', () => {
      assert.equal(nextRetryDelay(P, 10, P.windowMs - 3_000, 0.5), 3_000);
      assert.equal(nextRetryDelay(P, 10, P.windowMs - 1, 0.99), 1);
    });

    it('never schedules an attempt beyond the window end', () => {
      for (let elapsed = P.windowMs - 20_000; elapsed < P.windowMs; elapsed += 777) {
        for (const r of [0, 0.5, 0.999]) {
          const d = nextRetryDelay(P, 12, elapsed, r);
          assert.ok(d !== null && d >= 1, `elapsed ${elapsed}: ${d}`);
          assert.ok(elapsed + d <= P.windowMs, `elapsed ${elapsed} + ${d} > ${P.windowMs}`);
        }
      }
    });
  });

  describe('DEFAULT_RETRY_POLICY', () => {
    /** Every attempt fails: returns the attempts made and the time from the first to the last. */
    function simulate(random: number): { attempts: number; spanMs: number; delays: number[] } {
      let attempts = 1;
      let elapsed = 0;
      const delays: number[] = [];
      for (;;) {
        const d = nextRetryDelay(DEFAULT_RETRY_POLICY, attempts, elapsed, random);
        if (d === null) break;
        assert.ok(d > 0, `delay ${d} after ${attempts} attempts`);
        delays.push(d);
        elapsed += d;
        attempts += 1;
        assert.ok(attempts < 1_000, 'the schedule never ends');
      }
      return { attempts, spanMs: elapsed, delays };
    }

    it('always-failing deliveries are retried for at least 24 hours, in a sensible number of attempts', () => {
      const { attempts, spanMs } = simulate(0.5);
      assert.ok(spanMs >= 24 * HOUR, `span ${spanMs / HOUR} h`);
      assert.ok(attempts >= 15 && attempts <= 40, `${attempts} attempts`);
    });

    it('spans at least 24 hours whatever the spread', () => {
      for (const r of [0, 0.999]) {
        const { attempts, spanMs } = simulate(r);
        assert.ok(spanMs >= 24 * HOUR, `random ${r}: span ${spanMs / HOUR} h`);
        assert.ok(attempts >= 15 && attempts <= 40, `random ${r}: ${attempts} attempts`);
      }
    });

    it('starts at 5 s and never waits more than the 2 h cap', () => {
      const { delays } = simulate(0.5);
      assert.equal(delays[0], 5_000);
      assert.equal(delays[1], 10_000);
      assert.ok(Math.max(...delays) <= 2 * HOUR);
      assert.ok(delays.includes(2 * HOUR), 'the cap is reached');
    });
  });
});
