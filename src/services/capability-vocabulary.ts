import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { capabilityMatcher, matchCapabilities, MATCHER_VERSION, type Capability, type CapabilityMatcher } from '../domain/capabilities';
import type { Db } from '../store/db';
import { productsForTagging, replaceSeedCapabilities } from '../store/capabilities';

/** The committed vocabulary, resolved from the compiled file's place (dist/src/services → data/). */
const VOCABULARY_PATH = path.resolve(__dirname, '../../../data/capabilities.json');

let loaded: { matcher: CapabilityMatcher; version: string } | undefined;

export function capabilityVocabulary(): { matcher: CapabilityMatcher; version: string } {
  if (!loaded) {
    const text = readFileSync(VOCABULARY_PATH, 'utf8');
    loaded = { matcher: capabilityMatcher(JSON.parse(text) as Capability[]), version: `${MATCHER_VERSION}.${createHash('sha256').update(text).digest('hex').slice(0, 12)}` };
  }
  return loaded;
}

/** Capability tags of a product from what it says about itself: name, description and categories. */
export function capabilitiesOf(p: { name: string; description: string; categories_text: string }): string[] {
  return matchCapabilities(`${p.name}. ${p.description}. ${p.categories_text}`, capabilityVocabulary().matcher, { max: 8 }).map((m) => m.id);
}

/** Tags every seed-scored product (run when the seed or the vocabulary changes). */
export async function tagSeedProducts(db: Db): Promise<number> {
  const products = await productsForTagging(db);
  await replaceSeedCapabilities(db, new Map(products.map((p) => [p.id, capabilitiesOf(p)])));
  return products.length;
}
