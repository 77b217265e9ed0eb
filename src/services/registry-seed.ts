import { readFileSync } from 'node:fs';
import path from 'node:path';
import { seedRow, type SeedFile } from '../domain/seed';
import { CATEGORIES } from '../domain/taxonomy';
import type { Db } from '../store/db';
import { syncCategories, upsertSeedRows, type SeedLoadCounts } from '../store/products';
import { getRegistryState, setRegistryState } from '../store/registry-state';
import { capabilityVocabulary, tagSeedProducts } from './capability-vocabulary';

/** The committed seed, resolved from the compiled file's place (dist/src/services → data/). */
export const SEED_PATH = path.resolve(__dirname, '../../../data/registry-seed.json');

/** Requests each product serves, by slug, written offline from the seed's descriptions (document expansion). */
export const QUERIES_PATH = path.resolve(__dirname, '../../../data/product-queries.json');

/** The committed seed, each product with its expansion requests. */
export function readSeedFile(file = SEED_PATH, queriesFile = QUERIES_PATH): SeedFile {
  const seed = JSON.parse(readFileSync(file, 'utf8')) as SeedFile;
  const queries = JSON.parse(readFileSync(queriesFile, 'utf8')) as Record<string, string[] | undefined>;
  return { ...seed, products: seed.products.map((p) => (queries[p.slug]?.length ? { ...p, queries: queries[p.slug] } : p)) };
}

/**
 * Loads the registry seed at start-up. Idempotent: the same seed version (and scoring) is a no-op; a
 * newer one inserts new products and refreshes seed-derived rows, never a product a real audit scored.
 */
export async function loadRegistrySeed(db: Db, seed: SeedFile = readSeedFile()): Promise<SeedLoadCounts | 'unchanged'> {
  const rows = seed.products.map(seedRow);
  // The rows' hashes cover the provisional scores too, so a scoring change reloads the seed.
  // The vocabulary version is part of it too: new capabilities re-tag the products.
  const fingerprint = `${seed.version}:${rows.reduce((h, r) => (h * 31 + hashInt(r.hash)) >>> 0, 7)}:${capabilityVocabulary().version}`;
  if ((await getRegistryState(db, 'seed')) === fingerprint) return 'unchanged';
  await syncCategories(db, CATEGORIES);
  const counts = await upsertSeedRows(db, rows);
  await tagSeedProducts(db);
  await setRegistryState(db, 'seed', fingerprint);
  return counts;
}

function hashInt(hex: string): number {
  return Number.parseInt(hex.slice(0, 8), 16);
}
