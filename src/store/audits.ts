import type { Knex } from 'knex';
import type { AuditArtifacts } from '../domain/audit/artifacts';
import type { AuditFindings, CheckResult } from '../domain/audit/run-audits';
import { comparableTools, toolDrift } from '../domain/mcp/drift';
import type { McpDrift, McpSection } from '../domain/mcp/section';
import { type AuditSnapshot, type ChangeContext, detectChanges } from '../domain/watch/changes';
import type { Db } from './db';
import { insertAuditEvents, latestAuditSnapshot, previousOpenApiHash } from './product-events';
import type { ProductRecord } from './product-rows';
import { productRecordColumns, recountCategories } from './products';
import { bumpRegistryVersion } from './registry-version';

export interface NewProduct {
  slug: string;
  name: string;
  description: string;
  categories: string[];
}

export interface AuditRecord {
  domain: string;
  workflowId: string;
  startedAt: Date;
  /** Present when the site answered; absent for an unreachable site (nothing is scored then). */
  findings?: AuditFindings;
  artifacts?: AuditArtifacts;
  error?: string;
  timings: Record<string, number>;
}

export interface RecordedAudit {
  productId?: string;
  slug?: string;
  auditId: string;
  auditedAt: Date;
  /** The product events this audit wrote to the outbox (what changed since the product's previous audit). */
  eventIds?: string[];
}

/**
 * Appends an audit to a product's history and, when the site answered, makes its scores the product's
 * scores (creating the product when the domain is new) and `auditText` its audit field for the ranking.
 * Idempotent per workflow id: a retried activity finds its audit already recorded.
 */
export async function recordAudit(
  db: Db,
  a: AuditRecord,
  newProduct: () => NewProduct,
  auditText = '',
  expansion = '',
  openapi?: ChangeContext['openapi'],
): Promise<RecordedAudit> {
  return db
    .transaction(async (trx) => {
      const done = await trx('audits as a')
        .leftJoin('products as p', 'p.id', 'a.product_id')
        .select('a.id', 'a.completed_at', 'p.id as product_id', 'p.slug')
        .where('a.workflow_id', a.workflowId)
        .first();
      if (done) {
        const events = await trx('product_events').select('id').where({ audit_id: done.id });
        return {
          auditId: done.id,
          productId: done.product_id ?? undefined,
          slug: done.slug ?? undefined,
          auditedAt: done.completed_at,
          eventIds: events.map((e) => e.id),
        };
      }

      const byDomain = () => trx('products').select('id', 'slug').where({ domain: a.domain }).forUpdate().first();
      let product = await byDomain();
      if (!product && a.findings) {
        // Two first audits of a new domain (concurrent calls, a sweep and a call) would both insert it: the
        // second waits here for the first to commit, then finds its product.
        await trx.raw("SELECT pg_advisory_xact_lock(hashtextextended('new-product:' || ?, 0))", [a.domain]);
        product = (await byDomain()) ?? (await insertProduct(trx, a.domain, newProduct()));
      }
      const f = a.findings;
      const previous = product ? await latestAuditSnapshot(trx, product.id) : undefined;
      // The comparison was made outside the transaction; it holds only if no audit came in between.
      const comparable = openapi && product && openapi.from === (await previousOpenApiHash(trx, a.domain)) ? openapi : undefined;
      const mcp = f?.mcp && product ? await withDrift(trx, product.id, f.mcp, a.artifacts) : (f?.mcp ?? null);
      const [audit] = await trx('audits')
        .insert({
          product_id: product?.id ?? null,
          domain: a.domain,
          workflow_id: a.workflowId,
          status: f ? 'completed' : 'unreachable',
          ...(f ? f.scores : {}),
          signals: JSON.stringify(f?.signals ?? {}),
          findings: JSON.stringify(f ? f.checks : [{ error: a.error }]),
          artifacts: JSON.stringify(a.artifacts ?? {}),
          timings: JSON.stringify(a.timings),
          mcp: mcp ? JSON.stringify(mcp) : null,
          started_at: a.startedAt,
          completed_at: trx.fn.now(),
        })
        .returning(['id', 'completed_at']);

      if (product && f) {
        const check = (id: string) => f.checks.find((c) => c.id === id)?.score === 1;
        await trx('products')
          .where({ id: product.id })
          .update({
            ...f.scores,
            has_api: check('api'),
            has_mcp: f.signals.mcpAvailable,
            has_self_serve: check('self-serve'),
            has_openapi: f.signals.openapi,
            has_cli: f.signals.cliAvailable,
            has_llms_txt: f.signals.llmsTxt,
            sdk_languages: f.signals.sdkLanguages,
            signals: JSON.stringify(f.signals),
            issues: JSON.stringify(f.issues),
            score_source: 'audit',
            audit_text: auditText,
            // A seeded product keeps the expansion written for it; one that entered by an audit gets its own.
            expansion: trx.raw('CASE WHEN seed_hash IS NULL THEN ? ELSE expansion END', [expansion]),
            mcp: mcp ? JSON.stringify(mcp) : null,
            latest_audit_id: audit.id,
            audited_at: audit.completed_at,
            updated_at: trx.fn.now(),
          });
      }
      // The outbox, in the audit's own transaction: a change is recorded exactly when its audit is.
      let eventIds: string[] = [];
      if (product) {
        const changes = detectChanges(previous, snapshotOf(a, mcp), { drift: mcp?.drift, openapi: comparable });
        eventIds = await insertAuditEvents(trx, product.id, audit.id, changes);
      }
      return { auditId: audit.id, productId: product?.id, slug: product?.slug, auditedAt: audit.completed_at, eventIds };
    })
    .then((r) => {
      bumpRegistryVersion();
      return r;
    });
}

