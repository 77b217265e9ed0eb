/**
 * Plans and per-call rates as data (decisions.md, "Entitlements, spend, plans"). Handlers never hard-code
 * a figure: /v1/plans, entitlements and metering all read this table.
 */
export type EventType = 'audit_run' | 'workflow_execution' | 'agent_discovery_check';
export const EVENT_TYPES: EventType[] = ['audit_run', 'workflow_execution', 'agent_discovery_check'];

export interface PlanConfig {
  key: string;
  name: string;
  description: string;
  /** Included calls per event type per billing period (calendar month, UTC). */
  included: Record<EventType, number>;
  /** Calls beyond the included quantity are allowed and billed at the per-call rate. */
  overage: boolean;
  /** Overage needs a payment method on file (meteredEnabled) first. */
  requiresPaymentMethod: boolean;
  /** Metered calls per workspace, across every API process (a contract may override them per workspace). */
  callLimits: CallLimits;
  /** How many products a workspace may watch and how many webhook endpoints it may have (not metered). */
  watchLimits: WatchLimits;
}

export interface WatchLimits {
  watches: number;
  endpoints: number;
}

/**
 * How fast one workspace may call metered primitives: a token bucket (`rate` calls per second, up to
 * `burst` at once after a quiet spell) and at most `inFlight` calls running together. Sized so that one
 * workspace cannot fill the workers every other workspace shares (docs/decisions/metering.md#per-workspace-limits, "Per-workspace limits").
 */
export interface CallLimits {
  rate: number;
  burst: number;
  inFlight: number;
}

export const RATES_USD: Record<EventType, number> = {
  agent_discovery_check: 0.005,
  workflow_execution: 0.015,
  audit_run: 0.03,
};

const STANDARD_INCLUDED: Record<EventType, number> = { audit_run: 100, workflow_execution: 1000, agent_discovery_check: 1000 };

export const PLANS: Record<string, PlanConfig> = {
  free: {
    key: 'free',
    name: 'Starter',
    description: 'Free, no card: unlimited registry reads, 100 audits, 1,000 research calls and 1,000 tool-finds a month; usage stops at the limit.',
    included: STANDARD_INCLUDED,
    overage: false,
    requiresPaymentMethod: false,
    callLimits: { rate: 10, burst: 20, inFlight: 10 },
    watchLimits: { watches: 10, endpoints: 2 },
  },
  usage: {
    key: 'usage',
    name: 'Usage',
    description: 'Pay as you go: the Starter allowance, then per-call rates with your own spend limits. No fee or minimum.',
    included: STANDARD_INCLUDED,
    overage: true,
    requiresPaymentMethod: true,
    callLimits: { rate: 25, burst: 50, inFlight: 20 },
    watchLimits: { watches: 100, endpoints: 10 },
  },
  scale: {
    key: 'scale',
    name: 'Scale',
    description: 'Volume rates, annual invoicing and SLAs, per contract.',
    included: STANDARD_INCLUDED,
    overage: true,
    requiresPaymentMethod: false,
    callLimits: { rate: 50, burst: 100, inFlight: 40 },
    watchLimits: { watches: 1000, endpoints: 25 },
  },
};

export function planFor(key: string): PlanConfig {
  return PLANS[key] ?? PLANS.free;
}

/** Billing period containing `at`: the calendar month in UTC, start inclusive, end exclusive. */
export function billingPeriod(at: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end };
}
