import { clampedInteger, queryInteger, Slug, text } from './common';
import { McpSectionSchema } from './mcp';
import { z } from './zod';

export const MAX_LIMIT = 100;
export const DEFAULT_LIMIT = 50;

/** limit: default 50; anything above 100 is clamped to 100, not refused. */
export const LimitSchema = clampedInteger({
  min: 1,
  clampTo: MAX_LIMIT,
  default: DEFAULT_LIMIT,
  description: `Maximum rows (default ${DEFAULT_LIMIT}; values above ${MAX_LIMIT} are clamped)`,
});

export const ScoresSchema = z
  .object({
    readiness: z.number().int(),
    discovery: z.number().int(),
    understanding: z.number().int(),
    adoption: z.number().int(),
    operability: z.number().int(),
  })
  .openapi('Scores');

export const RegistryRowSchema = z.object({ slug: z.string(), name: z.string(), domain: z.string(), readiness: z.number().int() }).openapi('RegistryRow');

export const SignalsSchema = z
  .object({
    mcpAvailable: z.boolean(),
    cliAvailable: z.boolean(),
    llmsTxt: z.boolean(),
    openapi: z.boolean(),
    sdkLanguages: z.array(z.string()),
  })
  .openapi('Signals');

export const FreshnessSchema = z
  .object({
    source: z.enum(['seed', 'audit']).meta({ description: '`seed`: provisional scores from public data until a real audit replaces them' }),
    asOf: z.string().meta({ format: 'date-time' }),
  })
  .openapi('Freshness');

/** What `findings` says while a product's scores are provisional: no audit has looked for issues yet. */
export const NOT_AUDITED_FINDINGS = 'not audited yet: scores are provisional, from public data';
/** The same for people (web page, markdown, CLI and MCP text), where the findings would be. */
export const NOT_AUDITED_SENTENCE = 'Not audited yet: scores are provisional, from public data.';
/** What `findings` says when an audit found nothing to fix. */
export const NO_FAILING_CHECKS = 'no failing checks';

export const AuditReportSchema = z
  .object({
    slug: z.string(),
    domain: z.string(),
    name: z.string(),
    scores: ScoresSchema,
    issues: z.array(z.string()).meta({
      description:
        'Findings of the last audit (or why it could not reach the site), worst first. Empty means nothing to fix only when `audited` is true; read `findings` for which.',
    }),
    audited: z.boolean().meta({
      description:
        'Extension. false while the scores are provisional (`freshness.source` = `seed`): no audit has run, so an empty `issues` means nothing was checked, not that nothing is wrong.',
    }),
    findings: z.string().meta({
      description: `Extension. \`issues\` in words: "${NOT_AUDITED_FINDINGS}" when \`audited\` is false; "${NO_FAILING_CHECKS}" when audited with no issues; otherwise how many issues there are.`,
      example: NOT_AUDITED_FINDINGS,
    }),
    signals: SignalsSchema,
    description: z.string(),
    categories: z.array(z.string()),
    claimed: z.boolean(),
    auditedAt: z.string().nullable().meta({ format: 'date-time' }),
    freshness: FreshnessSchema,
    mcp: McpSectionSchema.nullable().meta({
      description:
        "Extension (issue 38). The live MCP server the last audit found: its tools' definition quality, a verified read-only call, tool-poisoning findings and what changed since the audit before. Null when no live server was found or the scores are provisional.",
    }),
  })
  .openapi('AuditReport');

export const RegistryQuerySchema = z.object({
  category: Slug.optional().meta({ description: 'Category slug (see /v1/categories)' }),
  minScore: queryInteger(z.number().int().min(0).max(100))
    .default(0)
    .meta({ type: 'integer', minimum: 0, maximum: 100, default: 0, description: 'Minimum readiness, 0..100' }),
  limit: LimitSchema,
});

export const SlugParamsSchema = z.object({ slug: Slug.meta({ description: 'Registry slug', example: 'stripe' }) });

export const CategorySchema = z.object({ slug: z.string(), name: z.string(), description: z.string(), productCount: z.number().int() }).openapi('Category');

export const CategoryListSchema = z.object({ categories: z.array(CategorySchema) }).openapi('CategoryList');

export const CategoryDetailSchema = CategorySchema.extend({ products: z.array(RegistryRowSchema) }).openapi('CategoryDetail');

export const CategoryQuerySchema = z.object({ limit: LimitSchema });

export const RequirementsSchema = z
  .object({
    api: z.boolean().optional(),
    mcp: z.boolean().optional(),
    self_serve: z.boolean().optional(),
    openapi: z.boolean().optional(),
    cli: z.boolean().optional(),
  })
  .openapi('Requirements', { description: 'Capabilities a product must have; `true` drops products lacking it' });

export const SearchBodySchema = z
  .object({
    query: text(500).meta({ example: 'send transactional email' }),
    requirements: RequirementsSchema.optional(),
    limit: LimitSchema.optional(),
  })
  .openapi('SearchRequest');

export const CompareBodySchema = z
  .object({
    slugs: z
      .array(Slug)
      .min(2)
      .max(10)
      .refine((slugs) => new Set(slugs).size === slugs.length, 'must not repeat a slug')
      .meta({ uniqueItems: true, example: ['stripe', 'paypal'] }),
  })
  .openapi('CompareRequest');

export const COMPARE_FIELDS = [
  'readiness',
  'discovery',
  'understanding',
  'adoption',
  'operability',
  'agent_capability.api',
  'agent_capability.mcp_available',
] as const;

export const CompareResultSchema = z
  .object({
    fields: z.array(z.string()),
    rows: z.array(
      z.object({
        slug: z.string(),
        name: z.string(),
        values: z.record(z.string(), z.union([z.number(), z.boolean()])),
      }),
    ),
  })
  .openapi('CompareResult');
