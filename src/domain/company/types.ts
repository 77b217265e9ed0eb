/**
 * The shapes company intelligence works on: pages a company crawl fetched (stored, so every answer can cite
 * them), and what is read from them. decisions.md, "Metered primitive shapes the spec leaves open".
 */

/** What a page is for, as the crawler chose it from the site's navigation, sitemap and common paths. */
export type PageKind = 'home' | 'about' | 'pricing' | 'docs' | 'changelog' | 'security' | 'legal' | 'careers' | 'blog' | 'other';

/** A fetched page, as stored. `text` is the readable text (scripts, styles and markup removed). */
export interface CompanyPage {
  /** The URL asked for. */
  url: string;
  /** The URL that answered, after redirects: what citations name. */
  finalUrl: string;
  kind: PageKind;
  title: string;
  text: string;
  /** The HTML (as rendered by the browser for a script-only page); empty for non-HTML pages. */
  html: string;
  contentType: string;
  /** ISO 8601: when this content was last fetched. */
  fetchedAt: string;
}

export type PricingModel = 'free' | 'freemium' | 'paid' | 'usage' | 'contact' | 'unknown';

export interface PricingPlan {
  name: string;
  /** Monthly list price in USD; null for "contact sales", or when the price is in another currency. */
  priceMonthlyUsd: number | null;
  /** Extension: the monthly price in `currency` when that is not USD (never converted by guesswork). */
  priceMonthly?: number | null;
  /** Extension: ISO 4217 code of this plan's price when it is not USD. */
  currency?: string;
  /** "per seat", "per 1,000 requests", ... */
  unit?: string;
  features: string[];
  /** The verbatim page text the price was read from. */
  quote: string;
  /** Extension: how the monthly figure was reached when it was not stated as monthly ("billed annually: $1,188 / 12"). */
  note?: string;
}

export interface PricingExtraction {
  model: PricingModel;
  freeTier: boolean;
  /** ISO 4217 code the page states prices in (USD when it states none but `$`). */
  currency: string;
  plans: PricingPlan[];
  /** The page the plans came from; null when none was found. */
  sourceUrl: string | null;
}

/** Facts about a company read from its pages (CompanyRecord.description, less the registry's categories). */
export interface CompanyFacts {
  name?: string;
  summary: string;
  tagline?: string;
  products?: string[];
  founded?: number;
  headquarters?: string;
}

export interface Citation {
  url: string;
  title: string;
  /** A verbatim span of the cited page's text. */
  snippet: string;
  fetchedAt: string;
}

export interface ResearchAnswer {
  /** Sentences of the answer, each backed by `citations[citation]`; or a sentence saying the pages do not answer. */
  answer: string;
  citations: Citation[];
  /** Whether the fetched pages answered the question at all. */
  answered: boolean;
}
