import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  capabilityMatcher,
  closestCapability,
  matchCapabilities,
  MATCHER_VERSION,
  stems,
  type Capability,
  type CapabilityMatcher,
} from '../domain/capabilities';
import { CapabilityTexts } from '../domain/ranking/capability-texts';
import { CAPABILITY_TEXT_PARAMS } from '../domain/ranking/params';
import type { Db } from '../store/db';
import { productsForTagging, replaceSeedCapabilities, type CapabilityTag } from '../store/capabilities';

/** The committed vocabulary, resolved from the compiled file's place (dist/src/services → data/). */
const VOCABULARY_PATH = path.resolve(__dirname, '../../../data/capabilities.json');

let loaded: { matcher: CapabilityMatcher; version: string } | undefined;

export function capabilityVocabulary(): { matcher: CapabilityMatcher; version: string } {
  if (!loaded) {
    const text = readFileSync(VOCABULARY_PATH, 'utf8');
    loaded = {
      matcher: capabilityMatcher(JSON.parse(text) as Capability[]),
      version: `${MATCHER_VERSION}.${createHash('sha256').update(text).digest('hex').slice(0, 12)}`,
    };
  }
  return loaded;
}

/** The capabilities' texts (description, phrasings, examples) as the ranking reads them. */
export function capabilityTexts(): CapabilityTexts {
  texts ??= new CapabilityTexts(capabilityVocabulary().matcher.vocabulary, CAPABILITY_TEXT_PARAMS);
  return texts;
}
let texts: CapabilityTexts | undefined;

const TAGS_PER_PRODUCT = 3;
// A product none of whose words form a phrasing takes the capability whose text its own words are closest
// to, when that text holds enough of them: this share of its distinctive words (at least two words), or a
// smaller share for a capability of the product's own categories.
const CLOSEST_SHARE = 0.4;
const CLOSEST_SHARE_IN_CATEGORY = 0.3;
// Outside the product's categories a tag needs this much evidence: a three-word phrasing, or several.
const OUTSIDE_CATEGORY_SCORE = 3;

/**
 * Capability tags of a product from what it says about itself (name and description). A tag needs the
 * capability to belong to one of the product's categories, or strong wording (category data is coarse: an
 * OCR API filed under productivity still says "OCR text extraction from images"). A word or two outside the
 * product's categories is not enough: a monitoring product that mentions logins is not an authentication
 * product. The strongest three at most. A product none of whose words form a phrasing gets the one
 * capability of its categories whose words it shares most, if any does enough ("Password manager with
 * secrets automation" → security.secrets), scored under every phrasing match.
 */
// Descriptions are written, not typed in a hurry: no typo correction, no reversed pairs ("AI-readable
// documentation" is not "document AI"), and every capability found counts.
export function capabilitiesOf(p: { name: string; description: string; categories: string[] }): CapabilityTag[] {
  const { matcher } = capabilityVocabulary();
  const categoriesOf = new Map(matcher.vocabulary.map((c) => [c.id, c.categories]));
  const inCategory = (id: string) => !!categoriesOf.get(id)?.some((c) => p.categories.includes(c));
  const text = `${p.name}. ${p.description}`;
  // A phrasing said again (a site's title repeating its description) is no more evidence: a tag scores the
  // distinct words its phrasings hold, not each place they occur.
  const tags = matchCapabilities(text, matcher, { max: 12, correctTypos: false, dropWeak: false, reversedPairs: false })
    .map((m) => ({ ...m, score: Math.min(m.score, new Set(m.phrases.flatMap((p) => stems(p))).size) }))
    .filter((m) => inCategory(m.id) || m.score >= OUTSIDE_CATEGORY_SCORE)
    .slice(0, TAGS_PER_PRODUCT);
  if (tags.length) return tags.map((m) => ({ id: m.id, score: m.score }));
  const near = capabilityTexts().closest(text);
  if (near && near.words >= 2 && near.share >= (inCategory(near.id) ? CLOSEST_SHARE_IN_CATEGORY : CLOSEST_SHARE)) return [{ id: near.id, score: 0.5 }];
  const closest = closestCapability(text, matcher, { correctTypos: false, among: inCategory });
  return closest ? [{ id: closest.id, score: closest.score }] : [];
}

/** Tags every seed-scored product (run when the seed or the vocabulary changes). */
export async function tagSeedProducts(db: Db): Promise<number> {
  const products = await productsForTagging(db);
  await replaceSeedCapabilities(db, new Map(products.map((p) => [p.id, capabilitiesOf(p)])));
  return products.length;
}
