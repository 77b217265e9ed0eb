import type { Db } from './db';
import type { Requirement } from './products';

const REQUIREMENT_COLUMN: Record<Requirement, string> = { api: 'has_api', mcp: 'has_mcp', self_serve: 'has_self_serve', openapi: 'has_openapi', cli: 'has_cli' };

/** Replaces the seed-derived capability tags of the given products (audit-derived tags are kept). */
export async function replaceSeedCapabilities(db: Db, tags: Map<string, string[]>): Promise<void> {
  await db.transaction(async (trx) => {
    const ids = [...tags.keys()];
    for (let i = 0; i < ids.length; i += 1000) {
      await trx('product_capabilities').whereIn('product_id', ids.slice(i, i + 1000)).andWhere({ source: 'seed' }).del();
    }
    const rows = [...tags].flatMap(([productId, caps]) => caps.map((c) => ({ product_id: productId, capability_id: c, source: 'seed' })));
    for (let i = 0; i < rows.length; i += 2000) {
      await trx('product_capabilities').insert(rows.slice(i, i + 2000)).onConflict(['product_id', 'capability_id']).ignore();
    }
  });
}

export async function productsForTagging(db: Db): Promise<Array<{ id: string; name: string; description: string; categories: string[] }>> {
  return db('products as p')
    .select('p.id', 'p.name', 'p.description', db.raw("coalesce((select array_agg(category_slug) from product_categories where product_id = p.id), '{}') as categories"))
    .where({ 'p.score_source': 'seed' });
}

export interface CapabilityHit {
  slug: string;
  name: string;
  domain: string;
  readiness: number;
  matched: string[];
}

/** Products covering any of the capabilities, most covered first, then readiness; requirements drop. */
export async function productsByCapabilities(db: Db, capabilities: string[], requirements: Requirement[], limit: number): Promise<CapabilityHit[]> {
  const q = db('product_capabilities as pc')
    .join('products as p', 'p.id', 'pc.product_id')
    .select('p.slug', 'p.name', 'p.domain', 'p.readiness', db.raw('array_agg(pc.capability_id order by pc.capability_id) as matched'))
    .whereIn('pc.capability_id', capabilities)
    .groupBy('p.id');
  for (const r of requirements) q.andWhere(`p.${REQUIREMENT_COLUMN[r]}`, true);
  return q.orderByRaw('count(*) desc, p.readiness desc, p.slug').limit(limit);
}

/** Sets a product's capability tags from an audit (what its own site says it does). */
export async function setAuditCapabilities(db: Db, productId: string, capabilities: string[]): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('product_capabilities').where({ product_id: productId, source: 'audit' }).del();
    if (capabilities.length) {
      await trx('product_capabilities')
        .insert(capabilities.map((c) => ({ product_id: productId, capability_id: c, source: 'audit' })))
        .onConflict(['product_id', 'capability_id'])
        .ignore();
    }
  });
}
