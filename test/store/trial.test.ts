import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { admitTrialCall } from '../../src/store/trial';
import { getInfra } from '../support/infra';

const HOUR = 3_600_000;
const T = new Date('2026-11-25T12:00:00.000Z');
const at = (offsetMs: number) => new Date(T.getTime() + offsetMs);

/**
 * The anonymous trial's rolling window, decided under the bucket's row lock. Concurrent requests read the
 * clock before they wait for the lock, so a request can be judged after calls stamped later than its own
 * clock reading: each case seeds a bucket and asks at T.
 */
describe('anonymous trial bucket (store)', () => {
  const cases: { name: string; hits: Date[]; admitted: boolean; remaining: number; resetSeconds: number; hitAt?: Date }[] = [
    { name: 'an empty bucket admits, the window from now', hits: [], admitted: true, remaining: 7, resetSeconds: 3600, hitAt: T },
    { name: 'hits older than the window are forgotten', hits: [at(-HOUR - 1), at(-HOUR)], admitted: true, remaining: 7, resetSeconds: 3600, hitAt: T },
    {
      name: 'a full bucket refuses until its oldest hit leaves',
      hits: Array.from({ length: 8 }, (_, i) => at(-HOUR + 90_000 + i)),
      admitted: false,
      remaining: 0,
      resetSeconds: 90,
    },
    {
      name: 'a full bucket of later-stamped hits refuses with at most the window to wait',
      hits: Array.from({ length: 8 }, (_, i) => at(40 + i)),
      admitted: false,
      remaining: 0,
      resetSeconds: 3600,
    },
    {
      name: 'an admitted call after later-stamped hits is stamped after them',
      hits: [at(25), at(30)],
      admitted: true,
      remaining: 5,
      resetSeconds: 3600,
      hitAt: at(30),
    },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const { db } = getInfra();
      const clientKey = `trial-store-${randomUUID()}`;
      await db('trial_buckets').insert({ client_key: clientKey, hits: c.hits });
      const outcome = await admitTrialCall(db, clientKey, T, 8, HOUR);
      assert.deepEqual(
        { admitted: outcome.admitted, remaining: outcome.remaining, resetSeconds: outcome.resetSeconds, hitAt: outcome.hitAt },
        { admitted: c.admitted, remaining: c.remaining, resetSeconds: c.resetSeconds, hitAt: c.hitAt?.toISOString() },
      );
      const stored = ((await db('trial_buckets').where({ client_key: clientKey }).first()).hits as Date[]).map((d) => new Date(d).getTime());
      assert.deepEqual(
        stored,
        [...stored].sort((a, b) => a - b),
        'hits stay in time order',
      );
    });
  }
});
