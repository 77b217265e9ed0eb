import { queryInteger, text } from './common';
import { AuditQuerySchema, AUDIT_TARGET } from './primitives';
import { ScoresSchema } from './registry';
import { z } from './zod';

// decisions.md, "Metered primitive shapes the spec leaves open": company, pricing, competitors,
// compare-companies and research.

/** A company's site: a domain, an http(s) URL of one, or a registry slug (as for audits). */
const Domain = AuditQuerySchema.shape.domain;

export const CompanyQuerySchema = z.object({ domain: Domain });

export const CompetitorsQuerySchema = z.object({
  domain: Domain,
  limit: queryInteger(z.number().int().min(1).max(20))
    .default(5)
    .meta({ type: 'integer', minimum: 1, maximum: 20, default: 5, description: 'How many competitors (1..20, default 5)' }),
});

export const CompareCompaniesBodySchema = z
  .object({
    domains: z
      .array(z.string().min(1).max(2048).regex(AUDIT_TARGET, 'must be a domain (example.com), an http(s) URL of one, or a registry slug'))
      .min(2)
      .max(5)
      .refine((d) => new Set(d.map((x) => x.toLowerCase())).size === d.length, 'must not repeat a domain')
      .meta({ uniqueItems: true, example: ['stripe.com', 'paddle.com'] }),
  })
  .openapi('CompareCompaniesRequest');

export const ResearchBodySchema = z
  .object({
    domain: Domain,
    question: text(500).optional().meta({ description: 'What to find out; a company overview when absent', example: 'Where is customer data stored?' }),
  })
  .openapi('ResearchRequest');

export const CompanyFreshnessSchema = z
  .object({
    fetchedAt: z.string().meta({ format: 'date-time', description: 'When the pages this answer was read from were fetched' }),
    ageSeconds: z.number().int(),
    ttlSeconds: z.number().int(),
    source: z.enum(['live', 'cache']).meta({ description: '`cache`: this answer was served from a record younger than its time to live' }),
  })
  .openapi('CompanyFreshness');

export const CompanyDescriptionSchema = z
  .object({
    summary: z.string(),
    tagline: z.string().optional(),
    categories: z.array(z.string()),
    products: z.array(z.string()).optional(),
    founded: z.number().int().optional(),
    headquarters: z.string().optional(),
  })
  .openapi('CompanyDescription');

const Cached = { cached: z.boolean(), freshness: CompanyFreshnessSchema };

export const CompanyRecordSchema = z
  .object({
    name: z.string(),
    domain: z.string(),
    description: CompanyDescriptionSchema,
    reachable: z.boolean().meta({ description: 'false when the site could not be read (the description says so)' }),
    sources: z.array(z.string()).meta({ description: 'URLs of the pages read' }),
    ...Cached,
  })
  .openapi('CompanyRecord');

export const PricingPlanSchema = z
  .object({
    name: z.string(),
    priceMonthlyUsd: z.number().nullable().meta({ description: 'Monthly list price in USD; null for "contact sales" or a price in another currency' }),
    priceMonthly: z.number().nullable().optional().meta({ description: 'The monthly price in `currency`, when that is not USD' }),
    currency: z.string().optional(),
    unit: z.string().optional().meta({ example: 'per seat' }),
    features: z.array(z.string()),
    quote: z.string().meta({ description: 'The verbatim page text the price was read from' }),
    note: z.string().optional().meta({ description: 'How the monthly figure was reached when the page did not state it monthly' }),
  })
  .openapi('PricingPlan');

export const PricingSchema = z
  .object({
    domain: z.string(),
    name: z.string(),
    currency: z.string(),
    model: z.enum(['free', 'freemium', 'paid', 'usage', 'contact', 'unknown']),
    freeTier: z.boolean(),
    plans: z.array(PricingPlanSchema),
    sourceUrl: z.string().nullable().meta({ description: 'The page the plans were read from' }),
    asOf: z.string().meta({ format: 'date-time' }),
    reachable: z.boolean(),
    ...Cached,
  })
  .openapi('Pricing');

export const CompetitorsSchema = z
  .object({
    domain: z.string(),
    name: z.string(),
    competitors: z.array(
      z.object({
        slug: z.string().optional(),
        name: z.string(),
        domain: z.string(),
        readiness: z.number().int().optional(),
        overlap: z.array(z.string()).meta({ description: 'Capabilities and categories shared with the company' }),
        reason: z.string(),
      }),
    ),
    ...Cached,
  })
  .openapi('Competitors');

export const CompanySummarySchema = z
  .object({
    domain: z.string(),
    name: z.string(),
    summary: z.string(),
    pricingModel: z.string(),
    entryPriceMonthlyUsd: z.number().nullable().meta({ description: 'The cheapest paid plan a month in USD, when stated' }),
    readiness: z.number().int().nullable().meta({ description: 'null when the company is not in the registry' }),
    // Inline, not the Scores component: OpenAPI 3.0 cannot make a $ref nullable.
    scores: z.object(ScoresSchema.shape).nullable(),
    signals: z.object({ mcp: z.boolean(), cli: z.boolean(), openapi: z.boolean() }),
    reachable: z.boolean(),
  })
  .openapi('CompanySummary');

export const CompareCompaniesSchema = z
  .object({
    companies: z.array(CompanySummarySchema),
    fields: z.array(z.string()),
    rows: z.array(z.object({ field: z.string(), values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])) })),
  })
  .openapi('CompareCompanies');

export const CitationSchema = z
  .object({
    url: z.string(),
    title: z.string(),
    snippet: z.string().meta({ description: 'A verbatim span of the fetched page' }),
    fetchedAt: z.string().meta({ format: 'date-time' }),
  })
  .openapi('Citation');

export const ResearchSchema = z
  .object({
    domain: z.string(),
    question: z.string(),
    answer: z.string().meta({ description: 'Sentences from the fetched pages, each followed by [n], its citation' }),
    answered: z.boolean().meta({ description: 'false when the fetched pages do not answer the question (no citation then)' }),
    citations: z.array(CitationSchema),
    asOf: z.string().meta({ format: 'date-time' }),
    reachable: z.boolean(),
    ...Cached,
  })
  .openapi('Research');
