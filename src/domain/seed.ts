import { createHash } from 'node:crypto';
import { checksFromFacts, scoreChecks, type ProductFacts, type Scores } from './scoring';

/** The committed seed file (data/registry-seed.json), produced by scripts/build-seed.ts. */
export interface SeedFile {
  version: string;
  sources: Array<{ name: string; repository: string; commit: string; date: string; file: string; license: string }>;
  products: SeedProduct[];
}

export interface SeedProduct {
  slug: string;
  name: string;
  domain: string;
  description: string;
  categories: string[];
  facts: ProductFacts;
  sources: string[];
  mcpServers?: Array<{ name: string; repository: string; packages: string[] }>;
  /** Requests the product serves, written offline from its description (document expansion for the ranking). */
  queries?: string[];
}

export interface SeedRow extends Pick<SeedProduct, 'slug' | 'name' | 'domain' | 'description' | 'categories' | 'facts'> {
  /** The product's expansion requests, one text (products.expansion). */
  expansion: string;
  scores: Scores;
  extra: { sources: string[]; mcpServers: SeedProduct['mcpServers'] };
  /** Fingerprint of everything above: an unchanged product is skipped on reload. */
  hash: string;
}

/** A seed product as a registry row, with provisional scores from the shared scoring code. */
export function seedRow(p: SeedProduct): SeedRow {
  const scores = scoreChecks(checksFromFacts(p.facts));
  const row = {
    slug: p.slug,
    name: p.name,
    domain: p.domain,
    description: p.description,
    categories: p.categories,
    facts: p.facts,
    expansion: (p.queries ?? []).join(' . '),
    scores,
    extra: { sources: p.sources, mcpServers: p.mcpServers ?? [] },
  };
  return { ...row, hash: createHash('sha256').update(JSON.stringify(row)).digest('hex').slice(0, 24) };
}
