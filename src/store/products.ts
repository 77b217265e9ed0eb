import type { Knex } from 'knex';
import type { Category } from '../domain/taxonomy';
import type { SeedRow } from '../domain/seed';
import type { Db } from './db';
import type { ProductRecord, RegistryRow } from './product-rows';
import { bumpRegistryVersion } from './registry-version';

const ROW_COLUMNS = ['p.slug', 'p.name', 'p.domain', 'p.readiness'];

// ---------------------------------------------------------------- reads

export async function listRegistry(db: Db, o: { category?: string; minScore: number; limit: number }): Promise<RegistryRow[]> {
  if (o.category) {
    // Walks product_categories_ranked_idx in order; no sort over the category.
    return db('product_categories as pc')
      .join('products as p', 'p.id', 'pc.product_id')
      .select(ROW_COLUMNS)
      .where('pc.category_slug', o.category)
      .andWhere('pc.readiness', '>=', o.minScore)
      .orderBy([{ column: 'pc.readiness', order: 'desc' }, { column: 'pc.product_id' }])
      .limit(o.limit);
  }
  return db('products as p')
    .select(ROW_COLUMNS)
    .where('p.readiness', '>=', o.minScore)
    .orderBy([{ column: 'p.readiness', order: 'desc' }, { column: 'p.slug' }])
    .limit(o.limit);
}

/**
 * A product's own columns (products aliased `p`): all but what only the indexes read (the ranking's
 * expansion and audit text, a few kilobytes per product, and the search vector).
 */
export const PRODUCT_COLUMNS = [
  'id',
  'slug',
  'name',
  'domain',
  'description',
  'readiness',
  'discovery',
  'understanding',
  'adoption',
  'operability',
  'has_api',
  'has_mcp',
  'has_self_serve',
  'has_openapi',
  'has_cli',
  'has_llms_txt',
  'sdk_languages',
  'signals',
  'issues',
  'facts',
  'score_source',
  'seed_hash',
  'latest_audit_id',
  'audited_at',
  'claimed_by_workspace_id',
  'claimed_at',
  'created_at',
  'updated_at',
  'mcp',
].map((c) => `p.${c}`);

/** A product's columns and its categories, as `ProductRecord` reads them (products aliased `p`). */
export function productRecordColumns(db: Db) {
  return [
    ...PRODUCT_COLUMNS,
    db.raw("coalesce((select array_agg(category_slug order by category_slug) from product_categories where product_id = p.id), '{}') as categories"),
  ];
}

export async function findProductBySlug(db: Db, slug: string): Promise<ProductRecord | undefined> {
  const row = await db('products as p')
    .select(...productRecordColumns(db))
    .where('p.slug', slug)
    .first();
  return row as ProductRecord | undefined;
}

export async function findProductsBySlugs(db: Db, slugs: string[]): Promise<Omit<ProductRecord, 'categories'>[]> {
  return db('products as p').select(PRODUCT_COLUMNS).whereIn('p.slug', slugs);
}

export interface CategoryRow {
  slug: string;
  name: string;
  description: string;
  productCount: number;
}

const CATEGORY_COLUMNS = ['c.slug', 'c.name', 'c.description', 'c.product_count as productCount'];

export async function listCategories(db: Db): Promise<CategoryRow[]> {
  return db('categories as c').select(CATEGORY_COLUMNS).orderBy('c.name');
}

export async function findCategory(db: Db, slug: string): Promise<CategoryRow | undefined> {
  return db('categories as c').select(CATEGORY_COLUMNS).where('c.slug', slug).first();
}

/** Recount products per category (all, or the given ones) after registry writes. */
export async function recountCategories(db: Db | Knex.Transaction, slugs?: string[]): Promise<void> {
  const q = db('categories as c').update({
    product_count: db.raw('(select count(*) from product_categories pc where pc.category_slug = c.slug)'),
  });
  if (slugs) q.whereIn('c.slug', slugs);
  await q;
}

export { type SearchQuery, searchProducts, searchQuery } from './search';

// ---------------------------------------------------------------- seed writes

export async function syncCategories(db: Db, categories: Category[]): Promise<void> {
  await db('categories')
    .insert(categories.map((c) => ({ slug: c.slug, name: c.name, description: c.description })))
    .onConflict('slug')
    .merge(['name', 'description']);
}

export interface SeedLoadCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  keptAudited: number;
}

/**
 * Inserts new seed products and refreshes seed-derived ones whose content changed. A product whose
 * scores come from a real audit is never touched by a seed.
 */
