import type { McpDrift } from '../domain/mcp/section';
import type { CheckResult } from '../domain/audit/run-audits';
import type { Db } from '../store/db';
import { findProductWithHistory } from '../store/audits';
import { listWorkspaceClaims } from '../store/claims';
import { dailyUsage } from '../store/usage';
import { listWebSessions } from '../store/web-sessions';
import { notFound } from '../errors';
import { type AuditReport, toAuditReport } from './registry';

export interface ProductPage extends AuditReport {
  history: Array<{ at: string; readiness: number; mcpChanges: McpDrift | null }>;
  /** The current audit's checks that are not fully met, worst first; empty for seed scores. */
  failing: CheckResult[];
  /** How many checks the current audit passed. */
  passedCount: number;
}

/**
 * What the web pages read beyond the declared operations (which they call through the same handlers as
 * REST and MCP): a product's history and checks, a workspace's daily usage, claims and sessions.
 */
export function webPagesService(db: Db) {
  return {
    async product(slug: string): Promise<ProductPage> {
      const found = await findProductWithHistory(db, slug);
      if (!found) throw notFound(`No product with slug '${slug}'`);
      const checks = found.checks ?? [];
      const failing = checks.filter((c) => c.score !== null && c.score < 1).sort((a, b) => b.weight * (1 - (b.score ?? 0)) - a.weight * (1 - (a.score ?? 0)));
      return {
        ...toAuditReport(found.product),
        history: found.history.map((p) => ({ at: p.at.toISOString(), readiness: p.readiness, mcpChanges: p.mcpChanges })),
        failing,
        passedCount: checks.filter((c) => c.score === 1).length,
      };
    },

    /** Calls per day and event type over the last `days` days (UTC), zero-filled, for the usage chart. */
    async dailyUsage(workspaceId: string, now: Date, days = 30) {
      const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
      const rows = await dailyUsage(db, workspaceId, from);
      const dayList = Array.from({ length: days }, (_, i) => new Date(from.getTime() + i * 86_400_000).toISOString().slice(0, 10));
      const types = [...new Set(rows.map((r) => r.eventType))].sort();
      const series = types.map((t) => ({
        name: t,
        values: dayList.map((d) => rows.find((r) => r.day === d && r.eventType === t)?.calls ?? 0),
      }));
      return { days: dayList, series };
    },

    claims: (workspaceId: string) => listWorkspaceClaims(db, workspaceId),
    sessions: (workspaceId: string, now: Date) => listWebSessions(db, workspaceId, now),
  };
}
