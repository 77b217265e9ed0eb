import type { Db } from './db';
import type { Requirement } from './products';
import { bumpRegistryVersion } from './registry-version';

const REQUIREMENT_COLUMN: Record<Requirement, string> = {
  api: 'has_api',
  mcp: 'has_mcp',
  self_serve: 'has_self_serve',
  openapi: 'has_openapi',
  cli: 'has_cli',
};

/** A product's capability and how strongly its own words say so (words a phrasing covers; 0.5 for a closest match). */
export interface CapabilityTag {
  id: string;
  score: number;
}

/** Replaces the seed-derived capability tags of the given products (audit-derived tags are kept). */
export async function replaceSeedCapabilities(db: Db, tags: Map<string, { capabilities: CapabilityTag[]; readiness: number }>): Promise<void> {
  await db.transaction(async (trx) => {
    const ids = [...tags.keys()];
    for (let i = 0; i < ids.length; i += 1000) {
      await trx('product_capabilities')
        .whereIn('product_id', ids.slice(i, i + 1000))
        .andWhere({ source: 'seed' })
        .del();
    }
    const rows = [...tags].flatMap(([productId, t]) =>
      t.capabilities.map((c) => ({ product_id: productId, capability_id: c.id, source: 'seed', readiness: t.readiness, score: c.score })),
    );
    for (let i = 0; i < rows.length; i += 2000) {
      await trx('product_capabilities')
        .insert(rows.slice(i, i + 2000))
        .onConflict(['product_id', 'capability_id'])
        .ignore();
    }
  });
  bumpRegistryVersion();
}

export async function productsForTagging(db: Db): Promise<Array<{ id: string; name: string; description: string; readiness: number; categories: string[] }>> {
  return db('products as p')
    .select(
      'p.id',
      'p.name',
      'p.description',
      'p.readiness',
      db.raw("coalesce((select array_agg(category_slug) from product_categories where product_id = p.id), '{}') as categories"),
    )
    .where({ 'p.score_source': 'seed' });
}

export interface CapabilityHit {
  slug: string;
  name: string;
  domain: string;
  readiness: number;
  matched: string[];
}

// With requirements, products are dropped after ranking; this many top candidates (and ties) usually leave
// enough, else the query runs again over every candidate.
const REQUIREMENT_HEADROOM = 200;

/**
 * Products covering any of the capabilities, most covered first, then readiness; among equals, the ones
 * whose own words say it most strongly (many public-API entries share one provisional readiness), then
 * slug. Requirements drop.
 */
export async function productsByCapabilities(db: Db, capabilities: string[], requirements: Requirement[], limit: number): Promise<CapabilityHit[]> {
  if (capabilities.length === 1) return productsByCapability(db, capabilities[0], requirements, limit);
  const ranked = async (candidates: number | undefined) => {
    const where = requirements.map((r) => `AND p.${REQUIREMENT_COLUMN[r]}`).join(' ');
    // WITH TIES keeps every product tied with the last candidate, so the slug tie-break below is exact.
    const { rows } = await db.raw(
      `WITH hits AS (
         SELECT product_id, count(*)::int AS n, max(readiness) AS readiness, sum(score) AS strength, array_agg(capability_id ORDER BY capability_id) AS matched
         FROM product_capabilities WHERE capability_id = ANY(?) GROUP BY product_id
         ORDER BY n DESC, readiness DESC, strength DESC ${candidates ? 'FETCH FIRST ? ROWS WITH TIES' : ''}
       )
       SELECT p.slug, p.name, p.domain, h.readiness, h.matched FROM hits h JOIN products p ON p.id = h.product_id ${where ? `WHERE true ${where}` : ''}
       ORDER BY h.n DESC, h.readiness DESC, h.strength DESC, p.slug LIMIT ?`,
      candidates ? [capabilities, candidates, limit] : [capabilities, limit],
    );
    return rows as CapabilityHit[];
  };
  if (!requirements.length) return ranked(limit);
  const first = await ranked(REQUIREMENT_HEADROOM);
  return first.length < limit ? ranked(undefined) : first;
}

/**
 * The same order for one capability, where every product covers one of one: readiness, then strength, then
 * slug. The ranked index is read in order and the walk stops at the limit (a few dozen rows, where the
 * general query aggregates every product tagged with the capability, thousands at 100k products).
 */
async function productsByCapability(db: Db, capability: string, requirements: Requirement[], limit: number): Promise<CapabilityHit[]> {
  const where = requirements.map((r) => `AND p.${REQUIREMENT_COLUMN[r]}`).join(' ');
  const { rows } = await db.raw(
    `SELECT p.slug, p.name, p.domain, pc.readiness, ARRAY[pc.capability_id] AS matched
     FROM product_capabilities pc JOIN products p ON p.id = pc.product_id
     WHERE pc.capability_id = ? ${where}
     ORDER BY pc.readiness DESC, pc.score DESC, p.slug LIMIT ?`,
    [capability, limit],
  );
  return rows as CapabilityHit[];
}

/** Sets a product's capability tags from an audit (what its own site says it does). */
export async function setAuditCapabilities(db: Db, productId: string, capabilities: CapabilityTag[]): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('product_capabilities').where({ product_id: productId, source: 'audit' }).del();
    if (capabilities.length) {
      const { readiness } = await trx('products').select('readiness').where({ id: productId }).first();
      await trx('product_capabilities')
        .insert(capabilities.map((c) => ({ product_id: productId, capability_id: c.id, source: 'audit', readiness, score: c.score })))
        .onConflict(['product_id', 'capability_id'])
        .ignore();
    }
  });
  bumpRegistryVersion();
}
