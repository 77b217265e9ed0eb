/** A company's plans from its pricing page; each way a page lays out plans, and each step of reading one, has its file in pricing/. */
import { load } from 'cheerio';
import { cardDrafts, gridDrafts } from './pricing/cards';
import { CONTACT_ANYWHERE, type Draft, type Reader, reorder } from './pricing/draft';
import { merge } from './pricing/merge';
import { pageDollar, priceRegex } from './pricing/money';
import { type DomNode, plain, render } from './pricing/render';
import { tableDrafts } from './pricing/tables';
import { Verbatim } from './pricing/verbatim';
import type { CompanyPage, PricingExtraction, PricingModel } from './types';

/**
 * Reads a company's plans from the pages a crawl fetched. Only pricing pages (then the homepage, which may carry plan
 * cards) are read: an example price in documentation or an amount in terms of service is not a plan. The promise is
 * facts an agent can trust, so every figure carries the verbatim text it was read from, and whatever the page does not
 * state (a conversion, a price behind "Contact sales") stays null rather than guessed.
 */
export function extractPricing(pages: CompanyPage[]): PricingExtraction {
  const pricing = pages.filter((p) => p.kind === 'pricing').map(readPage);
  const home = pages.filter((p) => p.kind === 'home').map(readPage);
  // The pricing page with the most plans wins; a homepage counts only when it shows figures, not just a sales button.
  const best = [...pricing].sort((a, b) => b.drafts.length - a.drafts.length)[0];
  const chosen = best?.drafts.length ? best : home.find((r) => r.drafts.some((d) => d.kind !== 'contact'));
  if (chosen) return summarise(chosen);
  const salesOnly = pricing.find((r) => r.salesOnly);
  if (salesOnly) return { model: 'contact', freeTier: false, currency: salesOnly.dollar, plans: [], sourceUrl: salesOnly.page.finalUrl };
  return { model: 'unknown', freeTier: false, currency: best?.dollar ?? 'USD', plans: [], sourceUrl: null };
}

interface PageReading {
  page: CompanyPage;
  drafts: Draft[];
  dollar: string;
  /** The page asks visitors to contact sales and shows no figure at all. */
  salesOnly: boolean;
}

function readPage(page: CompanyPage): PageReading {
  const $ = load(page.html.trim() ? page.html : textAsHtml(page.text));
  const bodyText = plain(render(($('body')[0] ?? $.root()[0]) as DomNode));
  const dollar = pageDollar(bodyText);
  const verbatim = new Verbatim(page.text || bodyText);
  const read: Reader = { dollar, verbatim };
  let drafts = merge([...cardDrafts($, read), ...tableDrafts($, read)]);
  if (!drafts.length) drafts = merge(gridDrafts($, read));
  const salesOnly = !priceRegex().test(bodyText) && CONTACT_ANYWHERE.test(bodyText);
  return { page, drafts, dollar, salesOnly };
}

function textAsHtml(text: string): string {
  const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<body>${text
    .split('\n')
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join('')}</body>`;
}

function summarise(r: PageReading): PricingExtraction {
  const stated = r.drafts.map((d) => d.plan);
  const currencies = stated.filter((p) => p.priceMonthlyUsd || p.priceMonthly).map((p) => p.currency ?? 'USD');
  const currency = mostCommon(currencies) ?? r.dollar;
  // On a page priced in another currency, a "Contact sales" plan would be quoted in it too: say so, with no figure.
  const foreign = currencies.length > 0 && currency !== 'USD';
  const plans = r.drafts.map((d) => (foreign && d.kind === 'contact' ? reorder({ ...d.plan, priceMonthly: null, currency }) : d.plan));
  const model = modelOf(r.drafts);
  const freeTier = r.drafts.some((d) => d.kind === 'free') || (model === 'usage' && /free tier/i.test(r.page.text) && !/no free tier/i.test(r.page.text));
  return { model, freeTier, currency, plans, sourceUrl: r.page.finalUrl };
}

function modelOf(drafts: Draft[]): PricingModel {
  const priced = drafts.filter((d) => d.kind === 'priced');
  const free = drafts.some((d) => d.kind === 'free');
  if (!drafts.length) return 'unknown';
  if (priced.length && priced.every((d) => d.usage)) return 'usage';
  if (free) return drafts.length > 1 ? 'freemium' : 'free';
  return priced.length ? 'paid' : 'contact';
}

function mostCommon(values: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}
