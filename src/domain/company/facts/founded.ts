/** The founding year, from founding statements in the prose (in English, German and French). */
import type { Parsed } from './pages';
import { escapeRegExp } from './text';

const YEAR = '((?:18|19|20)\\d{2})';
const MONTH = '(?:[A-Z][a-zäéû]+\\s+)?';
// Explicit founding statements, in English, German and French.
const FOUNDED_PATTERNS = [
  new RegExp(`\\b(?:founded|established|incorporated|started)\\s*(?:in|:|-|–)?\\s*${MONTH}${YEAR}\\b`, 'i'),
  new RegExp(`\\bfounded\\b[^.!?\\n]{0,60}?\\bin\\s+${MONTH}${YEAR}\\b`, 'i'),
  new RegExp(`\\best\\.\\s*${YEAR}\\b`, 'i'),
  new RegExp(`\\bgegründet\\s*(?:im\\s+Jahr\\s+|in\\s+|:\\s*)?${MONTH}${YEAR}\\b`, 'i'),
  new RegExp(`\\b${YEAR}\\s+gegründet\\b`, 'i'),
  new RegExp(`\\b(?:fondée?s?|créée?s?)\\s+en\\s+${MONTH}${YEAR}\\b`, 'i'),
  new RegExp(`\\bdate de création\\s*:\\s*${YEAR}\\b`, 'i'),
];
// "Since 2014" usually means founding on an about page, but can mean anything else, so it counts only when nothing explicit does.
const SINCE_PATTERNS = [new RegExp(`\\b(?:since|seit|depuis)\\s+${YEAR}\\b`, 'i')];

export function foundedYear(prose: Parsed[], latestYear: number, brands: string[]): number | undefined {
  // "We started Acme in 2020", "Acme began in 2021 as a side project": the company (by its brand) is what began.
  const subject = ['the company', 'the business', 'the project', ...brands.map(escapeRegExp)].join('|');
  const begun = [
    new RegExp(`\\b(?:started|founded|co-founded|launched|created)\\s+(?:${subject})\\s+in\\s+${MONTH}${YEAR}\\b`, 'iu'),
    new RegExp(`(?:^|[^\\p{L}])(?:${subject})\\s+(?:began|started)(?:\\s+(?:life|out))?\\s+in\\s+${MONTH}${YEAR}\\b`, 'iu'),
  ];
  for (const patterns of [[...FOUNDED_PATTERNS, ...begun], SINCE_PATTERNS]) {
    for (const p of prose) {
      for (const re of patterns) {
        const year = plausibleYear(p.text.match(re)?.[1], latestYear);
        if (year !== undefined) return year;
      }
    }
  }
  return undefined;
}

export function plausibleYear(digits: string | undefined, latestYear: number): number | undefined {
  const year = Number(digits);
  return digits && year >= 1800 && year <= latestYear ? year : undefined;
}
