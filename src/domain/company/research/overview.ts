/** The answer to no question: the first substantive sentences of the home and about pages. */
import type { CompanyPage, ResearchAnswer } from '../types';
import { pageUnits, type Unit } from './chunks';
import { citedAnswer, MAX_SENTENCES, notAnswered } from './reply';

const OVERVIEW_PER_PAGE = 2;
const OVERVIEW_MIN_WORDS = 6;
// Banner and chrome sentences that lead many home pages and say nothing about the company.
const BOILERPLATE = /cookie|javascript|your browser|sign (in|up)|log ?in|subscribe|newsletter|all rights reserved|privacy policy|terms of (service|use)/i;

function isSubstantive(unit: Unit): boolean {
  return !unit.heading && unit.words >= OVERVIEW_MIN_WORDS && /[.!?]["'\u2019\u201d)]*$/.test(unit.text) && !BOILERPLATE.test(unit.text);
}

/** A company overview: the first substantive sentences of the home and about pages (any page, if neither). */
export function overview(pages: CompanyPage[], pagesRead: number): ResearchAnswer {
  const preferred = pages.filter((p) => p.kind === 'home' || p.kind === 'about').sort((a, b) => (a.kind === 'home' ? 0 : 1) - (b.kind === 'home' ? 0 : 1));
  const sources = preferred.length ? preferred : pages.slice(0, 1);
  const perPage = sources.length === 1 ? MAX_SENTENCES : OVERVIEW_PER_PAGE;
  const picked = sources.flatMap((page) =>
    pageUnits(page.text)
      .filter(isSubstantive)
      .slice(0, perPage)
      .map((sentence) => ({ sentence, passage: { url: page.finalUrl, title: page.title, fetchedAt: page.fetchedAt } })),
  );
  return picked.length ? citedAnswer(picked.slice(0, MAX_SENTENCES)) : notAnswered(pagesRead);
}
