import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type pg from 'pg';
import { LRUCache } from 'lru-cache';
import { typoBudget, typoDistance } from '../domain/search-text';
import { type Db, withConnection } from './db';
import type { RegistryRow, Requirement } from './product-rows';
import { registryVersion } from './registry-version';

export interface SearchQuery {
  /** Stemmable words of the query, lower-case, [a-z0-9] only. */
  words: string[];
  /** The whole query, lower-cased, for trigram similarity and name prefixes. */
  text: string;
  requirements: Requirement[];
  limit: number;
}

/** Capability bits of search_postings.caps (search_caps() in migrations/20261124000000_search_index.ts). */
const CAPABILITY_BIT: Record<Requirement, number> = { api: 1, mcp: 2, self_serve: 4, openapi: 8, cli: 16 };
const REQUIREMENT_COLUMN: Record<Requirement, string> = {
  api: 'has_api',
  mcp: 'has_mcp',
  self_serve: 'has_self_serve',
  openapi: 'has_openapi',
  cli: 'has_cli',
};

/** What the registry knows about one query word. */
export interface WordInfo {
  /** The english stem the word matches (null for a stop word, which matches nothing and is dropped). */
  stem: string | null;
  /** Products with a word of this stem (1 when only a slug or identifier has it): 0 means the registry lacks it. */
  ndoc: number;
  /** For the last word: stems of the commonest words it begins (it may be a word still being typed). */
  completions: string[];
  /** For an unknown word: the nearest vocabulary words (all at the least distance), best first. */
  corrections: Array<{ word: string; lexeme: string; ndoc: number; distance: number }>;
}

/** How many products a prefix (the last word with its completions) is taken to have: it is never the rarest. */
const COMMON = 1_000_000_000;
/** How many of the rarest word's most ready products the all-words set checks, at most. */
const ALL_WORDS_WALK = 2000;
/** Equally near corrections kept for a word (search_lookup keeps the last word's five commonest completions). */
const MAX_CORRECTIONS = 3;
/** Relevance a corrected word costs, so a corrected match ranks a little below the right spelling's. */
export const TYPO_PENALTY = 0.1;

// Word facts change only with registry writes: a write in this process invalidates them at once (the
// version), another process's write within a minute (as the response cache's Cache-Control promises).
const wordCache = new LRUCache<string, { version: number; info: WordInfo }>({ max: 20_000, ttl: 60_000 });

/**
 * Looks up the query's words in one round trip (words this process looked up recently cost none): each
 * word's stem and how many products have it; for the last word, the words it is a prefix of; for a word
 * the registry lacks (and that is not a prefix), the vocabulary words one or two typos away.
 */
export async function analyseWords(db: Db, words: string[]): Promise<Map<string, WordInfo>> {
  const version = registryVersion();
  const keyOf = (w: string, last: boolean) => `${last ? '>' : ''}${w}`;
  const out = new Map<string, WordInfo>();
  const missing: Array<{ word: string; last: boolean }> = [];
  const unique = [...new Set(words)];
  unique.forEach((word, i) => {
    const last = i === unique.length - 1 && word === words[words.length - 1];
    const hit = wordCache.get(keyOf(word, last));
    if (hit && hit.version === version) out.set(word, hit.info);
    else missing.push({ word, last });
  });
  if (!missing.length) return out;

  const { rows } = await runPrepared<WordRow>(db, wordsQuery(db, missing));
  for (const r of rows) {
    const budget = typoBudget(r.word);
    const near = (r.near ?? []).map((c) => ({ ...c, distance: typoDistance(r.word, c.word) })).filter((c) => c.distance <= budget);
    const best = Math.min(...near.map((c) => c.distance));
    const info: WordInfo = {
      stem: r.stem,
      ndoc: r.ndoc,
      completions: (r.completions ?? []).filter((l) => l !== r.stem),
      corrections: near.filter((c) => c.distance === best).slice(0, MAX_CORRECTIONS),
    };
    wordCache.set(keyOf(r.word, r.last), { version, info });
    out.set(r.word, info);
  }
  return out;
}

type WordRow = {
  word: string;
  last: boolean;
  stem: string | null;
  ndoc: number;
  completions: string[] | null;
  near: Array<{ word: string; lexeme: string; ndoc: number }> | null;
};

/** The word look-up statement, exposed so the benchmark can EXPLAIN it. `words` alone means the last is a prefix. */
export function wordsQuery(db: Db, words: string[] | Array<{ word: string; last: boolean }>): Knex.Raw<{ rows: WordRow[] }> {
  const list = words.map((w, i) => (typeof w === 'string' ? { word: w, last: i === words.length - 1 } : w));
  // search_lookup (migrations/20261124000000_search_index.ts) is plpgsql so its plan is made once per connection.
  return db.raw('SELECT * FROM search_lookup(?::jsonb)', [JSON.stringify(list.map((m) => ({ ...m, budget: typoBudget(m.word) })))]);
}

