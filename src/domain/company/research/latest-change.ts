/** "What did they ship last?": the changelog's newest dated entry, found by its date rather than by its words. */
import type { CompanyPage } from '../types';
import { pageUnits, type Passage, span, type TextSpan } from './chunks';

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
export function asksRecency(question: string): boolean {
  return RECENCY.test(question) && CHANGE.test(question);
}

/**
 * The newest entry of the changelog pages: the line with the latest date (the first, on a tie) and the lines
 * after it up to its first sentence, as one span of the page. Null when no changelog page dates its entries.
 */
export function latestChange(pages: CompanyPage[]): { sentence: TextSpan; passage: Pick<Passage, 'url' | 'title' | 'fetchedAt'> } | null {
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
