import { seedRow, type SeedProduct } from '../../src/domain/seed';
import type { ProductFacts } from '../../src/domain/scoring';
import { upsertSeedRows } from '../../src/store/products';
import type { Db } from '../../src/store/db';

const NO_FACTS: ProductFacts = { api: false, mcp: false, selfServe: false, openapi: false, cli: false, llmsTxt: false, sdkLanguages: [] };

/** Inserts products through the same path as the seed, with made-up names no real product shares. */
export async function addProducts(db: Db, products: Array<Partial<Omit<SeedProduct, 'facts'>> & { slug: string; facts?: Partial<ProductFacts> }>) {
  const rows = products.map((p) =>
    seedRow({
      name: p.slug,
      domain: `${p.slug}.example`,
      description: '',
      categories: ['developer-tools'],
      sources: ['test'],
      ...p,
      facts: { ...NO_FACTS, ...p.facts },
    }),
  );
  return upsertSeedRows(db, rows);
}
