import assert from 'node:assert/strict';
import { PLANS, planFor, type WatchLimits } from '../../../src/domain/plans';

describe('plan watch limits', () => {
  // ../shared/spec/decisions.md, "Watches and webhooks": Starter 10 watches and 2 endpoints, Usage 100 and 10, Scale 1,000 and 25.
  const cases: Array<[string, string, WatchLimits]> = [
    ['free', 'Starter', { watches: 10, endpoints: 2 }],
    ['usage', 'Usage', { watches: 100, endpoints: 10 }],
    ['scale', 'Scale', { watches: 1000, endpoints: 25 }],
  ];
  for (const [key, name, limits] of cases) {
    it(`${name} (${key}): ${limits.watches} watches and ${limits.endpoints} endpoints`, () => {
      assert.equal(PLANS[key].name, name);
      assert.deepEqual(PLANS[key].watchLimits, limits);
      assert.deepEqual(planFor(key).watchLimits, limits);
    });
  }

  it('every plan has watch limits, and each is listed above', () => {
    assert.deepEqual(Object.keys(PLANS).sort(), cases.map(([key]) => key).sort());
  });

  it('an unknown plan key gets the Starter limits', () => {
    assert.deepEqual(planFor('no-such-plan').watchLimits, { watches: 10, endpoints: 2 });
  });

  it('limits grow with the plan', () => {
    const [free, usage, scale] = cases.map(([key]) => PLANS[key].watchLimits);
    assert.ok(free.watches < usage.watches && usage.watches < scale.watches);
    assert.ok(free.endpoints < usage.endpoints && usage.endpoints < scale.endpoints);
  });
});
