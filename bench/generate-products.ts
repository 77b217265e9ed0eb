import { seedRow, type SeedProduct } from '../src/domain/seed';
import { CATEGORIES } from '../src/domain/taxonomy';
import { upsertSeedRows } from '../src/store/products';
import type { Db } from '../src/store/db';

/**
 * Fills the registry with realistic synthetic products (names, domains, descriptions written from each
 * category's own vocabulary, facts drawn with real-world-ish rates) through the seed's own write path.
 * Deterministic for a given count, so runs are comparable.
 */
// Brand-like names from syllables (about 10^5 distinct stems), so names repeat about as rarely as real ones.
const ONSETS = [
  'b',
  'br',
  'c',
  'cl',
  'd',
  'dr',
  'f',
  'fl',
  'g',
  'gr',
  'h',
  'j',
  'k',
  'kr',
  'l',
  'm',
  'n',
  'p',
  'pl',
  'qu',
  'r',
  's',
  'sk',
  'sn',
  't',
  'tr',
  'v',
  'w',
  'z',
  'zh',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'io', 'oo', 'y'];
const CODAS = ['', 'n', 'r', 'x', 'l', 'm', 's', 'k', 'nt', 'st'];
const TAILS = ['', '', '', 'ly', 'io', 'hub', 'base', 'kit', 'flow', 'labs', 'ops', 'api', 'stack', 'sync', 'ify'];
const TLDS = ['com', 'io', 'dev', 'ai', 'app', 'co', 'so', 'tech'];
const ADJECTIVES = [
  'fast',
  'reliable',
  'developer-friendly',
  'open-source',
  'serverless',
  'managed',
  'scalable',
  'lightweight',
  'enterprise-grade',
  'real-time',
];
const AUDIENCES = ['startups', 'developer teams', 'AI agents', 'enterprises', 'indie hackers', 'data teams', 'mobile apps', 'SaaS products'];

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function syntheticProducts(count: number): SeedProduct[] {
  const rand = rng(42);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const out: SeedProduct[] = [];
  for (let i = 0; i < count; i++) {
    const category = pick(CATEGORIES);
    const second = rand() < 0.3 ? pick(CATEGORIES) : category;
    const syllable = () => `${pick(ONSETS)}${pick(VOWELS)}${pick(CODAS)}`;
    const base = `${syllable()}${rand() < 0.6 ? syllable() : ''}${pick(TAILS)}`;
    const name = `${base[0].toUpperCase()}${base.slice(1)}${i % 7 === 0 ? ` ${pick(['AI', 'Cloud', 'HQ', 'Pro'])}` : ''}`;
    const slug = `${base}-${i.toString(36)}`;
    const kw = () => pick(category.keywords);
    out.push({
      slug,
      name,
      domain: `${slug}.${pick(TLDS)}`,
      description: `${name} is a ${pick(ADJECTIVES)} ${kw()} platform for ${pick(AUDIENCES)}: ${kw()}, ${kw()} and ${pick(second.keywords)} through one API.`,
      categories: [...new Set([category.slug, second.slug])],
      facts: {
        api: rand() < 0.8,
        mcp: rand() < 0.15,
        selfServe: rand() < 0.6,
        openapi: rand() < 0.3,
        cli: rand() < 0.2,
        llmsTxt: rand() < 0.25,
        sdkLanguages: ['javascript', 'python', 'go', 'ruby', 'java'].filter(() => rand() < 0.3),
      },
      sources: ['synthetic'],
    });
  }
  return out;
}

export async function fillRegistry(db: Db, count: number, log: (m: string) => void): Promise<void> {
  const products = syntheticProducts(count);
  for (let i = 0; i < products.length; i += 10_000) {
    await upsertSeedRows(db, products.slice(i, i + 10_000).map(seedRow));
    log(`  synthetic products: ${Math.min(i + 10_000, products.length)}/${products.length}`);
  }
  await db.raw('VACUUM ANALYZE');
}
