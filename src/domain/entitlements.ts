import type { EventType, PlanConfig } from './plans';
import { RATES_USD } from './plans';

export type EntitlementReason = 'OK' | 'QUOTA_EXHAUSTED' | 'SPEND_LIMIT_REACHED' | 'PAYMENT_REQUIRED';
export type SpendStatus = 'OK' | 'WARNING' | 'BUDGET_EXCEEDED' | 'SPEND_LIMIT_REACHED';

export interface MeterState {
  /** Calls of this event type this period: recorded plus in flight (reserved). */
  used: number;
  /** Spend this period across all event types, recorded plus in flight. */
  spentUsd: number;
}

export interface Limits {
  monthlyBudgetUsd: number | null;
  warningThresholdUsd: number | null;
  hardLimitUsd: number | null;
  notificationsEnabled: boolean;
}

export interface Decision {
  allowed: boolean;
  reason: EntitlementReason;
  included: number;
  remaining: number;
  /** What this call would cost: 0 inside the included quantity, the rate beyond it. */
  priceUsd: number;
  billable: boolean;
}

/**
 * May one more call of `eventType` run? Pure: the caller holds the workspace lock and passes the counts,
 * so concurrent calls are decided one after another and never overshoot a quota or a hard limit.
 */
export function decide(plan: PlanConfig, meteredEnabled: boolean, eventType: EventType, state: MeterState, limits: Limits): Decision {
  const included = plan.included[eventType];
  const remaining = Math.max(0, included - state.used);
  const billable = remaining === 0;
  const priceUsd = billable ? RATES_USD[eventType] : 0;
  const base = { included, remaining, priceUsd, billable };
  if (limits.hardLimitUsd !== null && (state.spentUsd >= limits.hardLimitUsd || state.spentUsd + priceUsd > limits.hardLimitUsd + 1e-9)) {
    return { ...base, allowed: false, reason: 'SPEND_LIMIT_REACHED' };
  }
  if (billable && !plan.overage) return { ...base, allowed: false, reason: 'QUOTA_EXHAUSTED' };
  if (billable && plan.requiresPaymentMethod && !meteredEnabled) return { ...base, allowed: false, reason: 'PAYMENT_REQUIRED' };
  return { ...base, allowed: true, reason: 'OK' };
}

export function spendStatus(spentUsd: number, limits: Limits): SpendStatus {
  if (limits.hardLimitUsd !== null && spentUsd >= limits.hardLimitUsd) return 'SPEND_LIMIT_REACHED';
  if (limits.monthlyBudgetUsd !== null && spentUsd >= limits.monthlyBudgetUsd) return 'BUDGET_EXCEEDED';
  if (limits.warningThresholdUsd !== null && spentUsd >= limits.warningThresholdUsd) return 'WARNING';
  return 'OK';
}

/** Thresholds newly crossed by moving spend from `before` to `after` (each is notified once per period). */
export function crossedThresholds(before: number, after: number, limits: Limits): Array<'WARNING' | 'BUDGET_EXCEEDED'> {
  const out: Array<'WARNING' | 'BUDGET_EXCEEDED'> = [];
  if (limits.warningThresholdUsd !== null && before < limits.warningThresholdUsd && after >= limits.warningThresholdUsd) out.push('WARNING');
  if (limits.monthlyBudgetUsd !== null && before < limits.monthlyBudgetUsd && after >= limits.monthlyBudgetUsd) out.push('BUDGET_EXCEEDED');
  return out;
}
