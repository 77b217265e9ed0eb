/** Answering a question: reads it, ranks the passages, picks the sentences (or gives the overview or latest change). */
import type { CompanyPage, ResearchAnswer } from '../types';
import { chunkPages } from './chunks';
import { asksRecency, latestChange } from './latest-change';
import { overview } from './overview';
import { candidates, pickSentences, termWeights } from './pick';
import { type Asked, readQuestion, says } from './question';
import { rank } from './rank';
import { citedAnswer, notAnswered } from './reply';
import { memoTerms, nameTerms, sameTerm } from './terms';

export interface AnswerOptions {
  /** The company's name, whose words are not evidence that a sentence answers (it is on every page). */
  companyName?: string;
}

// Answers come from the best few passages, and only those scoring near the best: a weak fourth passage that
// shares one common word is not where the answer is.
const CANDIDATE_PASSAGES = 3;
const CANDIDATE_RELATIVE_SCORE = 0.4;

/**
 * An extractive answer to the question from the company's fetched pages: up to four of the pages' own sentences,
 * each followed by `[n]` citing `citations[n - 1]`. No question, or one naming nothing but the company, gives an
 * overview. "What did they ship last?" gives the changelog's newest dated entry. Otherwise sentences of the best
 * passages, and of the kind of page that answers such questions, are weighed by the share of the question they
 * cover; a question about something the site never names, or that no sentence covers enough of, gives
 * `answered: false` and no citations.
 */
export function answerQuestion(question: string | undefined, pages: CompanyPage[], options: AnswerOptions = {}): ResearchAnswer {
  const readable = pages.filter((p) => p.text.trim());
  const q = readQuestion(question ?? '', nameTerms(pages, options.companyName));
  if (!q.asked.length) return overview(readable, pages.length);
  // "What did they ship last?": the changelog's newest entry, not a sentence that happens to say "ship".
  const latest = asksRecency(question!) ? latestChange(readable) : null;
  if (latest) return citedAnswer([latest]);
  const terms = memoTerms();
  // A thing the site never names ("the founder's cat") is a question it cannot answer. A name, acronym or
  // figure it never states still counts against every sentence ("a public REST API", "host our data in
  // Europe"); any other word it never uses says nothing about which sentence answers ("from outside Canada").
  const absent = q.asked.filter((a) => !readable.some((p) => says(a, terms(`${p.title}\n${p.text}`), `${p.title}\n${p.text}`)));
  const isOne = (words: string[]) => (a: Asked) => words.some((w) => sameTerm(w, a.term));
  if (absent.some((a) => isOne(q.nouns)(a) && !isOne(q.named)(a))) return notAnswered(pages.length);
  const asked = q.asked.filter((a) => !absent.includes(a) || isOne(q.named)(a));
  if (!asked.some((a) => !absent.includes(a))) return notAnswered(pages.length);
  const passages = chunkPages(readable);
  const ranked = rank(question!, passages, CANDIDATE_PASSAGES, terms);
  const best = ranked[0]?.score ?? 0;
  // The best few passages, and every passage of the kind of page that answers such questions.
  const pool = [
    ...ranked.filter((r) => r.score >= best * CANDIDATE_RELATIVE_SCORE).map((r) => r.passage),
    ...passages.filter((p) => q.kinds.has(p.kind) && !ranked.some((r) => r.passage === p)),
  ];
  const found = candidates(asked, pool, termWeights(asked, passages, terms), terms);
  const picked = pickSentences(found, q);
  return picked.length ? citedAnswer(picked) : notAnswered(pages.length);
}
