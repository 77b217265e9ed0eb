import { z } from 'zod';
import { stems } from '../domain/capabilities';
import { summarizeCompany } from '../domain/company/compare';
import { extractCompanyFacts } from '../domain/company/facts';
import { extractPricing } from '../domain/company/pricing';
import { COMPANY_TTL_SECONDS, type CachedKind } from '../domain/company/ttl';
import { answerQuestion, checkCitedAnswer, rankPassages, chunkPages } from '../domain/company/research';
import type { CompanyPage, ResearchAnswer } from '../domain/company/types';
import { classifyCategories } from '../domain/taxonomy';
import type { CompanyRecordSchema, CompanySummarySchema, CompetitorsSchema, PricingSchema, ResearchSchema } from '../schemas/company';
import { findProductByDomain, productsOverlapping, type KnownCompany } from '../store/companies';
import { crawlPages } from '../store/company-pages';
import type { Db } from '../store/db';
import { readCachedEntry, writeCached } from '../store/research-cache';
import { capabilitiesOf } from './capability-vocabulary';
import type { LanguageModel } from './llm';

export type CompanyRecord = z.infer<typeof CompanyRecordSchema>;
export type Pricing = z.infer<typeof PricingSchema>;
export type Research = z.infer<typeof ResearchSchema>;
export type Competitors = z.infer<typeof CompetitorsSchema>;
export type CompanySummary = z.infer<typeof CompanySummarySchema>;

/** A finished company crawl, as the crawl workflow reports it. */
export interface CrawlRef {
  crawlId: string;
  domain: string;
  reachable: boolean;
  error?: string;
  /** ISO 8601: when the crawl finished, the age of what every answer built from it says. */
  finishedAt: string;
}

type Freshness = CompanyRecord['freshness'];

const freshness = (fetchedAt: string, ttlSeconds: number, source: Freshness['source'], now: Date): Freshness => ({
  fetchedAt,
  ageSeconds: Math.max(0, Math.round((now.getTime() - Date.parse(fetchedAt)) / 1000)),
  ttlSeconds,
  source,
});

/** The cache key of a research question: its stems in order ("Where's data stored?" ~ "where is the data stored"). */
export function researchKey(domain: string, question: string | undefined): string {
  return `${domain}\n${question ? stems(question).join(' ') || question.trim().toLowerCase() : 'overview'}`;
}

const nameFromDomain = (domain: string) => {
  const label = domain.split('.')[0];
  return label.charAt(0).toUpperCase() + label.slice(1);
};

/**
 * Company intelligence from the pages a crawl stored: facts, pricing and cited research, each cached for
 * its time to live (answers read from an unreachable site are not kept), plus competitors from the
 * registry. Extraction is pure (src/domain/company); this module reads and writes.
 */
