/** Cutting pages into passages: lines, sentences and headings, then runs of sentences of about 60 to 120 words. */
import type { CompanyPage, PageKind } from '../types';

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

// Passage size, in words: large enough to hold an answer and its context, small enough that BM25 scores the
// part of a long page that answers, not the whole page.
const PASSAGE_MIN_WORDS = 60;
const PASSAGE_MAX_WORDS = 120;
// A line this short that does not end a sentence is a heading (or navigation, which is then dropped).
const HEADING_MAX_WORDS = 12;
// A lead-in ending in ":" takes the short lines under it (a list) until it has this many words.
const LIST_MAX_WORDS = 60;
// The end of a sentence, and a capital, digit or opening quote after the space that follows it.
const SENTENCE_END = /[.!?]+["'\u2019\u201d)\]]*(?=\s+["'\u2018\u201c([]?[A-Z0-9])/g;
// Initials and dotted abbreviations ("J.", "U.S.", "e.g.") end no sentence; nor do these.
const DOTTED = /^[a-z](?:\.[a-z])*$/i;
const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'st', 'vs', 'approx', 'fig', 'cf', 'incl']);
const ENDS_SENTENCE = /[.!?:;,]["'\u2019\u201d)\]]*$/;

function wordCount(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

export function span(text: string, start: number, end: number): TextSpan {
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

export interface Unit extends TextSpan {
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
export function pageUnits(text: string): Unit[] {
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
