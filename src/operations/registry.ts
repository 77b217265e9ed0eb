import {
  AuditReportSchema,
  CategoryDetailSchema,
  CategoryListSchema,
  CategoryQuerySchema,
  CompareBodySchema,
  CompareResultSchema,
  RegistryQuerySchema,
  RegistryRowSchema,
  RequirementsSchema,
  SearchBodySchema,
  SlugParamsSchema,
} from '../schemas/registry';
import { z } from '../schemas/zod';
import { operation } from './operation';

const FREE = 'Free and never rate limited.';

/** Open reads over the registry: no key needed, never metered. */
export const registryOperations = {
  listRegistry: operation({
    name: 'listRegistry',
    summary: 'List products by readiness, highest first',
    description:
      'Lists registry products (slug, name, domain, readiness 0-100) ordered by agent readiness, highest first, optionally within one ' +
      'category (see the categories list) and above a minimum score. Use it to browse the best-rated tools of a category; to find ' +
      `tools for a described job use find_tools_for_task or resolve instead. ${FREE}`,
    access: 'open',
    runs: 'read',
    input: RegistryQuerySchema,
    output: z.array(RegistryRowSchema),
    rest: { method: 'get', path: '/v1/registry', tag: 'Registry', cache: { maxAge: 60 }, errors: { 404: 'Unknown category' } },
    tool: { name: 'list_registry', title: 'List the registry', readOnly: true, idempotent: true, openWorld: false },
    cli: { command: 'registry', flags: { 'min-score': 'minScore' }, example: 'agentdex registry --category payments --limit 10' },
  }),

  getProfile: operation({
    name: 'getProfile',
    summary: 'A product profile: scores, signals and findings',
    description:
      'Returns one product by registry slug: readiness and the four sub-scores (discovery, understanding, adoption, operability), ' +
      'signals (MCP server, CLI, llms.txt, OpenAPI, SDK languages), findings, categories, when it was last audited, and `mcp`: its live ' +
      "MCP server's tools with definition-quality scores, a verified read-only call, tool-poisoning findings and what changed since the " +
      'audit before (null without a live server). Use it when ' +
      `you already know the product; run audit instead to score a domain afresh. ${FREE}`,
    access: 'open',
    runs: 'read',
    input: SlugParamsSchema,
    output: AuditReportSchema,
    rest: { method: 'get', path: '/v1/profile/{slug}', tag: 'Registry', cache: { maxAge: 60 } },
    tool: { name: 'get_profile', title: 'Get a product profile', readOnly: true, idempotent: true, openWorld: false },
    cli: {
      command: 'profile',
      args: ['slug'],
      views: { tools: "the MCP server's tools: scores, findings, the verified call and drift" },
      example: 'agentdex profile stripe --tools',
    },
  }),

  listCategories: operation({
    name: 'listCategories',
    summary: 'All categories with product counts, by name',
    description: `Lists the registry's categories (slug, name, description, product count), sorted by name. ${FREE}`,
    access: 'open',
    runs: 'read',
    input: z.object({}),
    output: CategoryListSchema,
    rest: { method: 'get', path: '/v1/categories', tag: 'Registry', cache: { maxAge: 300 } },
    cli: { command: 'categories', example: 'agentdex categories' },
  }),

  getCategory: operation({
    name: 'getCategory',
    summary: 'One category and its products by readiness',
    description: `One category with its products, highest readiness first. ${FREE}`,
    access: 'open',
    runs: 'read',
    input: SlugParamsSchema.extend(CategoryQuerySchema.shape),
    output: CategoryDetailSchema,
    rest: { method: 'get', path: '/v1/categories/{slug}', tag: 'Registry', cache: { maxAge: 60 } },
    cli: { command: 'categories', args: ['slug'], example: 'agentdex categories payments --limit 5' },
  }),

  search: operation({
    name: 'search',
    summary: 'Free-text search over name, slug, description and categories; requirements drop products',
    description:
      'Full-text search of the registry by product name, slug, description and category words (typos in names tolerated), ranked by ' +
      'text relevance, then readiness. Each requirement flag set to true (api, mcp, self_serve, openapi, cli) drops products lacking ' +
      'it. Use it to look a product up by name or keyword; for a job described in plain language, find_tools_for_task reads the ' +
      `task for you and resolve maps it to capabilities. ${FREE}`,
    access: 'open',
    runs: 'read',
    input: SearchBodySchema,
    output: z.array(RegistryRowSchema),
    rest: { method: 'post', path: '/v1/search', tag: 'Registry', cache: {} },
    flat: {
      schema: z.object({ query: SearchBodySchema.shape.query, ...RequirementsSchema.shape }),
      toInput: ({ query, ...flags }) => ({ query, requirements: flags }),
    },
    tool: { name: 'search_tools', title: 'Search the registry', readOnly: true, idempotent: true, openWorld: false },
    cli: { command: 'search', args: ['query'], example: 'agentdex search "vector database" --mcp' },
  }),

  compare: operation({
    name: 'compare',
    summary: 'Compare 2 to 10 products side by side',
    description:
      'Puts 2 to 10 registry products side by side: readiness, the four sub-scores, whether each has an API and an MCP server. ' +
      `Use it to choose between known candidates (slugs from search or resolve); an unknown slug is an error naming it. ${FREE}`,
    access: 'open',
    runs: 'read',
    input: CompareBodySchema,
    output: CompareResultSchema,
    rest: { method: 'post', path: '/v1/compare', tag: 'Registry', errors: { 404: 'Unknown slug (the message names each)' } },
    tool: { name: 'compare_products', title: 'Compare products', readOnly: true, idempotent: true, openWorld: false },
    cli: { command: 'compare', args: ['slugs'], example: 'agentdex compare stripe paypal adyen' },
  }),
};
