/**
 * Extractive research over a company's fetched pages: pages are cut into passages, BM25 (wink-bm25-text-search)
 * ranks them against the question, and the answer is made of the pages' own sentences, each cited with the page
 * it came from. Nothing is generated here, so nothing can be invented; `checkCitedAnswer` holds a language
 * model's answer to the same standard. Pure: no I/O, no clock.
 */
import bm25 from 'wink-bm25-text-search';
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { getDomainWithoutSuffix } from 'tldts';
import type { Citation, CompanyPage, PageKind, ResearchAnswer } from './types';

/** A stretch of a page's text: `text === page.text.slice(start, end)`. */
export interface TextSpan {
  start: number;
  end: number;
  text: string;
}

/** A few consecutive sentences of one page (with the heading that introduces them), the unit retrieval ranks. */
export interface Passage extends TextSpan {
  /** Position in the `chunkPages` result. */
  id: number;
  /** The page's finalUrl. */
  url: string;
  title: string;
  fetchedAt: string;
  kind: PageKind;
  /** The heading of the section the passage is in; inside the span only for the section's first passage. */
  heading?: string;
  /** The passage's sentences (a lead-in sentence ending in ":" carries the list lines under it). */
  sentences: TextSpan[];
}

export interface RankedPassage {
  passage: Passage;
  /** BM25F score: only comparable between passages ranked for the same question. */
  score: number;
}

export interface AnswerOptions {
  /** The company's name, whose words are not evidence that a sentence answers (it is on every page). */
  companyName?: string;
}

/** A sentence of a language model's answer and the page span it says supports it. */
export interface ModelSentence {
  text: string;
  url: string;
  snippet: string;
}

export type DropReason = 'unfetched-url' | 'snippet-not-on-page' | 'unrelated-to-snippet' | 'number-not-in-snippet';

export interface KeptSentence extends ModelSentence {
  /** The citation to show: the page's finalUrl and the snippet as it stands on the page (original whitespace). */
  citation: Citation;
}

export interface DroppedSentence extends ModelSentence {
  reason: DropReason;
}

const nlp = winkNLP(model);
const its = nlp.its;

// Passage size, in words: large enough to hold an answer and its context, small enough that BM25 scores the
// part of a long page that answers, not the whole page.
const PASSAGE_MIN_WORDS = 60;
const PASSAGE_MAX_WORDS = 120;
// A line this short that does not end a sentence is a heading (or navigation, which is then dropped).
const HEADING_MAX_WORDS = 12;
// A lead-in ending in ":" takes the short lines under it (a list) until it has this many words.
const LIST_MAX_WORDS = 60;
// The page title names the page's topic ("Security", "Pricing"): a match there counts double.
const FIELD_WEIGHTS = { title: 2, body: 1 };
// wink-bm25-text-search refuses to consolidate fewer documents than this.
const BM25_MIN_DOCS = 3;
// Answers come from the best few passages, and only those scoring near the best: a weak fourth passage that
// shares one common word is not where the answer is.
const CANDIDATE_PASSAGES = 3;
const CANDIDATE_RELATIVE_SCORE = 0.4;
// Share of the question's content words (weighted by rarity) a sentence must cover to count as an answer.
const MIN_COVERAGE = 0.4;
// Other sentences join the best one when they cover at least this share of what it covers.
const RELATIVE_COVERAGE = 0.6;
// A heading's words cover a question word for the sentences under it, at this discount.
const HEADING_DISCOUNT = 0.5;
// Rarity is counted over at least this many passages.
const IDF_MIN_PASSAGES = 10;
const MAX_SENTENCES = 4;
const OVERVIEW_PER_PAGE = 2;
const OVERVIEW_MIN_WORDS = 6;
const SNIPPET_MAX_CHARS = 300;
// A model's sentence must share this share of its content words with its snippet (and at least one).
const MIN_SHARED_WITH_SNIPPET = 0.2;