/**
 * Runs a fixed statement as a named prepared statement (node-postgres prepares a name once per connection),
 * so Postgres parses and plans it once per connection rather than per call. Only for statements whose text
 * never varies: the search statement's text varies with the query's shape, and its plans differ with the
 * words (a generic plan was never chosen for it), so it stays unprepared.
 */
async function runPrepared<T>(db: Db, raw: Knex.Raw): Promise<{ rows: T[] }> {
  const { sql, bindings } = raw.toSQL().toNative();
  const name = `search_${createHash('sha1').update(sql).digest('base64url').slice(0, 24)}`;
  return withConnection(db, (c) => c.query<T & pg.QueryResultRow>({ name, text: sql, values: bindings as unknown[] }));
}

/** One query word as search matches it: any of these lexemes. */
interface WordGroup {
  word: string;
  lexemes: string[];
  /** Products with the group's lexemes (an estimate, capped): the rarest group is walked. */
  ndoc: number;
  corrected: boolean;
}

export interface SearchPlan {
  groups: WordGroup[];
  /** The query text with corrected words replaced by their correction, for name similarity and prefixes. */
  text: string;
  typos: number;
  /** Whether the registry lacks the query as a word: only then do names match by trigram similarity. */
  fuzzyNames: boolean;
}

const LEXEME = /^[a-z0-9]+$/; // every lexeme placed in a tsquery literal; query text never is

export function planSearch(q: SearchQuery, info: Map<string, WordInfo>): SearchPlan {
  const groups: WordGroup[] = [];
  let text = q.text;
  let typos = 0;
  for (const word of new Set(q.words)) {
    const w = info.get(word);
    if (!w?.stem) continue; // a stop word: matches nothing, as to_tsquery drops it
    let lexemes = [w.stem];
    let ndoc = w.ndoc;
    let corrected = false;
    if (w.corrections.length) {
      lexemes = w.corrections.map((c) => c.lexeme);
      ndoc = w.corrections.reduce((n, c) => n + c.ndoc, 0);
      corrected = true;
      typos += w.corrections[0].distance;
      text = text.replace(new RegExp(`\\b${word}\\b`, 'g'), w.corrections[0].word);
    }
    if (w.completions.length) {
      lexemes = [...lexemes, ...w.completions];
      ndoc = COMMON;
    }
    groups.push({ word, lexemes: [...new Set(lexemes)].filter((l) => LEXEME.test(l)), ndoc, corrected });
  }
  const single = q.words.length === 1 ? info.get(q.words[0]) : undefined;
  return { groups, text, typos, fuzzyNames: q.text.length >= 3 && q.words.length === 1 && !!single && single.ndoc === 0 && !single.completions.length };
}

/**
 * Registry search. Candidates come from three bounded, index-backed sets, so the cost stays flat however
 * many products share a word: names (prefix; trigram similarity only for a word the registry lacks),
 * the most ready products with any word (search_postings, read in readiness order per lexeme), and the
 * most ready products with every word (a bounded walk of the rarest word's postings, checking the others
 * by index). Only those candidates are scored: all words matched, ts_rank_cd (name and slug weigh most,
 * then categories, then description), name similarity and an exact name, less a little per corrected
 * word; ties go to readiness. Requirements filter every set, so a product lacking one is dropped.
 */
export async function searchProducts(db: Db, q: SearchQuery): Promise<RegistryRow[]> {
  const plan = planSearch(q, await analyseWords(db, q.words));
  const { rows } = await searchQuery(db, q, plan);
  return rows.map(({ slug, name, domain, readiness }: RegistryRow) => ({ slug, name, domain, readiness }));
}

