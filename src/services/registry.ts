import { notFound } from '../errors';
import { parseSearchText } from '../domain/search-text';
import { CATEGORY_SLUGS } from '../domain/taxonomy';
import type { z } from '../schemas/zod';
import type { AuditReportSchema, CompareResultSchema, RequirementsSchema } from '../schemas/registry';
import { COMPARE_FIELDS, NO_FAILING_CHECKS, NOT_AUDITED_FINDINGS } from '../schemas/registry';
import type { Db } from '../store/db';
import {
  findCategory,
  findProductBySlug,
  findProductsBySlugs,
  listCategories as listCategoryRows,
  listRegistry as listRegistryRows,
  searchProducts,
} from '../store/products';
import type { ProductRecord, RegistryRow, Requirement } from '../store/product-rows';

export type AuditReport = z.infer<typeof AuditReportSchema>;
export type Requirements = z.infer<typeof RequirementsSchema>;

/** Registry reads: open, never metered, straight from Postgres. */
export function registryService(db: Db) {
  return {
    async list(o: { category?: string; minScore: number; limit: number }): Promise<RegistryRow[]> {
      if (o.category && !CATEGORY_SLUGS.has(o.category)) throw notFound(`Unknown category '${o.category}' (see /v1/categories)`);
      return listRegistryRows(db, o);
    },

    async profile(slug: string): Promise<AuditReport> {
      const p = await findProductBySlug(db, slug);
      if (!p) throw notFound(`No product with slug '${slug}'`);
      return toAuditReport(p);
    },

    async categories() {
      return { categories: await listCategoryRows(db) };
    },

    async category(slug: string, limit: number) {
      const c = await findCategory(db, slug);
      if (!c) throw notFound(`No category with slug '${slug}'`);
      return { ...c, products: await listRegistryRows(db, { category: slug, minScore: 0, limit }) };
    },

    async search(query: string, requirements: Requirements | undefined, limit: number): Promise<RegistryRow[]> {
      const { text, words } = parseSearchText(query);
      const required = Object.entries(requirements ?? {})
        .filter(([, v]) => v === true)
        .map(([k]) => k as Requirement);
      return searchProducts(db, { words, text, requirements: required, limit });
    },

    async compare(slugs: string[]): Promise<z.infer<typeof CompareResultSchema>> {
      const unique = [...new Set(slugs)]; // the schema refuses repeats; this keeps the service safe alone
      const found = new Map((await findProductsBySlugs(db, unique)).map((p) => [p.slug, p]));
      const missing = unique.filter((s) => !found.has(s));
      if (missing.length) throw notFound(`No product with slug ${missing.map((s) => `'${s}'`).join(', ')}`);
      return {
        fields: [...COMPARE_FIELDS],
        rows: unique.map((s) => {
          const p = found.get(s)!;
          return {
            slug: p.slug,
            name: p.name,
            values: {
              readiness: p.readiness,
              discovery: p.discovery,
              understanding: p.understanding,
              adoption: p.adoption,
              operability: p.operability,
              'agent_capability.api': p.has_api,
              'agent_capability.mcp_available': p.has_mcp,
            },
          };
        }),
      };
    },

    /** Readiness for the badge; 404 for an unknown slug. */
    async badgeScore(slug: string): Promise<{ name: string; readiness: number }> {
      const p = await findProductBySlug(db, slug);
      if (!p) throw notFound(`No product with slug '${slug}'`);
      return { name: p.name, readiness: p.readiness };
    },
  };
}

export function toAuditReport(p: ProductRecord): AuditReport {
  const s = p.signals as Partial<AuditReport['signals']>;
  return {
    slug: p.slug,
    domain: p.domain,
    name: p.name,
    scores: { readiness: p.readiness, discovery: p.discovery, understanding: p.understanding, adoption: p.adoption, operability: p.operability },
    issues: p.issues,
    ...findingsOf(p.score_source === 'audit', p.issues),
    signals: {
      mcpAvailable: s.mcpAvailable ?? p.has_mcp,
      cliAvailable: s.cliAvailable ?? p.has_cli,
      llmsTxt: s.llmsTxt ?? p.has_llms_txt,
      openapi: s.openapi ?? p.has_openapi,
      sdkLanguages: s.sdkLanguages ?? p.sdk_languages,
    },
    description: p.description,
    categories: p.categories,
    claimed: p.claimed_by_workspace_id !== null,
    auditedAt: p.audited_at ? p.audited_at.toISOString() : null,
    freshness: { source: p.score_source, asOf: (p.audited_at ?? p.updated_at).toISOString() },
    mcp: p.mcp ?? null,
  };
}

/**
 * Whether an audit has scored the product, and what its `issues` amount to in words, so an agent can tell
 * "not audited yet" (provisional seed scores, nothing checked) from "audited, nothing to fix".
 */
export function findingsOf(audited: boolean, issues: string[]): Pick<AuditReport, 'audited' | 'findings'> {
  if (!audited) return { audited, findings: NOT_AUDITED_FINDINGS };
  if (!issues.length) return { audited, findings: NO_FAILING_CHECKS };
  return { audited, findings: `${issues.length} ${issues.length === 1 ? 'issue' : 'issues'}, listed in issues` };
}
