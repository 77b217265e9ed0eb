import { readFileSync } from 'node:fs';
import path from 'node:path';
import { crawlCompanySite } from '../../activities/company/crawl';
import { extractCompanyFacts } from '../../src/domain/company/facts';
import { extractPricing } from '../../src/domain/company/pricing';
import { answerQuestion } from '../../src/domain/company/research';
import type { CompanyPage, PricingExtraction } from '../../src/domain/company/types';
import type { Outbound } from '../../src/net';
import { crawlPages } from '../../src/store/company-pages';
import type { Db } from '../../src/store/db';

/** test/quality/company-truth.json: facts written into the fixture company sites, by someone who never saw the extractors. */
export interface CompanyTruth {
  companies: Array<{
    domain: string;
    name: string;
    facts: { founded?: number; headquarters?: string; products?: string[]; summaryIncludes?: string[] };
    pricing: {
      model: string;
      freeTier: boolean;
      currency: string;
      sourcePath: string | null;
      plans: Array<{ name: string; priceMonthlyUsd: number | null; priceMonthly?: number; currency?: string; unit?: string }>;
    };
    layout?: string;
  }>;
  questions: Array<{ domain: string; question: string; answerPath: string | null; answerIncludes: string[] }>;
}

/** issue 12: 95% of plans exactly right; every citation fetched and containing its snippet. */
export const COMPANY_TARGETS = { planAccuracy: 0.95, citationPrecision: 1 };

/** company-truth.json, or another truth file in test/quality/ (a holdout the extractors were never tuned on). */
export function companyTruth(file = 'company-truth.json'): CompanyTruth {
  return JSON.parse(readFileSync(path.resolve(__dirname, '../../../test/quality', file), 'utf8')) as CompanyTruth;
}

export interface CompanyQualityReport {
  plans: { right: number; truth: number; extra: number; accuracy: number };
  models: { right: number; total: number };
  facts: { right: number; total: number; accuracy: number };
  research: { right: number; total: number; accuracy: number };
  citations: { valid: number; total: number; precision: number };
  /** One line per miss, for reading. */
  misses: string[];
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
const pathOf = (url: string) => new URL(url).pathname.replace(/\/$/, '') || '/';

/**
 * Crawls every fixture company through the real crawler (guarded outbound layer, robots.txt, the browser
 * for script-only pages) into `db`, then grades pricing, facts and research answers against the truth file.
 */
export async function evaluateCompanies(
  db: Db,
  outbound: Outbound,
  o: { render?: (url: string, timeoutMs: number) => Promise<string>; log?: (m: string) => void; truth?: string } = {},
): Promise<CompanyQualityReport> {
  const truth = companyTruth(o.truth);
  const pagesByDomain = new Map<string, CompanyPage[]>();
  for (const c of truth.companies) {
    const crawl = await crawlCompanySite(db, outbound, c.domain, { requestTimeoutMs: 5_000, crawlTimeoutMs: 30_000, maxPages: 12, render: o.render });
    pagesByDomain.set(c.domain, crawl.reachable ? await crawlPages(db, crawl.crawlId) : []);
    o.log?.(`crawled ${c.domain}: ${pagesByDomain.get(c.domain)!.length} pages`);
  }
  const report: CompanyQualityReport = {
    plans: { right: 0, truth: 0, extra: 0, accuracy: 0 },
    models: { right: 0, total: 0 },
    facts: { right: 0, total: 0, accuracy: 0 },
    research: { right: 0, total: 0, accuracy: 0 },
    citations: { valid: 0, total: 0, precision: 0 },
    misses: [],
  };

  for (const c of truth.companies) {
    const pages = pagesByDomain.get(c.domain) ?? [];
    gradePricing(c, extractPricing(pages), report);
    gradeFacts(c, extractCompanyFacts(pages), report);
  }
  for (const q of truth.questions) {
    const pages = pagesByDomain.get(q.domain) ?? [];
    const a = answerQuestion(q.question, pages, { companyName: extractCompanyFacts(pages).name });
    const cited = new Set(a.citations.map((x) => pathOf(x.url)));
    const right =
      q.answerPath === null
        ? !a.answered && a.citations.length === 0
        : a.answered && cited.has(q.answerPath) && q.answerIncludes.every((s) => squash(a.answer).includes(squash(s)));
    report.research.total++;
    if (right) report.research.right++;
    else
      report.misses.push(`research ${q.domain} "${q.question}": ${a.answered ? `cited ${[...cited].join(', ')}: ${a.answer.slice(0, 160)}` : 'not answered'}`);
    for (const cit of a.citations) {
      const page = pages.find((p) => p.finalUrl === cit.url);
      report.citations.total++;
      if (page && squash(page.text).includes(squash(cit.snippet)) && cit.fetchedAt === page.fetchedAt) report.citations.valid++;
      else report.misses.push(`citation ${cit.url} does not hold its snippet "${cit.snippet.slice(0, 80)}"`);
    }
  }
  report.plans.accuracy = report.plans.right / Math.max(1, report.plans.truth + report.plans.extra);
  report.facts.accuracy = report.facts.right / Math.max(1, report.facts.total);
  report.research.accuracy = report.research.right / Math.max(1, report.research.total);
  report.citations.precision = report.citations.total ? report.citations.valid / report.citations.total : 1;
  return report;
}

function gradePricing(c: CompanyTruth['companies'][number], got: PricingExtraction, r: CompanyQualityReport): void {
  r.models.total++;
  if (got.model === c.pricing.model) r.models.right++;
  else r.misses.push(`pricing ${c.domain}: model ${got.model}, expected ${c.pricing.model}`);
  const remaining = [...got.plans];
  for (const want of c.pricing.plans) {
    r.plans.truth++;
    const at = remaining.findIndex((p) => squash(p.name) === squash(want.name));
    const plan = at >= 0 ? remaining.splice(at, 1)[0] : undefined;
    const priceRight =
      plan &&
      plan.priceMonthlyUsd === want.priceMonthlyUsd &&
      (want.currency === undefined || (plan.currency === want.currency && plan.priceMonthly === want.priceMonthly));
    if (priceRight) r.plans.right++;
    else
      r.misses.push(
        `pricing ${c.domain} ${want.name}: ${plan ? `${plan.priceMonthlyUsd ?? plan.priceMonthly} ${plan.currency ?? ''}` : 'missing'}, expected ${want.priceMonthlyUsd ?? `${want.priceMonthly} ${want.currency}`}`,
      );
  }
  r.plans.extra += remaining.length;
  for (const p of remaining) r.misses.push(`pricing ${c.domain}: extra plan ${p.name} (${p.priceMonthlyUsd})`);
}

function gradeFacts(c: CompanyTruth['companies'][number], got: ReturnType<typeof extractCompanyFacts>, r: CompanyQualityReport): void {
  const check = (what: string, ok: boolean, saw: unknown) => {
    r.facts.total++;
    if (ok) r.facts.right++;
    else r.misses.push(`facts ${c.domain} ${what}: got ${JSON.stringify(saw)}`);
  };
  const f = c.facts;
  if (f.founded !== undefined) check('founded', got.founded === f.founded, got.founded);
  if (f.headquarters) check('headquarters', !!got.headquarters && squash(got.headquarters).includes(squash(f.headquarters.split(',')[0])), got.headquarters);
  for (const p of f.products ?? [])
    check(
      `product ${p}`,
      (got.products ?? []).some((x) => squash(x) === squash(p)),
      got.products,
    );
  for (const s of f.summaryIncludes ?? []) check(`summary "${s}"`, squash(got.summary).includes(squash(s)), got.summary);
}
