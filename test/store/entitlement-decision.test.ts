import assert from 'node:assert/strict';
import { decide } from '../../src/domain/entitlements';
import { PLANS, RATES_USD } from '../../src/domain/plans';
import { getInfra } from '../support/infra';

/**
 * meter_call decides in SQL (one round trip for single-step reads) what decide() decides in TypeScript.
 * decide() is the reference: over a grid of plans, payment states, quota use and spend against hard
 * limits, the SQL function must answer the same reason, remaining quantity, price and billability.
 */
describe('entitlement_decision (SQL) agrees with decide() (domain)', () => {
  it('on every case of the grid', async () => {
    const cases = [];
    for (const plan of Object.values(PLANS))
      for (const metered of [false, true])
        for (const used of [0, 999, 1000, 1001])
          for (const spentUsd of [0, 0.01, 0.995, 1])
            for (const hardLimitUsd of [null, 0, 1, 1.005]) cases.push({ plan, metered, used, spentUsd, hardLimitUsd });
    const eventType = 'agent_discovery_check' as const;
    const { rows } = await getInfra().db.raw(
      `SELECT d.* FROM jsonb_to_recordset(?::jsonb) AS c(i int, included int, overage boolean, requires_payment boolean, metered boolean,
                                                         used int, spent numeric, rate numeric, hard_limit numeric)
       CROSS JOIN LATERAL entitlement_decision(c.included, c.overage, c.requires_payment, c.metered, c.used, c.spent, c.rate, c.hard_limit) d
       ORDER BY c.i`,
      [
        JSON.stringify(
          cases.map((c, i) => ({
            i,
            included: c.plan.included[eventType],
            overage: c.plan.overage,
            requires_payment: c.plan.requiresPaymentMethod,
            metered: c.metered,
            used: c.used,
            spent: c.spentUsd,
            rate: RATES_USD[eventType],
            hard_limit: c.hardLimitUsd,
          })),
        ),
      ],
    );
    assert.equal(rows.length, cases.length);
    const reasons = new Set<string>();
    cases.forEach((c, i) => {
      const want = decide(
        c.plan,
        c.metered,
        eventType,
        { used: c.used, spentUsd: c.spentUsd },
        {
          hardLimitUsd: c.hardLimitUsd,
          monthlyBudgetUsd: null,
          warningThresholdUsd: null,
          notificationsEnabled: true,
        },
      );
      const got = rows[i];
      reasons.add(want.reason);
      assert.deepEqual(
        { reason: got.reason, remaining: got.remaining, price: Number(got.price), billable: got.billable },
        { reason: want.reason, remaining: want.remaining, price: want.priceUsd, billable: want.billable },
        JSON.stringify({ plan: c.plan.key, metered: c.metered, used: c.used, spent: c.spentUsd, hard: c.hardLimitUsd }),
      );
    });
    assert.deepEqual([...reasons].sort(), ['OK', 'PAYMENT_REQUIRED', 'QUOTA_EXHAUSTED', 'SPEND_LIMIT_REACHED'], 'the grid reaches every reason');
  });
});
