import type { Db } from './db';
import type { ProductRecord } from './product-rows';
import { PRODUCT_COLUMNS } from './products';

export type KnownCompany = ProductRecord & { capabilities: string[] };

/** The registry's product for a domain, with its categories and capability tags. */
export async function findProductByDomain(db: Db, domain: string): Promise<KnownCompany | undefined> {
  const row = await db('products as p')
    .select(
      ...PRODUCT_COLUMNS,
      db.raw("coalesce((select array_agg(category_slug order by category_slug) from product_categories where product_id = p.id), '{}') as categories"),
      db.raw("coalesce((select array_agg(capability_id order by capability_id) from product_capabilities where product_id = p.id), '{}') as capabilities"),
    )
    .where('p.domain', domain)
    .first();
  return row as KnownCompany | undefined;
}

export interface CompetitorRow {
  slug: string;
  name: string;
  domain: string;
  readiness: number;
  capabilities: string[];
  categories: string[];
}

/**
 * Products sharing any of the capabilities or categories, other than the company itself: most shared
 * capabilities first (they say what a product does), then shared categories, then readiness, then slug.
 */
export async function productsOverlapping(
  db: Db,
  o: { capabilities: string[]; categories: string[]; exceptDomain: string; limit: number },
): Promise<CompetitorRow[]> {
  const { rows } = await db.raw(
    `WITH caps AS (
       SELECT product_id, array_agg(capability_id ORDER BY capability_id) AS shared FROM product_capabilities
       WHERE capability_id = ANY(?) GROUP BY product_id
     ), cats AS (
       SELECT product_id, array_agg(category_slug ORDER BY category_slug) AS shared FROM product_categories
       WHERE category_slug = ANY(?) GROUP BY product_id
     )
     SELECT p.slug, p.name, p.domain, p.readiness,
            coalesce(caps.shared, '{}') AS capabilities, coalesce(cats.shared, '{}') AS categories
     FROM products p LEFT JOIN caps ON caps.product_id = p.id LEFT JOIN cats ON cats.product_id = p.id
     WHERE (caps.product_id IS NOT NULL OR cats.product_id IS NOT NULL) AND p.domain <> ?
     ORDER BY coalesce(cardinality(caps.shared), 0) DESC, coalesce(cardinality(cats.shared), 0) DESC, p.readiness DESC, p.slug
     LIMIT ?`,
    [o.capabilities, o.categories, o.exceptDomain, o.limit],
  );
  return rows as CompetitorRow[];
}
