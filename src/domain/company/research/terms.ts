/**
 * Content words: the stems retrieval, question reading and citation checks all compare, and the words that name
 * the company itself.
 */
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { getDomainWithoutSuffix } from 'tldts';
import type { CompanyPage } from '../types';

export const nlp = winkNLP(model);
export const its = nlp.its;

// The model's own Porter stemmer (wink-nlp's `its.stem` is this one, applied to the token as written).
export const stem = (model as unknown as { addons: { stem(word: string): string } }).addons.stem;

/** The lemma, or for a word the model does not know ("SDKs", "webhooks") the word less a plural "s". */
export function singular(word: string, lemma: string): string {
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

export type Terms = (text: string) => string[];

/** `contentTerms` remembering its answers for one call: a passage is read for ranking, weighing and picking. */
export function memoTerms(): Terms {
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
export function sameTerm(a: string, b: string): boolean {
  if (a === b) return true;
  return /^[a-z]/.test(a) && Math.min(a.length, b.length) >= 5 && (a.startsWith(b) || b.startsWith(a));
}

export function hasTerm(terms: string[], term: string): boolean {
  return terms.some((t) => sameTerm(t, term));
}

/** Content words that stand for the company itself: its given name, its domain, the title part its pages share. */
export function nameTerms(pages: CompanyPage[], companyName?: string): Set<string> {
  const names = [companyName ?? ''];
  for (const p of pages) names.push(getDomainWithoutSuffix(p.finalUrl) ?? '');
  const counts = new Map<string, number>();
  for (const p of pages)
    for (const part of new Set(p.title.split(/\s+[|\u2013\u2014\u00b7:-]\s+/))) counts.set(part.trim(), (counts.get(part.trim()) ?? 0) + 1);
  // "Pricing | Acme", "Security | Acme": the part most titles share is the name.
  for (const [part, n] of counts) if (part && n >= 2 && n * 2 >= pages.length) names.push(part);
  return new Set(contentTerms(names.join(' . ')));
}
