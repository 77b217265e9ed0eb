import { executeChild, proxyActivities, proxyLocalActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { compareCompanies } from '../src/domain/company/compare';
import { COMPANY_TTL_SECONDS, type CachedKind } from '../src/domain/company/ttl';
import type { CompanyRecord, Competitors, CrawlRef, Pricing, Research } from '../src/services/company';
import { metered } from './metering';

// Cache reads and answers built from stored pages: short Postgres work, local activities.
const { findFreshCrawl, readCompanyCache, companyRecord, companyPricing, companyResearch, knownCompetitors, siteCompetitors, companySummary } =
  proxyLocalActivities<Activities>({ startToCloseTimeout: '1 minute', retry: { maximumAttempts: 5 } });
// The crawl reads the open web under its own deadline and heartbeats.
const { crawlCompany } = proxyActivities<Activities>({ startToCloseTimeout: '3 minutes', heartbeatTimeout: '10 seconds', retry: { maximumAttempts: 2 } });

/**
 * Fresh pages of a company's site: the newest crawl younger than `maxAgeSeconds`, or a new crawl. A child of
 * every primitive that reads a company's pages.
 */
export async function companyCrawlWorkflow(input: { domain: string; maxAgeSeconds: number }): Promise<CrawlRef> {
  return (await findFreshCrawl(input)) ?? (await crawlCompany(input.domain));
}

/** Crawls (or reuses) a domain's pages as a child workflow of the calling primitive. */
function crawl(domain: string, maxAgeSeconds: number, n = 0): Promise<CrawlRef> {
  return executeChild(companyCrawlWorkflow, { workflowId: `${workflowInfo().workflowId}-crawl-${n}`, args: [{ domain, maxAgeSeconds }] });
}

/** A cached answer, or one built from pages no older than the answer's own time to live. */
async function cachedOrRead<T>(kind: CachedKind, domain: string, question: string | undefined, build: (crawl: CrawlRef) => Promise<T>): Promise<T> {
  return ((await readCompanyCache({ kind, domain, question })) as T | undefined) ?? build(await crawl(domain, COMPANY_TTL_SECONDS[kind]));
}

export async function companyWorkflow(input: { domain: string }): Promise<CompanyRecord> {
  return metered(() => cachedOrRead('company', input.domain, undefined, companyRecord));
}

export async function pricingWorkflow(input: { domain: string }): Promise<Pricing> {
  return metered(() => cachedOrRead('pricing', input.domain, undefined, companyPricing));
}

/** The design's fifth workflow: crawl (or reuse fresh pages), retrieve, answer, cite. */
export async function researchWorkflow(input: { domain: string; question?: string }): Promise<Research> {
  return metered(() => cachedOrRead('research', input.domain, input.question, (c) => companyResearch({ crawl: c, question: input.question })));
}

export async function competitorsWorkflow(input: { domain: string; limit: number }): Promise<Competitors> {
  return metered(
    async () => (await knownCompetitors(input)) ?? siteCompetitors({ crawl: await crawl(input.domain, COMPANY_TTL_SECONDS.company), limit: input.limit }),
  );
}

export async function compareCompaniesWorkflow(input: { domains: string[] }) {
  return metered(async () => {
    // Pricing has the shortest time to live of what a comparison shows: pages that fresh serve both.
    const crawls = await Promise.all(input.domains.map((d, i) => crawl(d, COMPANY_TTL_SECONDS.pricing, i)));
    return compareCompanies(await Promise.all(crawls.map((c) => companySummary(c))));
  });
}