function snapshotOf(a: AuditRecord, mcp: McpSection | null): AuditSnapshot {
  const f = a.findings;
  if (!f) return { reachable: false, error: a.error };
  return { reachable: true, scores: f.scores, checks: f.checks, security: mcp?.security ?? [] };
}

/**
 * The section with what changed since the product's current audit (its tools added, removed, redefined),
 * read from that audit's artifacts: whole definitions when it kept them, names and first sentences before.
 */
async function withDrift(trx: Knex.Transaction, productId: string, section: McpSection, artifacts: AuditArtifacts | undefined): Promise<McpSection> {
  const previous = await trx('audits as a')
    .join('products as p', 'p.latest_audit_id', 'a.id')
    .select(trx.raw("a.artifacts->'mcp' as mcp"), 'a.completed_at')
    .where('p.id', productId)
    .andWhere('a.status', 'completed')
    .first();
  const before = previous ? comparableTools(previous.mcp) : undefined;
  const now = artifacts ? comparableTools(artifacts.mcp) : undefined;
  if (!before || !now) return section;
  return { ...section, drift: toolDrift(before, now, new Date(previous.completed_at).toISOString()) };
}

async function insertProduct(trx: Knex.Transaction, domain: string, p: NewProduct): Promise<{ id: string; slug: string }> {
  let slug = p.slug;
  for (let i = 2; await trx('products').where({ slug }).first(); i++) slug = `${p.slug}-${i}`;
  const [row] = await trx('products')
    .insert({ slug, domain, name: p.name, description: p.description, categories_text: p.categories.join(' ').replace(/-/g, ' '), score_source: 'audit' })
    .returning(['id', 'slug']);
  await trx('product_categories').insert(p.categories.map((c) => ({ product_id: row.id, category_slug: c, readiness: 0 })));
  await recountCategories(trx, p.categories);
  return row;
}

/** Products whose last audit (or seed) is older than `olderThan`, least recently audited first. */
export async function listStaleProducts(db: Db, olderThan: Date, limit: number): Promise<Array<{ slug: string; domain: string }>> {
  return db('products')
    .select('slug', 'domain')
    .where((w) => w.whereNull('audited_at').orWhere('audited_at', '<', olderThan))
    .orderByRaw('audited_at asc nulls first, slug')
    .limit(limit);
}

/** A product's registry description (its seed's words, or its homepage's when an audit created it). */
export async function productDescription(db: Db, productId: string): Promise<string> {
  const row = await db('products').select('description').where({ id: productId }).first();
  return row?.description ?? '';
}

export async function findDomainBySlug(db: Db, slug: string): Promise<string | undefined> {
  const row = await db('products').select('domain').where({ slug }).first();
  return row?.domain;
}

export interface ProductWithHistory {
  product: ProductRecord;
  /** Completed audits, oldest first (the last 30), each with the MCP tools it saw change (issue 38). */
  history: Array<{ at: Date; readiness: number; mcpChanges: McpDrift | null }>;
  /** The checks of the product's current audit, when it has one. */
  checks?: CheckResult[];
}

/** A product, its audit history and its current audit's checks, in one round trip (the product page). */
export async function findProductWithHistory(db: Db, slug: string): Promise<ProductWithHistory | undefined> {
  const row = await db('products as p')
    .select(
      ...productRecordColumns(db),
      db.raw(`coalesce((
        select json_agg(json_build_object('at', h.completed_at, 'readiness', h.readiness, 'mcpChanges', h.mcp->'drift') order by h.started_at)
        from (select completed_at, readiness, started_at, mcp from audits
              where product_id = p.id and status = 'completed' order by started_at desc limit 30) h
      ), '[]') as audit_history`),
      db.raw('(select findings from audits where id = p.latest_audit_id and status = ?) as current_checks', ['completed']),
    )
    .where('p.slug', slug)
    .first();
  if (!row) return undefined;
  const { audit_history, current_checks, ...product } = row as ProductRecord & {
    audit_history: Array<{ at: string; readiness: number; mcpChanges: McpDrift | null }>;
    current_checks: CheckResult[] | null;
  };
  return {
    product,
    history: audit_history.map((h) => ({ at: new Date(h.at), readiness: h.readiness, mcpChanges: h.mcpChanges ?? null })),
    checks: current_checks ?? undefined,
  };
}