/** The search statement itself, exposed so the benchmark can EXPLAIN exactly what the API runs. */
export function searchQuery(db: Db, q: SearchQuery, plan: SearchPlan): Knex.Raw<{ rows: Array<RegistryRow & { relevance: number }> }> {
  const b: unknown[] = [];
  const bind = (v: unknown) => {
    b.push(v);
    return '?';
  };
  const mask = q.requirements.reduce((m, r) => m | CAPABILITY_BIT[r], 0);
  const capsFilter = (alias: string) => (mask ? ` AND ${alias}.caps & ${mask} = ${mask}` : '');
  const productFilter = q.requirements.map((r) => ` AND p.${REQUIREMENT_COLUMN[r]}`).join('');
  const slugText = plan.text.replace(/[^a-z0-9]+/g, '-');
  const short = plan.text.length < 3; // trigrams need three characters
  const size = Math.min(Math.max(q.limit, 20), 100);
  const ctes: string[] = [];
  const sets: string[] = [];

  // Names: a prefix of the (corrected) query, or for an unknown word any name or slug trigram-similar to it.
  const prefixes = [...new Set([q.text, plan.text])].map((t) => `${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const nameMatch = [
    ...prefixes.map((p) => `lower(p.name) LIKE ${bind(p)}`),
    ...(plan.fuzzyNames ? [`lower(p.name) % ${bind(q.text)}`, `p.slug % ${bind(q.text.replace(/[^a-z0-9]+/g, '-'))}`] : []),
  ].join(' OR ');
  const nameOrder = short ? 'p.readiness DESC' : `greatest(similarity(lower(p.name), ${bind(plan.text)}), similarity(p.slug, ${bind(slugText)})) DESC`;
  ctes.push(`names AS (SELECT p.id FROM products p WHERE (${nameMatch})${productFilter} ORDER BY ${nameOrder} LIMIT ${size})`);
  sets.push('SELECT id FROM names');

  const groups = plan.groups.filter((g) => g.lexemes.length);
  // The most ready products per lexeme, read from search_postings in readiness order, stopping at `limit`.
  const ranked = (lexemes: string[], limit: number) =>
    lexemes.length === 1
      ? `SELECT t.product_id, t.readiness FROM search_postings t WHERE t.lexeme = ${bind(lexemes[0])}${capsFilter('t')} ORDER BY t.readiness DESC, t.product_id LIMIT ${limit}`
      : `SELECT t.product_id, t.readiness FROM unnest(${bind(lexemes)}::text[]) l(lexeme) CROSS JOIN LATERAL (
           SELECT t.product_id, t.readiness FROM search_postings t WHERE t.lexeme = l.lexeme${capsFilter('t')} ORDER BY t.readiness DESC, t.product_id LIMIT ${limit}) t
         ORDER BY t.readiness DESC, t.product_id LIMIT ${limit}`;
  if (groups.length) {
    const all = groups.flatMap((g) => g.lexemes);
    ctes.push(`any_words AS (${ranked([...new Set(all)], size)})`);
    sets.push('SELECT product_id FROM any_words');
  }
  if (groups.length > 1 && groups.every((g) => g.ndoc > 0)) {
    const [rarest, ...others] = [...groups].sort((x, y) => x.ndoc - y.ndoc);
    const has = (g: WordGroup) =>
      // A scalar subquery, not EXISTS: the planner would turn EXISTS into a semi-join that reads the other
      // word's whole posting list; probing the index per walked row lets the walk stop at its limit.
      `(SELECT 1 FROM search_postings u WHERE u.lexeme = ANY(${bind(g.lexemes)}::text[]) AND u.readiness = w.readiness AND u.product_id = w.product_id LIMIT 1) IS NOT NULL`;
    ctes.push(
      `all_words AS (SELECT w.product_id FROM (${ranked(rarest.lexemes, ALL_WORDS_WALK)}) w WHERE ${others.map(has).join(' AND ')} ORDER BY w.readiness DESC, w.product_id LIMIT ${size})`,
    );
    sets.push('SELECT product_id FROM all_words');
  }

  const tsAll = groups.map((g) => `(${g.lexemes.map((l) => `'${l}'`).join(' | ')})`).join(' & ');
  const tsAny = [...new Set(groups.flatMap((g) => g.lexemes))].map((l) => `'${l}'`).join(' | ');
  const nameScore = () =>
    `greatest(similarity(lower(p.name), ${bind(plan.text)}), similarity(p.slug, ${bind(slugText)})) + (CASE WHEN lower(p.name) = ${bind(plan.text)} THEN 1 ELSE 0 END)`;
  const relevance = groups.length
    ? `(CASE WHEN p.search_vector @@ ${bind(tsAll)}::tsquery THEN 1 ELSE 0 END) + ts_rank_cd(p.search_vector, ${bind(tsAny)}::tsquery, 32) + ${nameScore()} - ${TYPO_PENALTY * plan.typos}`
    : nameScore();

  const sql = `WITH ${ctes.join(',\n')}
    SELECT p.slug, p.name, p.domain, p.readiness, ${relevance} AS relevance
    FROM products p WHERE p.id IN (${sets.join(' UNION ')})
    ORDER BY relevance DESC, p.readiness DESC, p.slug LIMIT ${bind(q.limit)}`;
  return db.raw(sql, b as Knex.RawBinding[]);
}
