import { clampedInteger, Email, Guid, queryInteger, text } from './common';
import { z } from './zod';

// The columns are numeric(14, 6): up to 99,999,999.999999.
const money = z.number().min(0).max(99_999_999);

export const SignupBodySchema = z
  .object({
    email: Email,
    workspaceName: text(100).optional(),
  })
  .openapi('SignupRequest');

export const ApiKeySchema = z
  .object({
    key: z.string().meta({ description: 'The raw key, shown this once: store it now' }),
    id: z.string(),
    prefix: z.string(),
    workspaceId: z.string().optional(),
  })
  .openapi('ApiKey');

export const KeyCreateBodySchema = z.object({ label: text(100).optional() }).openapi('KeyCreateRequest');

export const KeyListSchema = z
  .object({
    keys: z.array(
      z.object({
        id: z.string(),
        label: z.string().nullable(),
        prefix: z.string(),
        createdAt: z.string(),
        lastUsedAt: z.string().nullable(),
        revokedAt: z.string().nullable(),
      }),
    ),
  })
  .openapi('KeyList');

export const KeyParamsSchema = z.object({ id: Guid });

export const PlansSchema = z
  .object({
    currency: z.string(),
    registryReadsFree: z.boolean(),
    plans: z.array(z.object({ key: z.string(), name: z.string(), description: z.string() })),
    primitives: z.array(z.object({ eventType: z.string(), ratePerCallUsd: z.number(), ratePer1kUsd: z.number(), freeMonthly: z.number() })),
    generatedAt: z.string(),
  })
  .openapi('Plans');

const Period = z.object({ start: z.string(), end: z.string() });

export const UsageSummarySchema = z
  .object({
    workspaceId: z.string(),
    plan: z.string(),
    meteredEnabled: z.boolean(),
    period: Period,
    meters: z.array(
      z.object({
        eventType: z.string(),
        included: z.number(),
        used: z.number(),
        remaining: z.number(),
        billableOverage: z.number(),
        overageEnabled: z.boolean(),
        estimatedChargeUsd: z.number(),
      }),
    ),
    estimatedChargesUsd: z.number(),
  })
  .openapi('UsageSummary');

export const EntitlementSchema = z
  .object({
    eventType: z.string(),
    plan: z.string(),
    allowed: z.boolean(),
    included: z.number(),
    used: z.number(),
    remaining: z.number(),
    overageEnabled: z.boolean(),
    meteredEnabled: z.boolean(),
    hardLimit: z.number().nullable(),
    reason: z.enum(['OK', 'QUOTA_EXHAUSTED', 'SPEND_LIMIT_REACHED', 'PAYMENT_REQUIRED']),
  })
  .openapi('Entitlement');

export const CallLimitsSchema = z
  .object({
    rate: z.number().describe('Metered calls the workspace may start per second, on average (a token bucket refilled at this rate)'),
    burst: z.number().int().describe('Metered calls it may start at once after a quiet spell (the bucket size)'),
    inFlight: z.number().int().describe('Metered calls it may have running at the same time'),
  })
  .describe(
    "The workspace's limits on metered calls, shared by all its keys across every API process (its plan's, or its contract's). Beyond them a call is answered 429 with Retry-After, RateLimit and RateLimit-Policy, and nothing is started or billed.",
  )
  .openapi('CallLimits');

export const EntitlementsSchema = z.object({ entitlements: z.array(EntitlementSchema), callLimits: CallLimitsSchema }).openapi('Entitlements');

/** ISO 8601 date (2026-11-01) or date-time (2026-11-01T12:00:00Z). */
const Instant = z
  .string()
  .refine((s) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 date or date-time')
  .transform((s) => new Date(s));

export const UsageEventsQuerySchema = z.object({
  event_type: z.enum(['audit_run', 'workflow_execution', 'agent_discovery_check']).optional(),
  product_id: Guid.optional(),
  from: Instant.optional().meta({ type: 'string', format: 'date-time' }),
  to: Instant.optional().meta({ type: 'string', format: 'date-time' }),
  limit: clampedInteger({ min: 1, clampTo: 1000, default: 100, description: 'Default 100; above 1000 is clamped' }),
  offset: queryInteger(z.number().int().min(0)).default(0).meta({ type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
});

export const UsageEventSchema = z
  .object({
    id: z.string(),
    event_type: z.string(),
    quantity: z.number(),
    billable_quantity: z.number(),
    source: z.enum(['api', 'mcp', 'cli']),
    provider_cost_usd: z.number(),
    occurred_at: z.string(),
    payments_sync_status: z.string(),
    product_id: z.string().nullable(),
  })
  .openapi('UsageEvent');

export const UsageEventsSchema = z.object({ events: z.array(UsageEventSchema) }).openapi('UsageEvents');

export const LimitsSchema = z
  .object({
    monthlyBudgetUsd: z.number().nullable(),
    warningThresholdUsd: z.number().nullable(),
    hardLimitUsd: z.number().nullable(),
    notificationsEnabled: z.boolean(),
    spendStatus: z.enum(['OK', 'WARNING', 'BUDGET_EXCEEDED', 'SPEND_LIMIT_REACHED']),
    spentUsd: z.number(),
  })
  .openapi('Limits');

export const LimitsPatchSchema = z
  .object({
    monthlyBudgetUsd: money.nullable().optional(),
    warningThresholdUsd: money.nullable().optional(),
    hardLimitUsd: money.nullable().optional(),
    notificationsEnabled: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'at least one of monthlyBudgetUsd, warningThresholdUsd, hardLimitUsd, notificationsEnabled is required',
  })
  // The same rule, published: at least one of the fields (unknown fields alone do not count).
  .meta({ anyOf: ['monthlyBudgetUsd', 'warningThresholdUsd', 'hardLimitUsd', 'notificationsEnabled'].map((field) => ({ required: [field] })) })
  .openapi('LimitsPatch');
