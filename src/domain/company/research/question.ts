/** Reading the question: the words it asks about, the kind of page that answers it, the shape of answer it wants. */
import type { PageKind } from '../types';
import { contentTerms, hasTerm, its, nlp, singular, stem } from './terms';

// Words any company uses of itself: sharing only these with a question is not answering it.
const GENERIC = new Set(['compani', 'product', 'servic', 'platform', 'busi', 'offer', 'provid', 'solut', 'tool', 'inc', 'ltd', 'llc']);

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
export const FIGURE = /[$€£¥]\s?\d|\d(?:[\d,.]*\d)?\s?(?:%|[KMGT]i?B\b|(?!(?:and|or|to|the|of|in|on|at|for|with|by|is|are|was|from)\b)[a-z]+)/;
// "How many", "how much": an answer that states no amount does not answer.
const ASKS_AMOUNT = /\bhow (?:many|much)\b/i;
export const AMOUNT_WORD =
  /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|dozen)\b/i;
const ASKS_YEAR = /\bwhen\b|\b(?:what|which) year\b|\bsince when\b/i;
export const YEAR = /\b(?:1[89]|20)\d\d\b/;
// "Which platforms ...", "What languages ...": a list of things ("A, B and C", or lines under a lead-in).
const ASKS_LIST = /^\s*(?:which|what)\b/i;
export const LIST = /,[^,]+\b(?:and|or)\b|:\s*\n\s*\S[^\n]*\n/;

/** A content word of the question, and the other ways a page may say it. */
export interface Asked {
  term: string;
  also?: RegExp;
}

/** What a question asks and what shape of answer it wants. */
export interface Question {
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

export function says(asked: Asked, terms: string[], text: string): boolean {
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

export function readQuestion(question: string, names: Set<string>): Question {
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
