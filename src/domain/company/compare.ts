import type { z } from 'zod';
import type { CompanyRecordSchema, CompanySummarySchema, PricingSchema } from '../../schemas/company';

type CompanyRecord = z.infer<typeof CompanyRecordSchema>;
type Pricing = z.infer<typeof PricingSchema>;
type Summary = z.infer<typeof CompanySummarySchema>;

/** The registry's view of a company, when it has one. */
export interface RegistryFacts {
  readiness: number;
  discovery: number;
  understanding: number;
  adoption: number;
  operability: number;
  has_mcp: boolean;
  has_cli: boolean;
  has_openapi: boolean;
}

/** The fields of a comparison, in the order they are shown. */
export const COMPARE_COMPANY_FIELDS = [
  'summary',
  'pricing.model',
  'pricing.entryPriceMonthlyUsd',
  'readiness',
  'discovery',
  'understanding',
  'adoption',
  'operability',
  'signals.mcp',
  'signals.cli',
  'signals.openapi',
] as const;

/** The cheapest plan with a stated USD price above zero: what it costs to start paying. */
export function entryPrice(pricing: Pricing): number | null {
  const paid = pricing.plans.map((p) => p.priceMonthlyUsd).filter((p): p is number => p !== null && p > 0);
  return paid.length ? Math.min(...paid) : null;
}

export function summarizeCompany(record: CompanyRecord, pricing: Pricing, known: RegistryFacts | undefined): Summary {
  return {
    domain: record.domain,
    name: record.name,
    summary: record.description.summary,
    pricingModel: pricing.model,
    entryPriceMonthlyUsd: entryPrice(pricing),
    readiness: known?.readiness ?? null,
    scores: known
      ? { readiness: known.readiness, discovery: known.discovery, understanding: known.understanding, adoption: known.adoption, operability: known.operability }
      : null,
    signals: { mcp: known?.has_mcp ?? false, cli: known?.has_cli ?? false, openapi: known?.has_openapi ?? false },
    reachable: record.reachable,
  };
}

const VALUE: Record<(typeof COMPARE_COMPANY_FIELDS)[number], (s: Summary) => string | number | boolean | null> = {
  summary: (s) => s.summary,
  'pricing.model': (s) => s.pricingModel,
  'pricing.entryPriceMonthlyUsd': (s) => s.entryPriceMonthlyUsd,
  readiness: (s) => s.scores?.readiness ?? null,
  discovery: (s) => s.scores?.discovery ?? null,
  understanding: (s) => s.scores?.understanding ?? null,
  adoption: (s) => s.scores?.adoption ?? null,
  operability: (s) => s.scores?.operability ?? null,
  'signals.mcp': (s) => s.signals.mcp,
  'signals.cli': (s) => s.signals.cli,
  'signals.openapi': (s) => s.signals.openapi,
};

/** Companies side by side: one row per field, one value per domain. */
export function compareCompanies(companies: Summary[]) {
  return {
    companies,
    fields: [...COMPARE_COMPANY_FIELDS],
    rows: COMPARE_COMPANY_FIELDS.map((field) => ({ field, values: Object.fromEntries(companies.map((c) => [c.domain, VALUE[field](c)])) })),
  };
}
