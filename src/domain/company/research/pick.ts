/** Picking the answer's sentences: each candidate sentence is weighed by the share of the question it covers. */
import type { Passage, TextSpan } from './chunks';
import { AMOUNT_WORD, type Asked, FIGURE, LIST, type Question, says, YEAR } from './question';
import { MAX_SENTENCES, normalise } from './reply';
import { sameTerm, type Terms } from './terms';

// Share of the question's content words (weighted by rarity) a sentence must cover to count as an answer.
const MIN_COVERAGE = 0.4;
// Other sentences join the best one when they cover at least this share of what it covers.
const RELATIVE_COVERAGE = 0.6;
// A heading's words cover a question word for the sentences under it, at this discount.
const HEADING_DISCOUNT = 0.5;
// Rarity is counted over at least this many passages.
const IDF_MIN_PASSAGES = 10;

/** BM25's inverse document frequency of each asked word over the passages: rare words weigh more. */
export function termWeights(asked: Asked[], passages: Passage[], terms: Terms): Map<Asked, number> {
  const passageTerms = passages.map((p) => terms(p.text));
  // A site of a few passages says little about which words are rare: count as if it had at least ten.
  const n = Math.max(passages.length, IDF_MIN_PASSAGES);
  return new Map(
    asked.map((a) => {
      const df = passages.filter((p, i) => says(a, passageTerms[i], p.text)).length;
      return [a, Math.log(1 + (n - df + 0.5) / (df + 0.5))];
    }),
  );
}

interface Candidate {
  sentence: TextSpan;
  passage: Passage;
  rank: number;
  coverage: number;
}

/**
 * Sentences of the candidate passages that share a content word with the question, with the share they cover.
 * A section's heading covers its words for the sentences under it, in full when the heading names nothing but
 * what is asked ("Rate limits" for "What are the API rate limits?"), and then its first sentence is a
 * candidate even when it repeats none of the question's words ("Each key may make 100 requests per minute").
 */
export function candidates(asked: Asked[], pool: Passage[], weights: Map<Asked, number>, terms: Terms): Candidate[] {
  const total = asked.reduce((sum, a) => sum + weights.get(a)!, 0);
  const out: Candidate[] = [];
  pool.forEach((passage, rank) => {
    const heading = passage.heading ?? '';
    const headingTerms = terms(heading);
    const inHeading = asked.filter((a) => says(a, headingTerms, heading));
    const topical = headingTerms.length > 0 && headingTerms.every((t) => asked.some((a) => sameTerm(a.term, t) || a.also?.test(t)));
    const credit = topical ? 1 : HEADING_DISCOUNT;
    const opensSection = passage.heading !== undefined && passage.start < passage.sentences[0].start;
    passage.sentences.forEach((sentence, i) => {
      const said = terms(sentence.text);
      const inSentence = asked.filter((a) => says(a, said, sentence.text));
      if (!inSentence.length && !(topical && opensSection && i === 0 && inHeading.length)) return;
      const fromHeading = inHeading.filter((a) => !inSentence.includes(a));
      const covered = inSentence.reduce((sum, a) => sum + weights.get(a)!, 0) + credit * fromHeading.reduce((sum, a) => sum + weights.get(a)!, 0);
      out.push({ sentence, passage, rank, coverage: covered / total });
    });
  });
  return out;
}

/**
 * The sentences that answer: those covering enough of the question (and stating an amount, for "how many" and
 * "how much"); among them, those on the kind of page that
 * answers such questions, those stating a figure when one is asked for (a year for "when"), those listing
 * things for "which ...s" (each preference only when some sentence meets it); then the best and those near
 * it, at most four, in page order.
 */
export function pickSentences(found: Candidate[], q: Question): Candidate[] {
  let pool = found.filter((c) => c.coverage >= MIN_COVERAGE && (!q.amount || FIGURE.test(c.sentence.text) || AMOUNT_WORD.test(c.sentence.text)));
  const prefer = (wanted: boolean, keep: (c: Candidate) => boolean) => {
    const kept = wanted ? pool.filter(keep) : [];
    if (kept.length) pool = kept;
  };
  prefer(q.kinds.size > 0, (c) => q.kinds.has(c.passage.kind));
  prefer(q.figure, (c) => FIGURE.test(c.sentence.text));
  prefer(q.year, (c) => YEAR.test(c.sentence.text));
  prefer(q.list, (c) => LIST.test(c.sentence.text));
  const best = Math.max(0, ...pool.map((c) => c.coverage));
  const seen = new Set<string>();
  return pool
    .filter((c) => c.coverage >= best * RELATIVE_COVERAGE)
    .sort((a, b) => b.coverage - a.coverage || a.rank - b.rank || a.sentence.start - b.sentence.start)
    .filter((c) => !seen.has(normalise(c.sentence.text)) && seen.add(normalise(c.sentence.text)))
    .slice(0, MAX_SENTENCES)
    .sort((a, b) => a.rank - b.rank || a.sentence.start - b.sentence.start);
}
