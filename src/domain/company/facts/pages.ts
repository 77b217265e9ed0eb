/** The pages as the fact readers see them: parsed once, homepage first, with the chrome whose text says nothing. */
import { type CheerioAPI, load } from 'cheerio';
import { pageText } from '../../audit/parse/text';
import type { CompanyPage } from '../types';

export interface Parsed {
  page: CompanyPage;
  $?: CheerioAPI;
  text: string;
}

const TRUST_ORDER = ['home', 'about'];

/** The homepage speaks for the company first, then the about page, then the rest in crawl order. */
export function byTrust(pages: CompanyPage[]): CompanyPage[] {
  const rank = (p: CompanyPage) => (TRUST_ORDER.includes(p.kind) ? TRUST_ORDER.indexOf(p.kind) : TRUST_ORDER.length);
  return pages
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i)
    .map(({ p }) => p);
}

export function parse(page: CompanyPage): Parsed {
  if (!page.html) return { page, text: page.text };
  const $ = load(page.html);
  // Without this "Payments<br>for agents" reads as one word "Paymentsfor".
  $('br').replaceWith(' ');
  return { page, $, text: page.text || pageText(page.html, 'text/html') };
}

/** A founding year cannot be later than the newest fetch (the clock is not read: the result depends on the pages only). */
export function latestPlausibleYear(pages: CompanyPage[]): number {
  const years = pages.map((p) => Number(p.fetchedAt.slice(0, 4))).filter((y) => Number.isInteger(y) && y > 1900);
  return years.length > 0 ? Math.max(...years) : 9999;
}

// Paragraphs in these say nothing about the company: navigation, cookie banners, footers, forms.
export const CHROME = 'nav, header, footer, aside, form, [class*="cookie"], [id*="cookie"], [class*="consent"], [role="dialog"]';
