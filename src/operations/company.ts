import { RATES_USD } from '../domain/plans';
import {
  CompanyQuerySchema,
  CompanyRecordSchema,
  CompareCompaniesBodySchema,
  CompareCompaniesSchema,
  CompetitorsQuerySchema,
  CompetitorsSchema,
  PricingSchema,
  ResearchBodySchema,
  ResearchSchema,
} from '../schemas/company';
import { operation } from './operation';

const TAG = 'Company intelligence';
const COST =
  `Metered: one workflow_execution event, $${RATES_USD.workflow_execution} per call beyond the plan's monthly allowance (cached answers ` +
  'are billed alike); a 402 tool error names the reason when the quota or spend limit is reached.';
const NOT_A_DOMAIN = { 404: 'A bare word that is no registry slug' };

/** What agents ask about a vendor: facts, prices, rivals, a side-by-side and cited research, read from its own site. */
export const companyOperations = {
  getCompany: operation({
    name: 'getCompany',
    summary: 'Company facts from its own site: summary, products, founding year, headquarters, categories (workflow_execution; cached 7 days)',
    description:
      "Reads a company's website (JSON-LD, meta tags, about page) and returns what it says about itself: a summary, tagline, products, " +
      'founding year and headquarters, with the registry categories and the URLs read. Facts not on the site are left out, never guessed. ' +
      `Use get_pricing for prices and research_company for a specific question. ${COST}`,
    access: 'metered',
    runs: 'workflow',
    eventType: 'workflow_execution',
    input: CompanyQuerySchema,
    output: CompanyRecordSchema,
    rest: { method: 'get', path: '/v1/company', tag: TAG, errors: NOT_A_DOMAIN },
    tool: { name: 'get_company', title: 'Get company facts', readOnly: true, idempotent: false, openWorld: true },
    cli: { command: 'company', args: ['domain'], example: 'agentdex company stripe.com' },
  }),

  getPricing: operation({
    name: 'getPricing',
    summary: "A company's pricing plans as its pricing page states them: model, free tier, monthly prices, units (workflow_execution; cached 1 day)",
    description:
      "Reads a company's pricing page and returns its pricing model (free, freemium, paid, usage, contact), whether there is a free tier, " +
      'and each plan with its monthly list price (null for "contact sales"; annual-only prices divided by 12 and noted; other currencies ' +
      'reported as such, never converted), unit (per seat, per 1,000 requests), features and the verbatim text the price was read from, ' +
      `plus the page URL. Model 'unknown' with no plans when the prices cannot be read (robots.txt, a PDF). ${COST}`,
    access: 'metered',
    runs: 'workflow',
    eventType: 'workflow_execution',
    input: CompanyQuerySchema,
    output: PricingSchema,
    rest: { method: 'get', path: '/v1/pricing', tag: TAG, errors: NOT_A_DOMAIN },
    tool: { name: 'get_pricing', title: 'Get pricing', readOnly: true, idempotent: false, openWorld: true },
    cli: { command: 'pricing', args: ['domain'], example: 'agentdex pricing stripe.com' },
  }),

  findCompetitors: operation({
    name: 'findCompetitors',
    summary: 'Products in the registry that compete with a company: shared capabilities and categories, then readiness (workflow_execution)',
    description:
      'Lists registry products that do what the company does: ranked by how many capabilities and categories they share with it, then by ' +
      'agent readiness, each with the overlap and a one-line reason. limit 1..20 (default 5). A company not in the registry is read from ' +
      `its site first. Use compare_companies to put a shortlist side by side. ${COST}`,
    access: 'metered',
    runs: 'workflow',
    eventType: 'workflow_execution',
    input: CompetitorsQuerySchema,
    output: CompetitorsSchema,
    rest: { method: 'get', path: '/v1/competitors', tag: TAG, errors: NOT_A_DOMAIN },
    tool: { name: 'find_competitors', title: 'Find competitors', readOnly: true, idempotent: false, openWorld: true },
    cli: { command: 'competitors', args: ['domain'], example: 'agentdex competitors stripe.com --limit 10' },
  }),

  compareCompanies: operation({
    name: 'compareCompanies',
    summary: '2 to 5 companies side by side: summary, pricing model and entry price, readiness and sub-scores, MCP/CLI/OpenAPI (workflow_execution)',
    description:
      'Puts 2 to 5 companies side by side from their sites and the registry: summary, pricing model and cheapest paid monthly price, agent ' +
      'readiness with the four sub-scores (null when not in the registry), and whether each offers an MCP server, a CLI and an OpenAPI ' +
      `description, as {companies, fields, rows}. One call however many companies. Use compare_products for registry scores alone. ${COST}`,
    access: 'metered',
    runs: 'workflow',
    eventType: 'workflow_execution',
    input: CompareCompaniesBodySchema,
    output: CompareCompaniesSchema,
    rest: { method: 'post', path: '/v1/compare-companies', tag: TAG, errors: NOT_A_DOMAIN },
    tool: { name: 'compare_companies', title: 'Compare companies', readOnly: true, idempotent: false, openWorld: true },
    cli: { command: 'compare-companies', args: ['domains'], example: 'agentdex compare-companies stripe.com paddle.com lemonsqueezy.com' },
  }),

  research: operation({
    name: 'research',
    summary: 'A cited answer to a question about a company, from the pages of its site as fetched (workflow_execution; cached 7 days per question)',
    description:
      'Answers a question about a company (security, data residency, rate limits, SDKs, refunds, changelog, careers...) from its own pages: ' +
      'every sentence of the answer is taken from a fetched page and cites it with a verbatim snippet and the fetch time. When the pages do ' +
      'not answer, it says so (answered: false) and cites nothing. Without a question, a company overview. Use get_pricing for prices. ' +
      COST,
    access: 'metered',
    runs: 'workflow',
    eventType: 'workflow_execution',
    input: ResearchBodySchema,
    output: ResearchSchema,
    rest: { method: 'post', path: '/v1/research', tag: TAG, errors: NOT_A_DOMAIN },
    tool: { name: 'research_company', title: 'Research a company', readOnly: true, idempotent: false, openWorld: true },
    cli: { command: 'research', args: ['domain', 'question'], example: 'agentdex research stripe.com "Where is customer data stored?"' },
  }),
};
