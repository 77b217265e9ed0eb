/** The reply's form: the picked sentences with `[n]` markers and their citations, or the reply that the pages do not answer. */
import type { Citation, ResearchAnswer } from '../types';
import type { Passage, TextSpan } from './chunks';

export const MAX_SENTENCES = 4;
const SNIPPET_MAX_CHARS = 300;

export function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** At most ~300 characters of the sentence, cut on a word boundary: still a verbatim span of the page. */
function snippetOf(sentence: string): string {
  if (sentence.length <= SNIPPET_MAX_CHARS) return sentence;
  const cut = sentence.lastIndexOf(' ', SNIPPET_MAX_CHARS);
  return sentence.slice(0, cut > 0 ? cut : SNIPPET_MAX_CHARS).trimEnd();
}

/** The answer: each sentence followed by `[n]`, its citation at `citations[n - 1]`. */
export function citedAnswer(picked: Array<{ sentence: TextSpan; passage: Pick<Passage, 'url' | 'title' | 'fetchedAt'> }>): ResearchAnswer {
  const citations: Citation[] = picked.map(({ sentence, passage }) => ({
    url: passage.url,
    title: passage.title,
    snippet: snippetOf(sentence.text),
    fetchedAt: passage.fetchedAt,
  }));
  const answer = picked.map(({ sentence }, i) => `${normalise(sentence.text)} [${i + 1}]`).join(' ');
  return { answer, citations, answered: true };
}

export function notAnswered(pagesRead: number): ResearchAnswer {
  const pages = pagesRead === 1 ? 'The one page' : `The ${pagesRead} pages`;
  const verb = pagesRead === 1 ? 'does' : 'do';
  return { answer: `${pages} fetched from the company's site ${verb} not answer this question.`, citations: [], answered: false };
}
