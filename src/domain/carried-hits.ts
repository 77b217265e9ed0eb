import type { RankedProduct } from './ranked-product';

/**
 * Ranked products as find-tools' and resolve's workflows carry them: one row per product, its capabilities
 * and words as indexes into one list of terms. Temporal records a read's result twice (the local activity's
 * marker and the workflow's result) and sends it once more to the API; measured on the dev server, a
 * 3.7 KB answer of 20 objects cost the ten-caller p50 about 10% over an empty one, a 1.3 KB packed one
 * about 3% (bench/experiments/2026-11-26-temporal-result-cost.md). Key names repeated twenty times, and the same few words in each
 * product, were most of the bytes.
 */
export interface PackedHits {
  /** The task's words and capability ids the rows name, each once. */
  terms: string[];
  /** slug, name, domain, readiness, match, the indexes of its capabilities in `terms`, then of its words. */
  rows: PackedRow[];
}

export type PackedRow = [
  slug: string,
  name: string,
  domain: string,
  readiness: number,
  match: number,
  matched: number[],
  words: number[],
  /** Absent unless the task required an MCP server and the audit had a verdict (rows recorded before have none). */
  mcpTrust?: 'verified' | 'poisoned',
];

/** A read's result as recorded: packed hits, or (a history from before the packing) the products whole. */
export type Carried<T extends { hits: RankedProduct[] }> = Omit<T, 'hits'> & { hits: PackedHits | RankedProduct[] };

export function carry<T extends { hits: RankedProduct[] }>(found: T): Carried<T> {
  return { ...found, hits: packHits(found.hits) };
}

export function packHits(hits: RankedProduct[]): PackedHits {
  const terms: string[] = [];
  const at = new Map<string, number>();
  const index = (term: string) => {
    let i = at.get(term);
    if (i === undefined) {
      i = terms.push(term) - 1;
      at.set(term, i);
    }
    return i;
  };
  const rows = hits.map((h): PackedRow => {
    const row: PackedRow = [h.slug, h.name, h.domain, h.readiness, h.match, h.matched.map(index), h.words.map(index)];
    if (h.mcpTrust) row.push(h.mcpTrust);
    return row;
  });
  return { terms, rows };
}

/**
 * The products whole again. Hits recorded before `match` and `words` existed (a workflow that ran across
 * that upgrade) read as a match of 0 and no words.
 */
export function hitsOf(hits: PackedHits | RankedProduct[]): RankedProduct[] {
  if (Array.isArray(hits)) return hits.map((h) => ({ ...h, match: h.match ?? 0, words: h.words ?? [] }));
  const term = (i: number) => hits.terms[i];
  return hits.rows.map(([slug, name, domain, readiness, match, matched, words, mcpTrust]) => ({
    slug,
    name,
    domain,
    readiness,
    match,
    matched: matched.map(term),
    words: words.map(term),
    ...(mcpTrust ? { mcpTrust } : {}),
  }));
}