export async function upsertSeedRows(db: Db, rows: SeedRow[]): Promise<SeedLoadCounts> {
  const counts: SeedLoadCounts = { inserted: 0, updated: 0, unchanged: 0, keptAudited: 0 };
  await db.transaction(async (trx) => {
    const existing = new Map<string, { id: string; slug: string; seed_hash: string | null; score_source: string }>();
    for (const chunk of chunks(
      rows.map((r) => r.domain),
      1000,
    )) {
      for (const e of await trx('products').select('id', 'slug', 'domain', 'seed_hash', 'score_source').whereIn('domain', chunk)) existing.set(e.domain, e);
    }
    // A seed product whose domain changed (a docs host's tenant given its own host) keeps its row and slug,
    // unless an audit scored the old domain (the row stays as the audit found it) or the row with that slug
    // never came from a seed (a product found by discovery).
    const seedDomains = new Set(rows.map((r) => r.domain));
    const rowBySlug = new Map(rows.map((r) => [r.slug, r]));
    for (const chunk of chunks(
      rows.filter((r) => !existing.has(r.domain)).map((r) => r.slug),
      1000,
    )) {
      for (const e of await trx('products').select('id', 'slug', 'domain', 'seed_hash', 'score_source').whereIn('slug', chunk)) {
        if (e.seed_hash && e.score_source !== 'audit' && !seedDomains.has(e.domain)) existing.set(rowBySlug.get(e.slug)!.domain, { ...e, seed_hash: null });
      }
    }
    const takenSlugs = new Set<string>(await trx('products').pluck('slug'));
    const fresh: SeedRow[] = [];
    for (const row of rows) {
      const e = existing.get(row.domain);
      if (!e) {
        let slug = row.slug;
        for (let i = 2; takenSlugs.has(slug); i++) slug = `${row.slug}-${i}`;
        takenSlugs.add(slug);
        fresh.push({ ...row, slug });
      } else if (e.score_source === 'audit') counts.keptAudited++;
      else if (e.seed_hash === row.hash) counts.unchanged++;
      else {
        await trx('products')
          .where({ id: e.id })
          .update({ ...productColumns(row), domain: row.domain, updated_at: trx.fn.now() });
        await replaceCategories(trx, e.id, row.categories, row.scores.readiness);
        counts.updated++;
      }
    }
    for (const chunk of chunks(fresh, 500)) {
      const ids: Array<{ id: string; domain: string }> = await trx('products')
        .insert(chunk.map((r) => ({ slug: r.slug, domain: r.domain, ...productColumns(r) })))
        .returning(['id', 'domain']);
      const byDomain = new Map(chunk.map((r) => [r.domain, r]));
      const links = ids.flatMap(({ id, domain }) => {
        const r = byDomain.get(domain)!;
        return r.categories.map((c) => ({ product_id: id, category_slug: c, readiness: r.scores.readiness }));
      });
      if (links.length) await trx('product_categories').insert(links);
      counts.inserted += chunk.length;
    }
    if (counts.inserted || counts.updated) await recountCategories(trx);
  });
  if (counts.inserted || counts.updated) bumpRegistryVersion();
  return counts;
}

function productColumns(r: SeedRow) {
  return {
    name: r.name,
    description: r.description,
    expansion: r.expansion,
    categories_text: r.categories.join(' ').replace(/-/g, ' '),
    ...r.scores,
    has_api: r.facts.api,
    has_mcp: r.facts.mcp,
    has_self_serve: r.facts.selfServe,
    has_openapi: r.facts.openapi,
    has_cli: r.facts.cli,
    has_llms_txt: r.facts.llmsTxt,
    sdk_languages: r.facts.sdkLanguages,
    signals: JSON.stringify({
      mcpAvailable: r.facts.mcp,
      cliAvailable: r.facts.cli,
      llmsTxt: r.facts.llmsTxt,
      openapi: r.facts.openapi,
      sdkLanguages: r.facts.sdkLanguages,
    }),
    issues: JSON.stringify([]),
    facts: JSON.stringify(r.extra),
    score_source: 'seed',
    seed_hash: r.hash,
  };
}

async function replaceCategories(trx: Knex.Transaction, productId: string, categories: string[], readiness: number) {
  await trx('product_categories').where({ product_id: productId }).del();
  if (categories.length) {
    await trx('product_categories').insert(categories.map((c) => ({ product_id: productId, category_slug: c, readiness })));
  }
}

function chunks<T>(xs: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}

/** Which of the domains the registry already lists. */
export async function knownDomains(db: Db, domains: string[]): Promise<Set<string>> {
  if (!domains.length) return new Set();
  return new Set(await db('products').whereIn('domain', domains).pluck('domain'));
}

/** One page of product slugs in slug order, with their last change, for the sitemap. */
export async function listProductSlugs(db: Db, offset: number, limit: number): Promise<Array<{ slug: string; updated_at: Date }>> {
  return db('products').select('slug', 'updated_at').orderBy('slug').offset(offset).limit(limit);
}

export async function countProducts(db: Db): Promise<number> {
  const [{ n }] = await db('products').count<{ n: string }[]>('* as n');
  return Number(n);
}
