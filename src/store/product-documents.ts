import type { Db } from './db';

/** A product as the ranking index reads it (src/services/ranking-index.ts). */
export interface ProductDocumentRow {
  id: string;
  slug: string;
  name: string;
  domain: string;
  readiness: number;
  has_api: boolean;
  has_mcp: boolean;
  has_self_serve: boolean;
  has_openapi: boolean;
  has_cli: boolean;
  description: string;
  expansion: string;
  audit_text: string;
  mcp_servers: string | null;
  mcp_trust: 'verified' | 'poisoned' | null;
  categories: string[];
  capabilities: Array<{ id: string; score: number }>;
  updated_at: Date;
}

/**
 * Where the registry stands: its seed fingerprint, the stamp of its last product removal (a trigger keeps
 * it, migrations/20261130000000_products_removed_mark.ts) and the database's clock.
 */
export interface RegistryMark {
  seed: string | null;
  removed: string | null;
  now: Date;
}

const COLUMNS = `p.id, p.slug, p.name, p.domain, p.readiness, p.has_api, p.has_mcp, p.has_self_serve, p.has_openapi, p.has_cli,
  p.description, p.expansion, p.audit_text, p.updated_at,
  CASE WHEN p.mcp->'security' @> '[{"severity": "high"}]' THEN 'poisoned'
       WHEN p.mcp->'verifiedCall'->>'outcome' = 'ok' AND p.mcp->'verifiedCall'->>'outputValid' IS DISTINCT FROM 'false' THEN 'verified' END AS mcp_trust,
  (SELECT string_agg(s->>'name', ' . ') FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p.facts->'mcpServers') = 'array' THEN p.facts->'mcpServers' ELSE '[]' END) s) AS mcp_servers,
  coalesce((SELECT array_agg(category_slug ORDER BY category_slug) FROM product_categories WHERE product_id = p.id), '{}') AS categories,
  coalesce((SELECT json_agg(json_build_object('id', capability_id, 'score', score) ORDER BY score DESC, capability_id)
            FROM product_capabilities WHERE product_id = p.id), '[]') AS capabilities`;

export async function registryMark(db: Db): Promise<RegistryMark> {
  const { rows } = await db.raw(
    "SELECT (SELECT value FROM registry_state WHERE key = 'seed') AS seed, (SELECT value FROM registry_state WHERE key = 'products-removed') AS removed, now() AS now",
  );
  return rows[0] as RegistryMark;
}

/**
 * Every product's document, a page at a time in slug order (keyset on the unique slug), so a large registry
 * streams. The order is the index's order, which breaks exact ties in the ranking: by slug, the same in
 * every database, not by random ids.
 */
export async function* allProductDocuments(db: Db, pageSize = 5000): AsyncGenerator<ProductDocumentRow[]> {
  let after: string | null = null;
  for (;;) {
    const { rows } = (await db.raw(
      `SELECT ${COLUMNS} FROM products p ${after ? 'WHERE p.slug > ?' : ''} ORDER BY p.slug LIMIT ?`,
      after ? [after, pageSize] : [pageSize],
    )) as {
      rows: ProductDocumentRow[];
    };
    if (!rows.length) return;
    yield rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1].slug;
  }
}

/** The products written since `since` (products_updated_at_idx). */
export async function productDocumentsSince(db: Db, since: Date): Promise<ProductDocumentRow[]> {
  const { rows } = await db.raw(`SELECT ${COLUMNS} FROM products p WHERE p.updated_at > ? ORDER BY p.updated_at, p.slug`, [since]);
  return rows as ProductDocumentRow[];
}
