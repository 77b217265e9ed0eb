import porter2 from 'wink-porter2-stemmer';

/**
 * The words of the ranking: lower-cased [a-z0-9] runs, English stop words dropped, each reduced to its
 * Porter2 stem (wink-porter2-stemmer, the stemmer wink-nlp uses). Product documents and tasks go through
 * the same function, so a task's "routing" meets a description's "routes" as `rout`.
 */
export interface Term {
  /** The word as written, lower-cased. */
  word: string;
  /** Its stem: what the index stores and queries match. */
  term: string;
  /** Position among the text's words (stop words counted), for phrase and context checks. */
  at: number;
  /** Index of the clause (split at . ; ! ? and line breaks) the word sits in. */
  clause: number;
  /**
   * Written capitalised away from a clause's start and judged a proper name by the caller (a place, a
   * person, a title: "Denver", "Oppenheimer"): what the task is about, not the kind of tool it wants.
   */
  proper: boolean;
}

// A standard English stop list (the words that carry no topic), without words that name things in
// software: "call", "full", "name", "front", "back", "up", "down", "out", "over" stay searchable.
const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing during each few for from further had has have having he her here hers herself him himself his ' +
    'how i if in into is it its itself just me more most my myself no nor not of off on once only or other ought our ours ' +
    'ourselves own same she should so some such than that the their theirs them themselves then there these they this those ' +
    'through to too under until very was we were what when where which while who whom why will with would you your yours ' +
    'yourself yourselves s t d ll m re ve don doesn didn isn aren wasn weren won wouldn shouldn couldn can cannot'
  ).split(' '),
);

const WORD = /[a-z0-9]+/g;
const CLAUSE_BREAK = /[.;!?\n]+(?:\s|$)/g;

// Stemming is the costly step; a registry repeats its words, so each word is stemmed once. Bounded so
// that a stream of unusual tasks cannot grow it without end.
const stemmed = new Map<string, string>();
const STEM_MEMO = 200_000;

export function stemOf(word: string): string {
  let s = stemmed.get(word);
  if (s === undefined) {
    s = /^[a-z]+$/.test(word) && word.length > 2 ? porter2(word) : word;
    if (stemmed.size >= STEM_MEMO) stemmed.clear();
    stemmed.set(word, s);
  }
  return s;
}

/**
 * Diacritics removed ("PokéAPI" meets "pokemon"'s "poke") and spellings that mean one word ("e-mail",
 * "e-commerce") joined; the case is kept (wordsOf reads capitals).
 */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\b([eE])-(mail|commerce|book|sign|invoice)/gi, '$1$2');
}

const CASED_WORD = /[A-Za-z0-9]+/g;

/** The stems of a text, in order, stop words dropped (for documents). */
export function termsOf(text: string): string[] {
  const out: string[] = [];
  for (const word of fold(text).toLowerCase().match(WORD) ?? []) if (!STOP_WORDS.has(word)) out.push(stemOf(word));
  return out;
}

/**
 * The words of a text with their stems, positions and clauses, stop words dropped (for tasks). A word
 * written with a capital away from its clause's start is `proper` when `properName(word)` agrees.
 */
export function wordsOf(text: string, properName: (word: string) => boolean = () => false): Term[] {
  const out: Term[] = [];
  let at = 0;
  fold(text)
    .split(CLAUSE_BREAK)
    .forEach((clause, c) => {
      let first = true;
      for (const [written] of clause.matchAll(CASED_WORD)) {
        const word = written.toLowerCase();
        if (!STOP_WORDS.has(word)) {
          const proper = !first && /^[A-Z]/.test(written) && !/^[A-Z0-9]+s?$/.test(written) && properName(word);
          out.push({ word, term: stemOf(word), at, clause: c, proper });
        }
        first = false;
        at++;
      }
    });
  return out;
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}