// Words any company uses of itself: sharing only these with a question is not answering it.
const GENERIC = new Set(['compani', 'product', 'servic', 'platform', 'busi', 'offer', 'provid', 'solut', 'tool', 'inc', 'ltd', 'llc']);
// Banner and chrome sentences that lead many home pages and say nothing about the company.
const BOILERPLATE = /cookie|javascript|your browser|sign (in|up)|log ?in|subscribe|newsletter|all rights reserved|privacy policy|terms of (service|use)/i;
// The end of a sentence, and a capital, digit or opening quote after the space that follows it.
const SENTENCE_END = /[.!?]+["'\u2019\u201d)\]]*(?=\s+["'\u2018\u201c([]?[A-Z0-9])/g;
// Initials and dotted abbreviations ("J.", "U.S.", "e.g.") end no sentence; nor do these.
const DOTTED = /^[a-z](?:\.[a-z])*$/i;
const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'st', 'vs', 'approx', 'fig', 'cf', 'incl']);
const ENDS_SENTENCE = /[.!?:;,]["'\u2019\u201d)\]]*$/;

// The model's own Porter stemmer (wink-nlp's `its.stem` is this one, applied to the token as written).
const stem = (model as unknown as { addons: { stem(word: string): string } }).addons.stem;

/** The lemma, or for a word the model does not know ("SDKs", "webhooks") the word less a plural "s". */
function singular(word: string, lemma: string): string {
  return lemma === word && word.length > 3 && /[^su]s$/.test(word) ? word.slice(0, -1) : lemma;
}

/**
 * Content words of a text, as Porter stems of their lemmas (so "kept" meets "keeps" and "sent" meets "send"):
 * stop words and punctuation dropped, numbers kept without their thousands separators ("1,000" is "1000").
 */
export function contentTerms(text: string): string[] {
  const tokens = nlp.readDoc(text.toLowerCase()).tokens();
  const texts = tokens.out() as string[];
  const types = tokens.out(its.type) as string[];
  const stop = tokens.out(its.stopWordFlag) as unknown as boolean[];
  const lemmas = tokens.out(its.lemma as never) as unknown as string[];
  const out: string[] = [];
  texts.forEach((t, i) => {
    if (types[i] === 'number') out.push(t.replace(/,/g, ''));
    else if (types[i] === 'word' && !stop[i] && /^[a-z0-9]/.test(t)) out.push(stem(singular(t, lemmas[i] || t)));
  });
  return out;
}

type Terms = (text: string) => string[];

/** `contentTerms` remembering its answers for one call: a passage is read for ranking, weighing and picking. */
function memoTerms(): Terms {
  const seen = new Map<string, string[]>();
  return (text) => {
    const known = seen.get(text);
    if (known) return known;
    const terms = contentTerms(text);
    seen.set(text, terms);
    return terms;
  };
}

/** Whether two stems are one word: equal, or one a prefix of the other when long ("certif" and "certifi"). */
function sameTerm(a: string, b: string): boolean {
  if (a === b) return true;
  return /^[a-z]/.test(a) && Math.min(a.length, b.length) >= 5 && (a.startsWith(b) || b.startsWith(a));
}

function hasTerm(terms: string[], term: string): boolean {
  return terms.some((t) => sameTerm(t, term));
}

function wordCount(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

function span(text: string, start: number, end: number): TextSpan {
  return { start, end, text: text.slice(start, end) };
}

/** Non-empty lines of a text, each trimmed of surrounding whitespace. */
function lineSpans(text: string): TextSpan[] {
  const out: TextSpan[] = [];
  for (const m of text.matchAll(/[^\n]+/g)) {
    const lead = m[0].length - m[0].trimStart().length;
    const body = m[0].trim();
    if (body) out.push(span(text, m.index + lead, m.index + lead + body.length));
  }
  return out;
}

function isAbbreviation(line: string, dotAt: number): boolean {
  const word = line.slice(line.lastIndexOf(' ', dotAt - 1) + 1, dotAt).replace(/^["'(\u2018\u201c[]+/, '');
  return DOTTED.test(word) || ABBREVIATIONS.has(word.toLowerCase());
}

/** The sentences of one line, as spans of the page text. */
function sentenceSpans(text: string, line: TextSpan): TextSpan[] {
  const out: TextSpan[] = [];
  let from = 0;
  for (const m of line.text.matchAll(SENTENCE_END)) {
    if (isAbbreviation(line.text, m.index)) continue;
    const end = m.index + m[0].length;
    out.push(span(text, line.start + from, line.start + end));
    from = end + (line.text.slice(end).length - line.text.slice(end).trimStart().length);
  }
  if (from < line.text.length) out.push(span(text, line.start + from, line.end));
  return out;
}

interface Unit extends TextSpan {
  heading: boolean;
  words: number;
}

function isHeadingLine(line: TextSpan): boolean {
  return wordCount(line.text) <= HEADING_MAX_WORDS && !ENDS_SENTENCE.test(line.text);
}

/**
 * A page's text as headings and sentences. Short lines under a lead-in ending in ":" are a list and join that
 * sentence, so "SDKs are available for:" keeps the languages it introduces.
 */
function pageUnits(text: string): Unit[] {
  const units: Unit[] = [];
  let list: Unit | undefined;
  for (const line of lineSpans(text)) {
    if (isHeadingLine(line)) {
      if (list && list.words + wordCount(line.text) <= LIST_MAX_WORDS) {
        Object.assign(list, span(text, list.start, line.end), { words: list.words + wordCount(line.text) });
      } else {
        units.push({ ...line, heading: true, words: wordCount(line.text) });
        list = undefined;
      }
      continue;
    }
    for (const s of sentenceSpans(text, line)) units.push({ ...s, heading: false, words: wordCount(s.text) });
    const last = units[units.length - 1];
    list = last.text.endsWith(':') ? last : undefined;
  }
  return units;
}

/** Cuts one page's units into passages: a heading starts one, and one ends once it has enough words. */
function pagePassages(page: CompanyPage, firstId: number): Passage[] {
  const out: Passage[] = [];
  let section: Unit | undefined;
  let lead: Unit | undefined;
  let body: Unit[] = [];
  let words = 0;
  const flush = () => {
    if (body.length) out.push(passage(page, firstId + out.length, section, lead, body));
    lead = undefined;
    body = [];
    words = 0;
  };
  for (const unit of pageUnits(page.text)) {
    if (unit.heading) {
      flush();
      section = lead = unit;
      continue;
    }
    if (body.length && (words >= PASSAGE_MIN_WORDS || words + unit.words > PASSAGE_MAX_WORDS)) flush();
    body.push(unit);
    words += unit.words;
  }
  flush();
  return out;
}

function passage(page: CompanyPage, id: number, section: Unit | undefined, lead: Unit | undefined, body: Unit[]): Passage {
  const at = span(page.text, (lead ?? body[0]).start, body[body.length - 1].end);
  const sentences = body.map((u) => span(page.text, u.start, u.end));
  const where = { id, url: page.finalUrl, title: page.title, fetchedAt: page.fetchedAt, kind: page.kind };
  return { ...at, ...where, ...(section ? { heading: section.text } : {}), sentences };
}

/**
 * Splits each page's text into passages of a few sentences (about 60 to 120 words), keeping sentence boundaries
 * and attaching each heading to the passage it introduces. Every passage knows its page and its span there.
 */
export function chunkPages(pages: CompanyPage[]): Passage[] {
  const out: Passage[] = [];
  for (const page of pages) out.push(...pagePassages(page, out.length));
  return out;
}

/**
 * The `k` passages BM25F ranks best for the question (fields: page title and section heading, weighted up; and
 * the passage text), best first; passages sharing no content word with the question are left out.
 */
export function rankPassages(question: string, passages: Passage[], k = 5): RankedPassage[] {
  return rank(question, passages, k, contentTerms);
}

function rank(question: string, passages: Passage[], k: number, terms: Terms): RankedPassage[] {
  if (!passages.length || !terms(question).length) return [];
  const engine = bm25();
  engine.defineConfig({ fldWeights: FIELD_WEIGHTS });
  engine.definePrepTasks([terms]);
  passages.forEach((p, i) => {
    engine.addDoc({ title: [p.title, p.heading ?? ''].join('\n'), body: p.text }, i);
  });
  // A one- or two-passage site still gets ranked: empty documents match nothing and only make up the count.
  for (let i = passages.length; i < BM25_MIN_DOCS; i++) engine.addDoc({ title: '', body: '' }, `empty-${i}`);
  engine.consolidate();
  return engine
    .search(question, k)
    .filter(([id, score]) => score > 0 && !id.startsWith('empty-'))
    .map(([id, score]) => ({ passage: passages[Number(id)], score }));
}

/** Content words that stand for the company itself: its given name, its domain, the title part its pages share. */
function nameTerms(pages: CompanyPage[], companyName?: string): Set<string> {
  const names = [companyName ?? ''];
  for (const p of pages) names.push(getDomainWithoutSuffix(p.finalUrl) ?? '');
  const counts = new Map<string, number>();
  for (const p of pages)
    for (const part of new Set(p.title.split(/\s+[|\u2013\u2014\u00b7:-]\s+/))) counts.set(part.trim(), (counts.get(part.trim()) ?? 0) + 1);
  // "Pricing | Acme", "Security | Acme": the part most titles share is the name.
  for (const [part, n] of counts) if (part && n >= 2 && n * 2 >= pages.length) names.push(part);
  return new Set(contentTerms(names.join(' . ')));
}

/**
 * Other ways pages say a question's word: a synonym or phrasing ("based in" for "headquartered"), the platforms
 * a "platforms" question means, and the German of a few words research questions ask about (a German compound
 * holds them as parts: "Kundendaten" holds "daten"). Matched on a sentence's text, in any case.
 */
const ALSO: Array<[string, RegExp]> = [
  ['headquartered headquarters hq', /\bhead ?quarter|\bhq\b|\bhead office\b|\b(?:based|located) in\b|hauptsitz|firmensitz|\bsitz\b/i],
  ['founded', /\b(?:started|established) in\b|gegründet|gründung/i],
  ['store host', /\bstor(?:e|ed|es|age)\b|\bhost(?:s|ed|ing)?\b|\bdata cent(?:er|re)s?\b|gespeichert|speicher|gehostet|rechenzent|standort/i],
  ['data', /daten/i],
  ['customer', /kunde/i],
  ['platforms', /\b(?:ios|android|browsers?|web|mobile|desktop|linux|windows|macos)\b/i],
  ['languages', /\b(?:JavaScript|TypeScript|Node\.js|Python|Ruby|PHP|Java|Go|Rust|Kotlin|Swift|Elixir|Scala|C#|C\+\+|\.NET)(?=\W|$)/],
  ['refund', /erstatt/i],
  ['cancel cancellation', /kündig/i],
  ['certified certification', /zertifi/i],
  ['encrypted encryption', /verschlüssel/i],
  ['security', /sicherheit/i],
  ['remote', /\bfrom anywhere\b|home ?office/i],
  ['price cost', /[$€£]\s?\d|\d\s?[$€£]|preis|kosten/i],
];
const ALSO_BY_TERM = new Map<string, RegExp>();
for (const [words, also] of ALSO) for (const t of contentTerms(words)) ALSO_BY_TERM.set(t, also);
// Words that say what shape of answer is wanted, not what it is about ("the name of", "in what year", "the
// refund window", "the refund policy"): the answer states a name, a year, a duration, a rule rather than the word.
const CONTENTLESS = new Set(
  contentTerms(
    'name names kind kinds type types sort detail details information thing things year years date time period window policy policies process procedure option options exactly currently',
  ),
);

/**
 * The page kinds that answer a kind of question: where a company keeps its data and what it is certified for are
 * on its security page, limits and SDKs in its docs, refunds and law in its terms, remote work on its careers
 * page, founding and headquarters on its about page, prices on its pricing page.
 */
const KIND_CUES: Array<[PageKind[], RegExp]> = [
  [
    ['security'],
    /\b(?:stor(?:e|ed|age)|host(?:s|ed|ing)?|residen(?:cy|t)|regions?|data cent(?:er|re)s?|certifi\w*|complian\w*|soc ?2|iso|hipaa|baa|gdpr|encrypt\w*|secur\w*|audit\w*|penetration)\b/i,
  ],
  [['security', 'legal'], /\bdata\b/i],
  [['docs'], /\b(?:api|sdks?|librar(?:y|ies)|endpoints?|limits?|quotas?|webhooks?|authenticat\w*|platforms?|languages?)\b/i],
  [['legal'], /\b(?:refund\w*|cancel\w*|terms|liabilit\w*|laws?|govern\w*|contracts?|warrant\w*|jurisdiction)\b/i],
  [['careers'], /\b(?:remote\w*|hir(?:e|es|ing)|jobs?|careers?|vacanc\w*|relocat\w*|visas?|salar\w*|open roles?)\b/i],
  [['about'], /\b(?:found(?:ed|ers?)|headquarter\w*|hq|based|ceo|investors?|funding|raised|employees|history|offices?)\b/i],
  [['pricing'], /\b(?:prices?|pricing|costs?|plans?|free|trials?|discounts?|billing|seats?)\b/i],
];
// A question asking for an amount, a duration or a limit: its answer states a figure.
const ASKS_FIGURE =
  /\bhow (?:many|much|long|often|fast|big|large|old|soon|far)\b|\b(?:limits?|rates?|quotas?|caps?|maximum|minimum|prices?|costs?|fees?|sizes?|periods?|windows?|retention|duration)\b/i;
// A figure: an amount of money, or a number followed by its unit ("100 requests", "30 days", "25 MB", "99.9%");
// not a code followed by a name ("429 Too Many Requests") nor a version in a list ("TLS 1.3 and").
const FIGURE = /[$€£¥]\s?\d|\d(?:[\d,.]*\d)?\s?(?:%|[KMGT]i?B\b|(?!(?:and|or|to|the|of|in|on|at|for|with|by|is|are|was|from)\b)[a-z]+)/;
// "How many", "how much": an answer that states no amount does not answer.
const ASKS_AMOUNT = /\bhow (?:many|much)\b/i;
const AMOUNT_WORD = /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|dozen)\b/i;
const ASKS_YEAR = /\bwhen\b|\b(?:what|which) year\b|\bsince when\b/i;
const YEAR = /\b(?:1[89]|20)\d\d\b/;
// "Which platforms ...", "What languages ...": a list of things ("A, B and C", or lines under a lead-in).
const ASKS_LIST = /^\s*(?:which|what)\b/i;
const LIST = /,[^,]+\b(?:and|or)\b|:\s*\n\s*\S[^\n]*\n/;

/** A content word of the question, and the other ways a page may say it. */
interface Asked {
  term: string;
  also?: RegExp;
}

/** What a question asks and what shape of answer it wants. */
interface Question {
  asked: Asked[];
  /** Common nouns the question writes in lower case, heads of their compounds: a site that never uses one cannot answer it. */
  nouns: string[];
  /** Words a sentence cannot cover when the site never uses them but that still say what is asked: names, acronyms, adjectives, numbers. */
  named: string[];
  kinds: Set<PageKind>;
  figure: boolean;
  amount: boolean;
  year: boolean;
  list: boolean;
}

function says(asked: Asked, terms: string[], text: string): boolean {
  return hasTerm(terms, asked.term) || (asked.also?.test(text) ?? false);
}

/** The question's content words that could show a sentence answers it (not the name, not generic words). */
function askedTerms(question: string, names: Set<string>): Asked[] {
  // "How long", "how many": the answer states a figure, not the word "long".
  const asked = question.replace(/\bhow (long|many|much|often|far|big|old|soon)\b/gi, 'how');
  return [...new Set(contentTerms(asked))]
    .filter((t) => !names.has(t) && !CONTENTLESS.has(t) && (!GENERIC.has(t) || ALSO_BY_TERM.has(t)))
    .map((term) => ({ term, ...(ALSO_BY_TERM.has(term) ? { also: ALSO_BY_TERM.get(term) } : {}) }));
}

function readQuestion(question: string, names: Set<string>): Question {
  const tokens = nlp.readDoc(question).tokens();
  const texts = (tokens.out() as string[]).map((t) => t.toLowerCase());
  const pos = tokens.out(its.pos) as string[];
  const lemmas = tokens.out(its.lemma as never) as unknown as string[];
  const written = tokens.out() as string[];
  const termOf = (i: number) => stem(singular(texts[i], (lemmas[i] || texts[i]).toLowerCase()));
  // Only the head of a compound: "rate" in "rate limits" may be missing where "Limits" answers.
  const head = (i: number) => pos[i] === 'NOUN' && /^[a-z]/.test(written[i]) && !['NOUN', 'PROPN'].includes(pos[i + 1]);
  const nouns = texts.flatMap((_, i) => (head(i) ? [termOf(i)] : []));
  const named = texts.flatMap((t, i) => (['PROPN', 'ADJ', 'NUM'].includes(pos[i]) || /^[A-Z0-9]{2,}$/.test(written[i]) ? [termOf(i), t] : []));
  const plural = texts.some((t, i) => (pos[i] === 'NOUN' || pos[i] === 'PROPN') && singular(t, (lemmas[i] || t).toLowerCase()) !== t);
  return {
    asked: askedTerms(question, names),
    nouns,
    named,
    kinds: new Set(KIND_CUES.flatMap(([kinds, cue]) => (cue.test(question) ? kinds : []))),
    figure: ASKS_FIGURE.test(question),
    amount: ASKS_AMOUNT.test(question),
    year: ASKS_YEAR.test(question),
    list: ASKS_LIST.test(question) && plural,
  };
}

/** BM25's inverse document frequency of each asked word over the passages: rare words weigh more. */
function termWeights(asked: Asked[], passages: Passage[], terms: Terms): Map<Asked, number> {
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
function candidates(asked: Asked[], pool: Passage[], weights: Map<Asked, number>, terms: Terms): Candidate[] {
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

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The sentences that answer: those covering enough of the question (and stating an amount, for "how many" and
 * "how much"); among them, those on the kind of page that
 * answers such questions, those stating a figure when one is asked for (a year for "when"), those listing
 * things for "which ...s" (each preference only when some sentence meets it); then the best and those near
 * it, at most four, in page order.
 */
function pickSentences(found: Candidate[], q: Question): Candidate[] {
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

/** At most ~300 characters of the sentence, cut on a word boundary: still a verbatim span of the page. */
function snippetOf(sentence: string): string {
  if (sentence.length <= SNIPPET_MAX_CHARS) return sentence;
  const cut = sentence.lastIndexOf(' ', SNIPPET_MAX_CHARS);
  return sentence.slice(0, cut > 0 ? cut : SNIPPET_MAX_CHARS).trimEnd();
}

/** The answer: each sentence followed by `[n]`, its citation at `citations[n - 1]`. */
function citedAnswer(picked: Array<{ sentence: TextSpan; passage: Pick<Passage, 'url' | 'title' | 'fetchedAt'> }>): ResearchAnswer {
  const citations: Citation[] = picked.map(({ sentence, passage }) => ({
    url: passage.url,
    title: passage.title,
    snippet: snippetOf(sentence.text),
    fetchedAt: passage.fetchedAt,
  }));
  const answer = picked.map(({ sentence }, i) => `${normalise(sentence.text)} [${i + 1}]`).join(' ');
  return { answer, citations, answered: true };
}

// A question about what changed last: a word of recency and a word of change ("What's new" is both).
const RECENCY = /\b(?:latest|newest|most recent(?:ly)?|recent(?:ly)?|last|new)\b/i;
const CHANGE =
  /\b(?:ship(?:ped|s)?|releas(?:e|ed|es)|launch(?:ed|es)?|chang(?:e|ed|es)|changelog|release notes|updat(?:e|ed|es)|add(?:ed|s)?|new|features?|versions?)\b/i;
const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';
// Dates as changelogs write them: 2024-10-22, October 22, 2024, 22 Oct 2024, October 2024.
const DATE = new RegExp(
  `\\b(\\d{4})-(\\d{2})-(\\d{2})\\b|\\b(${MONTH})\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})|\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(${MONTH})\\s+(\\d{4})|\\b(${MONTH})\\s+(\\d{4})`,
  'i',
);
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
// A changelog entry is its dated line and what follows up to its first sentence, at most this many lines.
const ENTRY_MAX_UNITS = 3;
// A date starts an entry when it stands this near the start of its line ("Published 12 April 2024").
const DATE_MAX_OFFSET = 12;

/** A date as a sortable number (20241022; a month alone is day 0), or null when the text states none. */
function dateValue(text: string): { value: number; index: number; end: number } | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const month = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
  const [y, mo, d] = m[1]
    ? [Number(m[1]), Number(m[2]), Number(m[3])]
    : m[4]
      ? [Number(m[6]), month(m[4]), Number(m[5])]
      : m[7]
        ? [Number(m[9]), month(m[8]), Number(m[7])]
        : [Number(m[11]), month(m[10]), 0];
  if (mo < 1 || mo > 12 || d > 31) return null;
  return { value: y * 10000 + mo * 100 + d, index: m.index, end: m.index + m[0].length };
}

/** Whether the question asks what a company changed or shipped last. */
function asksRecency(question: string): boolean {
  return RECENCY.test(question) && CHANGE.test(question);
}

/**
 * The newest entry of the changelog pages: the line with the latest date (the first, on a tie) and the lines
 * after it up to its first sentence, as one span of the page. Null when no changelog page dates its entries.
 */
function latestChange(pages: CompanyPage[]): { sentence: TextSpan; passage: Pick<Passage, 'url' | 'title' | 'fetchedAt'> } | null {
  let best: { value: number; sentence: TextSpan; page: CompanyPage } | null = null;
  for (const page of pages.filter((p) => p.kind === 'changelog')) {
    const units = pageUnits(page.text);
    units.forEach((unit, i) => {
      const date = dateValue(unit.text);
      if (!date || date.index > DATE_MAX_OFFSET || (best && best.value >= date.value)) return;
      let end = i;
      while (end < i + ENTRY_MAX_UNITS - 1 && end + 1 < units.length && (units[end].heading || units[end].words <= 3)) end++;
      // A date line followed by nothing but headings is navigation or an archive list, not an entry.
      if (units[end].heading && end !== i) return;
      // Entries run together when the page put no line break between them: stop where the next date starts.
      const text = page.text.slice(unit.start, units[end].end);
      const next = dateValue(text.slice(date.end));
      const stop = next ? unit.start + date.end + next.index : units[end].end;
      best = { value: date.value, sentence: span(page.text, unit.start, unit.start + page.text.slice(unit.start, stop).trimEnd().length), page };
    });
  }
  if (!best) return null;
  const { sentence, page } = best as { sentence: TextSpan; page: CompanyPage };
  return { sentence, passage: { url: page.finalUrl, title: page.title, fetchedAt: page.fetchedAt } };
}

function notAnswered(pagesRead: number): ResearchAnswer {
  const pages = pagesRead === 1 ? 'The one page' : `The ${pagesRead} pages`;
  const verb = pagesRead === 1 ? 'does' : 'do';
  return { answer: `${pages} fetched from the company's site ${verb} not answer this question.`, citations: [], answered: false };
}

function isSubstantive(unit: Unit): boolean {
  return !unit.heading && unit.words >= OVERVIEW_MIN_WORDS && /[.!?]["'\u2019\u201d)]*$/.test(unit.text) && !BOILERPLATE.test(unit.text);
}

/** A company overview: the first substantive sentences of the home and about pages (any page, if neither). */
function overview(pages: CompanyPage[], pagesRead: number): ResearchAnswer {
  const preferred = pages.filter((p) => p.kind === 'home' || p.kind === 'about').sort((a, b) => (a.kind === 'home' ? 0 : 1) - (b.kind === 'home' ? 0 : 1));
  const sources = preferred.length ? preferred : pages.slice(0, 1);
  const perPage = sources.length === 1 ? MAX_SENTENCES : OVERVIEW_PER_PAGE;
  const picked = sources.flatMap((page) =>
    pageUnits(page.text)
      .filter(isSubstantive)
      .slice(0, perPage)
      .map((sentence) => ({ sentence, passage: { url: page.finalUrl, title: page.title, fetchedAt: page.fetchedAt } })),
  );
  return picked.length ? citedAnswer(picked.slice(0, MAX_SENTENCES)) : notAnswered(pagesRead);
}

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

/** A text with runs of whitespace as one space, and where each of its characters stands in the original. */
function withPositions(text: string): { text: string; at: number[] } {
  let out = '';
  const at: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const space = /\s/.test(text[i]);
    if (space && (!out.length || out.endsWith(' '))) continue;
    out += space ? ' ' : text[i];
    at.push(i);
  }
  return { text: out, at };
}

/** Where the snippet stands in the text, whitespace aside; null when it does not. */
export function findVerbatim(text: string, snippet: string): TextSpan | null {
  const wanted = normalise(snippet);
  if (!wanted) return null;
  const flat = withPositions(text);
  const i = flat.text.indexOf(wanted);
  return i < 0 ? null : span(text, flat.at[i], flat.at[i + wanted.length - 1] + 1);
}

/** A URL as pages are matched by it: no fragment, no trailing slash, host in lower case. */
function urlKey(url: string): string {
  try {
    const u = new URL(url);
    u.hash = '';
    return u.href.replace(/\/$/, '');
  } catch {
    return url.trim();
  }
}

function numbers(text: string): string[] {
  return (text.match(/\d[\d,.]*\d|\d/g) ?? []).map((n) => n.replace(/,/g, ''));
}

/** Why a model's sentence cannot stand on its snippet, or null when it can. */
function unsupported(sentence: ModelSentence, names: Set<string>): DropReason | null {
  const said = [...new Set(contentTerms(sentence.text))].filter((t) => !names.has(t));
  const quoted = contentTerms(sentence.snippet);
  const shared = said.filter((t) => hasTerm(quoted, t));
  if (!shared.length || shared.length < said.length * MIN_SHARED_WITH_SNIPPET) return 'unrelated-to-snippet';
  // A figure the snippet does not state is the commonest invention ("500 requests" from "100 requests").
  const stated = new Set(numbers(sentence.snippet));
  return numbers(sentence.text).every((n) => stated.has(n)) ? null : 'number-not-in-snippet';
}

/** The citation a model's sentence stands on, or why it cannot. */
function verify(sentence: ModelSentence, byUrl: Map<string, CompanyPage>, names: Set<string>): Citation | DropReason {
  const page = byUrl.get(urlKey(sentence.url));
  if (!page) return 'unfetched-url';
  const at = findVerbatim(page.text, sentence.snippet);
  if (!at) return 'snippet-not-on-page';
  return unsupported(sentence, names) ?? { url: page.finalUrl, title: page.title, snippet: at.text, fetchedAt: page.fetchedAt };
}

/**
 * Checks a language model's cited answer against the fetched pages: a sentence is kept only when its URL is a
 * fetched page, its snippet stands verbatim (whitespace aside) in that page's text, and it shares content words
 * (and every figure) with the snippet. Kept sentences carry the citation to show; dropped ones, the reason.
 */
export function checkCitedAnswer(
  sentences: ModelSentence[],
  pages: CompanyPage[],
  options: AnswerOptions = {},
): { kept: KeptSentence[]; dropped: DroppedSentence[] } {
  const byUrl = new Map<string, CompanyPage>();
  for (const p of pages) for (const u of [p.url, p.finalUrl]) if (!byUrl.has(urlKey(u))) byUrl.set(urlKey(u), p);
  const names = nameTerms(pages, options.companyName);
  const kept: KeptSentence[] = [];
  const dropped: DroppedSentence[] = [];
  for (const s of sentences) {
    const found = verify(s, byUrl, names);
    if (typeof found === 'string') dropped.push({ ...s, reason: found });
    else kept.push({ ...s, citation: found });
  }
  return { kept, dropped };
}
