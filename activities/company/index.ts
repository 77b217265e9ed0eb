import { Context } from '@temporalio/activity';
import type { Outbound } from '../../src/net';
import type { CachedKind } from '../../src/domain/company/ttl';
import { companyService, type CrawlRef } from '../../src/services/company';
import type { LanguageModel } from '../../src/services/llm';
import { findFreshCrawl } from '../../src/store/company-pages';
import type { Db } from '../../src/store/db';
import type { Renderer } from '../audit/render';
import { crawlCompanySite } from './crawl';

export interface CompanyActivityDeps {
  db: Db;
  outbound: Outbound;
  renderer?: Renderer;
  llm?: LanguageModel;
  requestTimeoutMs: number;
  crawlTimeoutMs: number;
}

const MAX_PAGES = 12;

/** Company intelligence's side effects: the crawl, and answers built from (and cached with) what it stored. */
export function companyActivities(d: CompanyActivityDeps) {
  const company = companyService({ db: d.db, llm: d.llm });
  return {
    /** The newest crawl of the domain young enough to answer from, if any. */
    async findFreshCrawl(input: { domain: string; maxAgeSeconds: number }): Promise<CrawlRef | undefined> {
      const row = await findFreshCrawl(d.db, input.domain, input.maxAgeSeconds, new Date());
      if (!row) return undefined;
      return {
        crawlId: row.id,
        domain: row.domain,
        reachable: row.reachable,
        error: row.error ?? undefined,
        finishedAt: new Date(row.finished_at).toISOString(),
      };
    },

    async crawlCompany(domain: string): Promise<CrawlRef> {
      // Heartbeats let Temporal notice a dead worker within the heartbeat timeout, not the whole crawl.
      const beat = setInterval(() => Context.current().heartbeat(), 1_000);
      try {
        const r = await crawlCompanySite(d.db, d.outbound, domain, {
          requestTimeoutMs: d.requestTimeoutMs,
          crawlTimeoutMs: d.crawlTimeoutMs,
          maxPages: MAX_PAGES,
          render: d.renderer?.render,
        });
        return { crawlId: r.crawlId, domain, reachable: r.reachable, error: r.error, finishedAt: new Date().toISOString() };
      } finally {
        clearInterval(beat);
      }
    },

    async readCompanyCache(input: { kind: CachedKind; domain: string; question?: string }) {
      return company.cached(input.kind, input.domain, input.question);
    },
    async companyRecord(crawl: CrawlRef) {
      return company.company(crawl);
    },
    async companyPricing(crawl: CrawlRef) {
      return company.pricing(crawl);
    },
    async companyResearch(input: { crawl: CrawlRef; question?: string }) {
      return company.research(input.crawl, input.question);
    },
    async knownCompetitors(input: { domain: string; limit: number }) {
      return company.competitorsOfKnown(input.domain, input.limit);
    },
    async siteCompetitors(input: { crawl: CrawlRef; limit: number }) {
      return company.competitorsFromSite(input.crawl, input.limit);
    },
    async companySummary(crawl: CrawlRef) {
      return company.summary(crawl);
    },
  };
}
