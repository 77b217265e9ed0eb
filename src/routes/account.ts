import type { AppDeps } from '../app';
import type { Caller } from '../http/auth';
import { defineRoute, type RouteDef } from '../http/route';
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
import { accountService } from '../services/account';

/** The workspace of the authenticated key; account routes are `auth: 'key'`, so there always is one. */
const workspaceOf = (state: { caller?: Caller }) => (state.caller as Extract<Caller, { kind: 'workspace' }>).workspaceId;

export function accountRoutes(deps: AppDeps): RouteDef[] {
  const account = accountService(deps.db, deps.config.signup);
  return [
    defineRoute({
      method: 'post',
      path: '/v1/signup',
      tag: 'Account',
      summary: 'Create a workspace on the free plan and its first API key (3 per IP per day)',
      auth: 'open',
      request: { body: SignupBodySchema },
      responses: { 201: { description: 'The first key, shown once', schema: ApiKeySchema } },
      handler: async ({ body }, ctx) => {
        ctx.status = 201;
        ctx.body = await account.signup(body.email, body.workspaceName, ctx.ip);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/plans',
      tag: 'Account',
      summary: 'Plans and per-call rates, derived from the billing configuration',
      auth: 'open',
      responses: { 200: { description: 'Plans listing', schema: PlansSchema } },
      handler: () => account.plans(),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/account/keys',
      tag: 'Account',
      summary: 'Mint another API key for this workspace (shown once)',
      auth: 'key',
      request: { body: KeyCreateBodySchema },
      responses: { 201: { description: 'The new key', schema: ApiKeySchema } },
      handler: async ({ body }, ctx) => {
        ctx.status = 201;
        ctx.body = await account.createKey(workspaceOf(ctx.state), body.label);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/account/keys',
      tag: 'Account',
      summary: "This workspace's keys (prefixes only)",
      auth: 'key',
      responses: { 200: { description: 'Keys', schema: KeyListSchema } },
      handler: (_i, ctx) => account.listKeys(workspaceOf(ctx.state)),
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/account/keys/{id}',
      tag: 'Account',
      summary: 'Revoke a key; the next call with it is 401',
      auth: 'key',
      request: { params: KeyParamsSchema },
      responses: { 204: { description: 'Revoked' } },
      handler: async ({ params }, ctx) => {
        await account.revokeKey(workspaceOf(ctx.state), params.id);
        ctx.status = 204;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/usage',
      tag: 'Account',
      summary: 'Usage this billing period per event type',
      auth: 'key',
      responses: { 200: { description: 'Usage summary', schema: UsageSummarySchema } },
      handler: (_i, ctx) => account.usage(workspaceOf(ctx.state)),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/entitlements',
      tag: 'Account',
      summary: 'Whether each metered primitive may run now, and why not',
      auth: 'key',
      responses: { 200: { description: 'Entitlements', schema: EntitlementsSchema } },
      handler: (_i, ctx) => account.entitlements(workspaceOf(ctx.state)),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/usage/events',
      tag: 'Account',
      summary: 'Usage events, newest first',
      auth: 'key',
      request: { query: UsageEventsQuerySchema },
      responses: { 200: { description: 'Events', schema: UsageEventsSchema } },
      handler: ({ query }, ctx) =>
        account.events(workspaceOf(ctx.state), { eventType: query.event_type, productId: query.product_id, from: query.from, to: query.to, limit: query.limit, offset: query.offset }),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/limits',
      tag: 'Account',
      summary: 'Spend guardrails and current spend status',
      auth: 'key',
      responses: { 200: { description: 'Limits', schema: LimitsSchema } },
      handler: (_i, ctx) => account.limits(workspaceOf(ctx.state)),
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/limits',
      tag: 'Account',
      summary: 'Set spend guardrails (numbers >= 0, or null to clear)',
      auth: 'key',
      request: { body: LimitsPatchSchema },
      responses: { 200: { description: 'Limits after the update', schema: LimitsSchema } },
      handler: ({ body }, ctx) => account.patchLimits(workspaceOf(ctx.state), body),
    }),
  ];
}
