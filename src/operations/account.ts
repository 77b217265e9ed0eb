import {
  ApiKeySchema,
  EntitlementsSchema,
  KeyCreateBodySchema,
  KeyListSchema,
  KeyParamsSchema,
  LimitsPatchSchema,
  LimitsSchema,
  PlansSchema,
  SignupBodySchema,
  UsageEventsQuerySchema,
  UsageEventsSchema,
  UsageSummarySchema,
} from '../schemas/account';
import { z } from '../schemas/zod';
import { operation } from './operation';

const TAG = 'Account';
const NONE = z.object({});

/** Workspaces, keys, plans, usage and limits. Everything but signup and plans needs the workspace's key. */
export const accountOperations = {
  signup: operation({
    name: 'signup',
    summary: 'Create a workspace on the free plan and its first API key (3 per IP per day)',
    description: 'Creates a workspace on the free Starter plan and returns its first API key, shown this once.',
    access: 'open',
    runs: 'read',
    input: SignupBodySchema,
    output: ApiKeySchema,
    rest: {
      method: 'post',
      path: '/v1/signup',
      tag: TAG,
      status: 201,
      errors: { 403: 'Signup is closed on this deployment', 429: 'Over 3 signups from this IP today (see Retry-After)' },
    },
    cli: { command: 'signup', args: ['email'], example: 'agentdex signup me@example.com --workspace-name "Acme agents"' },
  }),

  getPlans: operation({
    name: 'getPlans',
    summary: 'Plans and per-call rates, derived from the billing configuration',
    description: 'Plans, per-call rates and free monthly allowances per event type.',
    access: 'open',
    runs: 'read',
    input: NONE,
    output: PlansSchema,
    rest: { method: 'get', path: '/v1/plans', tag: TAG },
    cli: { command: 'plans', example: 'agentdex plans' },
  }),

  createKey: operation({
    name: 'createKey',
    summary: 'Mint another API key for this workspace (shown once)',
    description: 'Mints another API key for the workspace of the calling key; the raw key is returned this once.',
    access: 'key',
    runs: 'read',
    input: KeyCreateBodySchema,
    output: ApiKeySchema,
    rest: { method: 'post', path: '/v1/account/keys', tag: TAG, status: 201 },
    cli: { command: 'keys create', example: 'agentdex keys create --label ci' },
  }),

  listKeys: operation({
    name: 'listKeys',
    summary: "This workspace's keys (prefixes only)",
    description: "The workspace's keys with their display prefix, label, creation, last use and revocation times.",
    access: 'key',
    runs: 'read',
    input: NONE,
    output: KeyListSchema,
    rest: { method: 'get', path: '/v1/account/keys', tag: TAG },
    cli: { command: 'keys list', example: 'agentdex keys list' },
  }),

  revokeKey: operation({
    name: 'revokeKey',
    summary: 'Revoke a key; the next call with it is 401',
    description: 'Revokes one of the workspace’s keys at once.',
    access: 'key',
    runs: 'read',
    input: KeyParamsSchema,
    output: z.void(),
    rest: { method: 'delete', path: '/v1/account/keys/{id}', tag: TAG, status: 204 },
    cli: { command: 'keys revoke', args: ['id'], example: 'agentdex keys revoke 5f0c6d1e-3a52-4c43-9b7e-0d8f3c2a1b90' },
  }),

  getUsage: operation({
    name: 'getUsage',
    summary: 'Usage this billing period per event type',
    description:
      "The calling workspace's usage this billing period (calendar month, UTC) per event type: included, used and remaining calls, " +
      'billable overage and estimated charges. Use it before a batch of metered calls to see what is left. Free.',
    access: 'key',
    runs: 'read',
    input: NONE,
    output: UsageSummarySchema,
    rest: { method: 'get', path: '/v1/usage', tag: TAG },
    tool: { name: 'get_usage', title: 'Get usage', readOnly: true, idempotent: true, openWorld: false },
    cli: { command: 'usage', example: 'agentdex usage' },
  }),

  getEntitlements: operation({
    name: 'getEntitlements',
    summary: 'Whether each metered primitive may run now, and why not',
    description: 'For each event type: whether a call may run now and, if not, the reason (QUOTA_EXHAUSTED, SPEND_LIMIT_REACHED, PAYMENT_REQUIRED).',
    access: 'key',
    runs: 'read',
    input: NONE,
    output: EntitlementsSchema,
    rest: { method: 'get', path: '/v1/entitlements', tag: TAG },
    cli: { command: 'entitlements', example: 'agentdex entitlements' },
  }),

  listUsageEvents: operation({
    name: 'listUsageEvents',
    summary: 'Usage events, newest first',
    description: "The workspace's usage events, newest first, filtered by event type, product and time.",
    access: 'key',
    runs: 'read',
    input: UsageEventsQuerySchema,
    output: UsageEventsSchema,
    rest: { method: 'get', path: '/v1/usage/events', tag: TAG },
    // `agentdex events` lists product events (issue 39); usage events are the usage command's.
    cli: { command: 'usage events', example: 'agentdex usage events --event-type audit_run --limit 20' },
  }),

  getLimits: operation({
    name: 'getLimits',
    summary: 'Spend guardrails and current spend status',
    description: "The workspace's spend guardrails (monthly budget, warning threshold, hard limit) and this period's spend status.",
    access: 'key',
    runs: 'read',
    input: NONE,
    output: LimitsSchema,
    rest: { method: 'get', path: '/v1/limits', tag: TAG },
    cli: { command: 'limits', example: 'agentdex limits' },
  }),

  setLimits: operation({
    name: 'setLimits',
    summary: 'Set spend guardrails (numbers >= 0, or null to clear)',
    description: 'Sets any of the spend guardrails; null clears one. The hard limit stops metered calls once spend reaches it.',
    access: 'key',
    runs: 'read',
    input: LimitsPatchSchema,
    output: LimitsSchema,
    rest: { method: 'patch', path: '/v1/limits', tag: TAG },
    cli: {
      command: 'limits',
      flags: { budget: 'monthlyBudgetUsd', warning: 'warningThresholdUsd', 'hard-limit': 'hardLimitUsd', notifications: 'notificationsEnabled' },
      negatable: ['notificationsEnabled'],
      example: 'agentdex limits --budget 50 --warning 40 --hard-limit 60',
    },
  }),
};
