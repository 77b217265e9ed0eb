import type { AppDeps } from '../deps';
import { parseAuditTarget } from '../domain/audit-target';
import type { CheckResult } from '../domain/audit/run-audits';
import { badRequest, notFound } from '../errors';
import { OutboundError } from '../net';
import { findDomainBySlug } from '../store/audits';
import { findProductBySlug } from '../store/products';
import type { AuditWorkflowResult } from '../../workflows/audit';
import { findingsOf, toAuditReport, type AuditReport } from './registry';

export type AuditResponse = AuditReport & {
  reachable: boolean;
  checks: CheckResult[];
  timings: Record<string, number>;
};

/** GET /v1/audit: validate the target before any work, and present the workflow's result as the report. */
export function auditService(deps: Pick<AppDeps, 'db' | 'temporal' | 'config' | 'outbound'>) {
  return {
    /** The registrable domain to audit (or read), or a 400/404 naming what is wrong with the input field. */
    async resolveDomain(input: string, field = 'query.domain'): Promise<string> {
      const target = parseAuditTarget(input);
      if (target.kind === 'invalid') throw badRequest(`Invalid request: ${field}: ${target.reason}`);
      if (target.kind === 'slug') {
        const domain = await findDomainBySlug(deps.db, target.slug);
        if (!domain) throw notFound(`No product with slug '${target.slug}'`);
        return domain;
      }
      try {
        await deps.outbound.preflight(target.host);
      } catch (err) {
        if (err instanceof OutboundError && (err.code === 'BLOCKED_ADDRESS' || err.code === 'BAD_URL')) {
          throw badRequest(`Invalid request: ${field}: ${target.host} is not a public internet host`, { code: err.code });
        }
        // A name that does not resolve is still a valid question: the audit reports the site unreachable.
      }
      return target.host;
    },

    /** The audit as an AuditReport: the product's fresh profile plus the per-check results of this run. */
    async report(r: AuditWorkflowResult): Promise<AuditResponse> {
      const product = r.slug ? await findProductBySlug(deps.db, r.slug) : undefined;
      const checks = r.findings?.checks ?? [];
      if (product) {
        const profile = toAuditReport(product);
        const issues = r.reachable ? profile.issues : [`Could not reach ${r.domain}: ${r.error}. Scores are from the last successful audit.`];
        return { ...profile, issues, ...findingsOf(profile.audited, issues), reachable: r.reachable, checks, timings: r.timings };
      }
      // Unreachable and unknown: say so, with no invented score.
      const issues = [`Could not reach ${r.domain}: ${r.error}. Nothing was scored.`];
      return {
        slug: r.domain.replace(/\.[a-z]+$/, '').replace(/[^a-z0-9]+/g, '-'),
        domain: r.domain,
        name: r.domain,
        scores: { readiness: 0, discovery: 0, understanding: 0, adoption: 0, operability: 0 },
        issues,
        ...findingsOf(true, issues),
        signals: { mcpAvailable: false, cliAvailable: false, llmsTxt: false, openapi: false, sdkLanguages: [] },
        description: '',
        categories: [],
        claimed: false,
        auditedAt: r.auditedAt,
        freshness: { source: 'audit', asOf: r.auditedAt },
        mcp: null,
        reachable: false,
        checks,
        timings: r.timings,
      };
    },
  };
}
