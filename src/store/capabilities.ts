import type { Db } from './db';
import { bumpRegistryVersion } from './registry-version';

/** A product's capability and how strongly its own words say so (words a phrasing covers; 0.5 for a closest match). */
export interface CapabilityTag {
  id: string;
  score: number;
}

/** Replaces the seed-derived capability tags of the given products (audit-derived tags are kept). */
export async function replaceSeedCapabilities(db: Db, tags: Map<string, CapabilityTag[]>): Promise<void> {
  await db.transaction(async (trx) => {
    const ids = [...tags.keys()];
    for (let i = 0; i < ids.length; i += 1000) {
      await trx('product_capabilities')
        .whereIn('product_id', ids.slice(i, i + 1000))
        .andWhere({ source: 'seed' })
        .del();
    }
    const rows = [...tags].flatMap(([productId, capabilities]) =>
      capabilities.map((c) => ({ product_id: productId, capability_id: c.id, source: 'seed', score: c.score })),
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

export async function productsForTagging(db: Db): Promise<Array<{ id: string; name: string; description: string; categories: string[] }>> {
  return db('products as p')
    .select(
      'p.id',
      'p.name',
      'p.description',
      db.raw("coalesce((select array_agg(category_slug) from product_categories where product_id = p.id), '{}') as categories"),
    )
    .where({ 'p.score_source': 'seed' });
}

/**
 * Sets a product's capability tags from an audit (what its own site says it does) and marks the product
 * written, so the ranking indexes read the new tags with it.
 */
export async function setAuditCapabilities(db: Db, productId: string, capabilities: CapabilityTag[]): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('product_capabilities').where({ product_id: productId, source: 'audit' }).del();
    if (capabilities.length) {
      await trx('product_capabilities')
        .insert(capabilities.map((c) => ({ product_id: productId, capability_id: c.id, source: 'audit', score: c.score })))
        .onConflict(['product_id', 'capability_id'])
        .ignore();
    }
    await trx('products').where({ id: productId }).update({ updated_at: trx.fn.now() });
  });
  bumpRegistryVersion();
}