export function companyService(deps: { db: Db; llm?: LanguageModel }) {
  const { db } = deps;

  async function pagesOf(crawl: CrawlRef): Promise<CompanyPage[]> {
    return crawl.reachable ? crawlPages(db, crawl.crawlId) : [];
  }

  async function keep<T extends { reachable: boolean }>(kind: CachedKind, key: string, answer: T, sources: string[]): Promise<T> {
    if (answer.reachable) await writeCached(db, { kind, key, payload: answer, sources, ttlSeconds: COMPANY_TTL_SECONDS[kind] });
    return answer;
  }

  return {
    /** A cached answer younger than its time to live, marked as served from the cache. */
    async cached<T extends { freshness: Freshness; cached: boolean }>(
      kind: CachedKind,
      domain: string,
      question?: string,
      now = new Date(),
    ): Promise<T | undefined> {
      const hit = await readCachedEntry(db, kind, kind === 'research' ? researchKey(domain, question) : domain, now);
      if (!hit) return undefined;
      const payload = hit.payload as T;
      return { ...payload, cached: true, freshness: freshness(payload.freshness.fetchedAt, hit.ttlSeconds, 'cache', now) };
    },

    async company(crawl: CrawlRef, now = new Date()): Promise<CompanyRecord> {
      const pages = await pagesOf(crawl);
      const known = await findProductByDomain(db, crawl.domain);
      const facts = extractCompanyFacts(pages);
      const categories = known?.categories.length ? known.categories : classifyCategories(`${facts.summary} ${facts.tagline ?? ''}`);
      const summary = crawl.reachable ? facts.summary : `Could not reach ${crawl.domain}: ${crawl.error ?? 'no answer'}. Nothing was read.`;
      const record: CompanyRecord = {
        name: facts.name ?? known?.name ?? nameFromDomain(crawl.domain),
        domain: crawl.domain,
        description: {
          summary,
          ...(facts.tagline && { tagline: facts.tagline }),
          categories,
          ...(facts.products?.length && { products: facts.products }),
          ...(facts.founded && { founded: facts.founded }),
          ...(facts.headquarters && { headquarters: facts.headquarters }),
        },
        reachable: crawl.reachable,
        sources: pages.map((p) => p.finalUrl),
        cached: false,
        freshness: freshness(crawl.finishedAt, COMPANY_TTL_SECONDS.company, 'live', now),
      };
      return keep('company', crawl.domain, record, record.sources);
    },

    async pricing(crawl: CrawlRef, now = new Date()): Promise<Pricing> {
      const pages = await pagesOf(crawl);
      const known = await findProductByDomain(db, crawl.domain);
      const extracted = extractPricing(pages);
      const pricing: Pricing = {
        domain: crawl.domain,
        name: extractCompanyFacts(pages).name ?? known?.name ?? nameFromDomain(crawl.domain),
        currency: extracted.currency,
        model: extracted.model,
        freeTier: extracted.freeTier,
        plans: extracted.plans,
        sourceUrl: extracted.sourceUrl,
        asOf: crawl.finishedAt,
        reachable: crawl.reachable,
        cached: false,
        freshness: freshness(crawl.finishedAt, COMPANY_TTL_SECONDS.pricing, 'live', now),
      };
      return keep('pricing', crawl.domain, pricing, extracted.sourceUrl ? [extracted.sourceUrl] : []);
    },

    async research(crawl: CrawlRef, question: string | undefined, now = new Date()): Promise<Research> {
      const pages = await pagesOf(crawl);
      const answer = crawl.reachable ? await writeResearchAnswer(question, pages, deps.llm) : unreachableAnswer(crawl);
      const research: Research = {
        domain: crawl.domain,
        question: question ?? 'Company overview',
        answer: answer.answer,
        answered: answer.answered,
        citations: answer.citations,
        asOf: crawl.finishedAt,
        reachable: crawl.reachable,
        cached: false,
        freshness: freshness(crawl.finishedAt, COMPANY_TTL_SECONDS.research, 'live', now),
      };
      return keep('research', researchKey(crawl.domain, question), research, [...new Set(answer.citations.map((c) => c.url))]);
    },

    /** Competitors of a company the registry knows; undefined when it does not (its site must be read first). */
    async competitorsOfKnown(domain: string, limit: number, now = new Date()): Promise<Competitors | undefined> {
      const known = await findProductByDomain(db, domain);
      if (!known) return undefined;
      return competitorsFor(domain, known.name, known.capabilities, known.categories, limit, now);
    },

    /** Competitors of a company met through its site: what it does is read from its own description. */
    async competitorsFromSite(crawl: CrawlRef, limit: number, now = new Date()): Promise<Competitors> {
      const facts = extractCompanyFacts(await pagesOf(crawl));
      const name = facts.name ?? nameFromDomain(crawl.domain);
      const description = [facts.tagline, facts.summary].filter(Boolean).join('. ');
      const categories = classifyCategories(description);
      const capabilities = capabilitiesOf({ name, description, categories }).map((c) => c.id);
      return competitorsFor(crawl.domain, name, capabilities, categories, limit, now);
    },

    /** One company's column of a comparison: its record and pricing (cached or built now) and its registry scores. */
    async summary(crawl: CrawlRef, now = new Date()): Promise<CompanySummary> {
      const record = (await this.cached<CompanyRecord>('company', crawl.domain, undefined, now)) ?? (await this.company(crawl, now));
      const pricing = (await this.cached<Pricing>('pricing', crawl.domain, undefined, now)) ?? (await this.pricing(crawl, now));
      return summarizeCompany(record, pricing, await findProductByDomain(db, crawl.domain));
    },
  };

  async function competitorsFor(domain: string, name: string, capabilities: string[], categories: string[], limit: number, now: Date): Promise<Competitors> {
    const rows = await productsOverlapping(db, { capabilities, categories, exceptDomain: domain, limit });
    const at = now.toISOString();
    return {
      domain,
      name,
      competitors: rows.map((r) => {
        const overlap = [...r.capabilities, ...r.categories];
        const what = [r.capabilities.length && `shares ${r.capabilities.join(', ')}`, r.categories.length && `is in ${r.categories.join(', ')}`].filter(
          Boolean,
        );
        return {
          slug: r.slug,
          name: r.name,
          domain: r.domain,
          readiness: r.readiness,
          overlap,
          reason: `${r.name} ${what.join(' and ')} with ${name}; readiness ${r.readiness}.`,
        };
      }),
      cached: false,
      freshness: freshness(at, 0, 'live', now),
    };
  }
}

function unreachableAnswer(crawl: CrawlRef): ResearchAnswer {
  return {
    answer: `Could not reach ${crawl.domain}: ${crawl.error ?? 'no answer'}. Nothing was read, so nothing can be answered.`,
    answered: false,
    citations: [],
  };
}

const LlmAnswerSchema = z.object({
  sentences: z.array(z.object({ text: z.string().min(1).max(600), url: z.string(), snippet: z.string().min(1).max(600) })).max(8),
});

const PASSAGES_FOR_MODEL = 8;

/**
 * The extractive answer; with a language model configured, its wording, keeping only sentences whose
 * citation is a fetched page containing the snippet verbatim (and sharing words with it). A model that
 * fails, answers the wrong shape or cites nothing fetched leaves the extractive answer.
 */
export async function writeResearchAnswer(question: string | undefined, pages: CompanyPage[], llm: LanguageModel | undefined): Promise<ResearchAnswer> {
  const companyName = extractCompanyFacts(pages).name;
  const extractive = answerQuestion(question, pages, { companyName });
  if (!llm || !question || !extractive.answered) return extractive;
  let written: z.infer<typeof LlmAnswerSchema>;
  try {
    const passages = rankPassages(question, chunkPages(pages), PASSAGES_FOR_MODEL).map(({ passage: p }) => ({ url: p.url, title: p.title, text: p.text }));
    written = LlmAnswerSchema.parse(
      await llm.completeJson({
        system:
          'Answer a question about a company using only the passages given. Answer a JSON object {"sentences": [{"text", "url", "snippet"}]}: ' +
          'each sentence cites the url of the passage it comes from and a snippet copied verbatim from that passage. No sentence without support.',
        user: JSON.stringify({ question, passages }),
      }),
    );
  } catch {
    return extractive;
  }
  const { kept } = checkCitedAnswer(written.sentences, pages, { companyName });
  if (!kept.length) return extractive;
  return { answer: kept.map((s, i) => `${s.text.trim()} [${i + 1}]`).join(' '), answered: true, citations: kept.map((s) => s.citation) };
}

export type { KnownCompany };
