import { mintApiKey } from '../domain/api-keys';
import { trialClientKey } from '../domain/client-key';
import { decide, spendStatus } from '../domain/entitlements';
import { billingPeriod, EVENT_TYPES, PLANS, planFor, RATES_USD } from '../domain/plans';
import { ApiError, badRequest, notFound } from '../errors';
import type { Db } from '../store/db';
import { forgetKey } from './callers';
import { readCallLimits } from '../store/call-gates';
import { readLimits } from '../store/metering';
import { billableCounts, countRecentSignups, listUsageEvents, periodCounters, recordSignup, upsertLimits, type EventFilter } from '../store/usage';
import { findWorkspace, insertApiKey, insertWorkspaceWithKey, listApiKeys, revokeApiKey } from '../store/workspaces';

const SIGNUPS_PER_IP_PER_DAY = 3;
const round = (n: number) => Math.round(n * 1e6) / 1e6;
const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/** Workspaces, keys, plans, usage, entitlements and limits: every read scoped to the caller's workspace. */
export function accountService(db: Db, signup: 'open' | 'closed') {
  async function workspaceOf(workspaceId: string) {
    const ws = await findWorkspace(db, workspaceId);
    if (!ws) throw new ApiError(401, 'Invalid or revoked API key');
    return ws;
  }

  async function meterView(workspaceId: string, now = new Date()) {
    const ws = await workspaceOf(workspaceId);
    const plan = planFor(ws.plan);
    const period = billingPeriod(now);
    const periodStart = period.start.toISOString().slice(0, 10);
    const counters = new Map((await periodCounters(db, workspaceId, periodStart)).map((c) => [c.event_type, c]));
    const limits = await readLimits(db, workspaceId);
    const spentUsd = [...counters.values()].reduce((n, c) => n + Number(c.spent_usd), 0);
    return { ws, plan, period, periodStart, counters, limits, spentUsd };
  }

  return {
    async signup(email: string, workspaceName: string | undefined, ip: string) {
      if (signup === 'closed') throw new ApiError(403, 'Signup is closed on this deployment; ask the operator for a workspace');
      const clientKey = trialClientKey(ip);
      if ((await countRecentSignups(db, clientKey, new Date(Date.now() - 86_400_000))) >= SIGNUPS_PER_IP_PER_DAY) {
        throw new ApiError(429, `At most ${SIGNUPS_PER_IP_PER_DAY} signups per IP per day`, { retryAfter: 3600 }, { retryAfterSeconds: 3600 });
      }
      await recordSignup(db, clientKey);
      return this.createWorkspace({ name: workspaceName ?? email, email, plan: 'free', keyLabel: 'signup' });
    },

    /** A workspace and its first key (signup, and operators' `agentdex admin create-workspace`). */
    async createWorkspace(o: { name: string; email?: string; plan: string; keyLabel: string }) {
      if (!PLANS[o.plan]) throw badRequest(`Unknown plan '${o.plan}' (plans: ${Object.keys(PLANS).join(', ')})`);
      const key = mintApiKey();
      const { workspace, keyId } = await insertWorkspaceWithKey(
        db,
        { name: o.name, email: o.email, plan: o.plan },
        { hash: key.hash, prefix: key.prefix, label: o.keyLabel },
      );
      return { key: key.raw, id: keyId, prefix: key.prefix, workspaceId: workspace.id };
    },

    async createKey(workspaceId: string, label?: string) {
      await workspaceOf(workspaceId);
      const key = mintApiKey();
      const id = await insertApiKey(db, workspaceId, { hash: key.hash, prefix: key.prefix, label });
      return { key: key.raw, id, prefix: key.prefix };
    },

    async listKeys(workspaceId: string) {
      const rows = await listApiKeys(db, workspaceId);
      return {
        keys: rows.map((k) => ({
          id: k.id,
          label: k.label,
          prefix: k.prefix,
          createdAt: iso(k.created_at)!,
          lastUsedAt: iso(k.last_used_at),
          revokedAt: iso(k.revoked_at),
        })),
      };
    },

    async revokeKey(workspaceId: string, keyId: string) {
      if (!(await revokeApiKey(db, workspaceId, keyId))) throw notFound(`No key with id '${keyId}' in this workspace`);
      forgetKey(keyId);
    },

    plans() {
      return {
        currency: 'USD',
        registryReadsFree: true,
        plans: Object.values(PLANS).map(({ key, name, description }) => ({ key, name, description })),
        primitives: EVENT_TYPES.map((eventType) => ({
          eventType,
          ratePerCallUsd: RATES_USD[eventType],
          ratePer1kUsd: round(RATES_USD[eventType] * 1000),
          freeMonthly: PLANS.free.included[eventType],
        })),
        generatedAt: new Date().toISOString(),
      };
    },

    async usage(workspaceId: string) {
      const v = await meterView(workspaceId);
      const billable = await billableCounts(db, workspaceId, v.periodStart);
      const meters = EVENT_TYPES.map((eventType) => {
        const used = v.counters.get(eventType)?.used ?? 0;
        const included = v.plan.included[eventType];
        const billableOverage = billable[eventType] ?? 0;
        return {
          eventType,
          included,
          used,
          remaining: Math.max(0, included - used),
          billableOverage,
          overageEnabled: v.plan.overage,
          estimatedChargeUsd: round(billableOverage * RATES_USD[eventType]),
        };
      });
      return {
        workspaceId,
        plan: v.plan.key,
        meteredEnabled: v.ws.metered_enabled,
        period: { start: v.period.start.toISOString(), end: v.period.end.toISOString() },
        meters,
        estimatedChargesUsd: round(meters.reduce((n, m) => n + m.estimatedChargeUsd, 0)),
      };
    },

    async entitlements(workspaceId: string) {
      const v = await meterView(workspaceId);
      const inFlightUsd = [...v.counters.values()].reduce((n, c) => n + Number(c.reserved_usd), 0);
      return {
        callLimits: await readCallLimits(db, workspaceId, v.plan.callLimits),
        entitlements: EVENT_TYPES.map((eventType) => {
          const c = v.counters.get(eventType);
          const used = c?.used ?? 0;
          const d = decide(v.plan, v.ws.metered_enabled, eventType, { used: used + (c?.reserved ?? 0), spentUsd: v.spentUsd + inFlightUsd }, v.limits);
          return {
            eventType,
            plan: v.plan.key,
            allowed: d.allowed,
            included: d.included,
            used,
            remaining: Math.max(0, d.included - used),
            overageEnabled: v.plan.overage,
            meteredEnabled: v.ws.metered_enabled,
            hardLimit: v.limits.hardLimitUsd,
            reason: d.reason,
          };
        }),
      };
    },

    async events(workspaceId: string, filter: EventFilter) {
      // An empty window holds no events (as Stripe answers created[gte] > created[lte]); not an error.
      if (filter.from && filter.to && filter.from > filter.to) return { events: [] };
      const rows = await listUsageEvents(db, workspaceId, filter);
      return { events: rows.map((e) => ({ ...e, occurred_at: iso(e.occurred_at)! })) };
    },

    async limits(workspaceId: string) {
      const v = await meterView(workspaceId);
      return { ...v.limits, spendStatus: spendStatus(v.spentUsd, v.limits), spentUsd: round(v.spentUsd) };
    },

    async patchLimits(
      workspaceId: string,
      patch: { monthlyBudgetUsd?: number | null; warningThresholdUsd?: number | null; hardLimitUsd?: number | null; notificationsEnabled?: boolean },
    ) {
      const current = await readLimits(db, workspaceId);
      const warning = patch.warningThresholdUsd !== undefined ? patch.warningThresholdUsd : current.warningThresholdUsd;
      const hard = patch.hardLimitUsd !== undefined ? patch.hardLimitUsd : current.hardLimitUsd;
      if (warning !== null && hard !== null && warning > hard) {
        throw badRequest('Invalid request: body.warningThresholdUsd: must not exceed hardLimitUsd');
      }
      await upsertLimits(db, workspaceId, {
        ...(patch.monthlyBudgetUsd !== undefined && { monthly_budget_usd: patch.monthlyBudgetUsd }),
        ...(patch.warningThresholdUsd !== undefined && { warning_threshold_usd: patch.warningThresholdUsd }),
        ...(patch.hardLimitUsd !== undefined && { hard_limit_usd: patch.hardLimitUsd }),
        ...(patch.notificationsEnabled !== undefined && { notifications_enabled: patch.notificationsEnabled }),
      });
      return this.limits(workspaceId);
    },
  };
}
