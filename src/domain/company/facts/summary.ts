/** The summary and tagline read from the pages' prose and headings, when no tag states them. */
import type { CheerioAPI } from 'cheerio';
import { CHROME, type Parsed } from './pages';
import { squash } from './text';

const BOILERPLATE = /cookie|javascript|all rights reserved|©|sign up for our newsletter/i;

/** The homepage's first paragraph that is a real sentence, not a button label or a cookie notice. */
export function firstParagraph(home: Parsed): string | undefined {
  const $ = home.$;
  const paragraphs = $
    ? $('p')
        .toArray()
        .filter((el) => $(el).closest(CHROME).length === 0)
        .map((el) => squash($(el).text()))
    : home.text.split('\n').map(squash);
  return paragraphs.find((p) => p.length >= 60 && p.split(' ').length >= 8 && /[.!]$/.test(p) && !BOILERPLATE.test(p));
}

/** One or two sentences: a summary, not the page. */
export function clipSentences(text: string): string {
  const sentences = squash(text).split(/(?<=[.!?])\s+(?=[\p{Lu}\d"“])/u);
  const two = sentences.slice(0, 2).join(' ');
  return two.length <= 400 ? two : sentences[0].slice(0, 400);
}

const NOT_TAGLINE = /^(welcome|home|homepage|sign in|log ?in|404|page not found|untitled|loading)\b/i;
const TITLE_SEPARATOR = /\s+[|–—·-]\s+|:\s+/;

/**
 * The homepage's h1, else og:title with the brand cut off ("Acme | Payments for agents"), when it reads like a
 * tagline: a short phrase, not a greeting, a question or the bare company name.
 */
export function taglineOf($: CheerioAPI, ogTitle: string | undefined, name: string | undefined): string | undefined {
  const h1 = squash($('h1').first().text());
  for (const candidate of [h1, ...(ogTitle ?? '').split(TITLE_SEPARATOR)].map(squash)) {
    if (readsLikeTagline(candidate, name)) return candidate;
  }
  return undefined;
}

function readsLikeTagline(text: string, name: string | undefined): boolean {
  const words = text.split(' ').filter(Boolean);
  if (words.length < 2 || words.length > 14 || text.length > 120) return false;
  if (name && text.toLowerCase() === name.toLowerCase()) return false;
  return /\p{L}/u.test(text) && !NOT_TAGLINE.test(text) && !text.endsWith('?');
}
