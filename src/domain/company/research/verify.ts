/** Holding a language model's cited answer to the pages: each sentence must quote its page and agree with the quote. */
import type { Citation, CompanyPage } from '../types';
import type { AnswerOptions } from './answer';
import { span, type TextSpan } from './chunks';
import { normalise } from './reply';
import { contentTerms, hasTerm, nameTerms } from './terms';

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

// A model's sentence must share this share of its content words with its snippet (and at least one).
const MIN_SHARED_WITH_SNIPPET = 0.2;

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
