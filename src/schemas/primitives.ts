import { AuditReportSchema, RegistryRowSchema, RequirementsSchema } from './registry';
import { Guid, text } from './common';
import { z } from './zod';

// What `domain` may be, as a pattern the published schema carries: a registry slug (with a letter, not
// `localhost`, not a hexadecimal number such as 0x7f000001), a domain whose last label starts with a letter
// (so no IP literal in any notation), or an http(s) URL of such a domain. Whether the name resolves to a
// public address is for the network guard to judge (400 when it does not).
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const TOP_LABEL = '[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const HOST = `(?!(?:[^/]*\\.)?[Ll][Oo][Cc][Aa][Ll][Hh][Oo][Ss][Tt]\\.?(?:[/?#]|$))(?:${LABEL}\\.)+${TOP_LABEL}\\.?`;
const SLUG = '(?=[A-Za-z0-9-]*[A-Za-z])(?!0[xX][0-9a-fA-F]*$)(?![Ll][Oo][Cc][Aa][Ll][Hh][Oo][Ss][Tt]$)[A-Za-z0-9][A-Za-z0-9-]{0,99}';
export const AUDIT_TARGET = new RegExp(`^(?:${SLUG}|${HOST}|https?://${HOST}(?:[/?#][!-~]*)?)$`);

export const AuditQuerySchema = z.object({
  domain: z
    .string()
    .min(1)
    .max(2048)
    .regex(AUDIT_TARGET, 'must be a domain (example.com), an http(s) URL of one, or a registry slug')
    .meta({ description: 'A domain, an http(s) URL (its host is taken) or a registry slug', example: 'stripe.com' }),
});

export const CheckResultSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    subScore: z.enum(['discovery', 'understanding', 'adoption', 'operability']),
    weight: z.number(),
    score: z.number().nullable().meta({ description: '0..1; null when an artifact it needs could not be gathered' }),
    detail: z.string(),
    fix: z.string().optional(),
  })
  .openapi('CheckResult');

export const AuditResponseSchema = AuditReportSchema.extend({
  reachable: z.boolean().meta({ description: 'false when the site could not be reached at all (nothing is scored then)' }),
  checks: z.array(CheckResultSchema),
  timings: z.record(z.string(), z.number()).meta({ description: 'Milliseconds per gatherer' }),
}).openapi('AuditResponse');

/** Headers every metered call understands (documented; the metered-call service checks them). */
export const MeteredHeadersSchema = z.object({
  'Idempotency-Key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({ description: 'Makes a retry safe for 24 hours: the same key and request return the stored answer, billed once' }),
  Prefer: z.string().optional().meta({ description: '`respond-async`: answer 202 with a job at once instead of waiting' }),
});

export const JobAcceptedSchema = z.object({ status: z.literal('running'), jobId: z.string(), location: z.string() }).openapi('JobAccepted');

export const JobStatusSchema = z
  .object({
    status: z.enum(['running', 'completed', 'failed']),
    result: z.unknown().optional(),
    error: z.string().optional(),
  })
  .openapi('JobStatus');

export const JobParamsSchema = z.object({ id: Guid.meta({ description: 'Job id from a 202 response' }) });

export const FindToolsBodySchema = z.object({ task: text(1000).meta({ example: 'send transactional email from a Node app' }) }).openapi('FindToolsRequest');

const MatchSchema = z
  .number()
  .min(0)
  .max(1)
  .meta({
    description:
      'How well the product fits the task as read, 0..1: the share of the task’s weighted words its own text holds, with the share of the ' +
      'task’s capabilities it covers. Results are ordered by fit; readiness orders near-equals. Under 0.3 the fit is weak.',
    example: 0.72,
  });
const ReasonSchema = z.string().meta({
  description: 'Why it was ranked: the task’s words its own text matches and the capabilities it covers, with its match and readiness',
  example: 'Portkey matches "LLM", "fallbacks" and covers ai.gateway (1 of 1 capabilities); match 0.81, readiness 23.',
});
const NoteSchema = z
  .string()
  .optional()
  .meta({
    description:
      'Present when nothing fits well (the results match only some of the task’s words) or nothing at all (results empty: no product ' +
      'holds any of the task’s words or capabilities)',
  });

export const FindToolsResultSchema = z
  .object({
    task: z.string(),
    intent: z.object({ searchTerms: z.string(), requirements: RequirementsSchema }),
    results: z.array(RegistryRowSchema.extend({ match: MatchSchema, reason: ReasonSchema })).meta({ description: 'Best fit first, at most 20' }),
    note: NoteSchema,
  })
  .openapi('FindToolsResult');

export const ResolveBodySchema = z
  .object({
    task: text(1000).meta({ example: 'vector search with an MCP server' }),
    requirements: RequirementsSchema.optional(),
    discover: z.boolean().optional().meta({
      description: 'Also look for products the registry lacks (MCP registry, web search) and audit them in; each audit is billed as audit_run. Slower.',
    }),
  })
  .openapi('ResolveRequest');

export const ResolveResultSchema = z
  .object({
    task: z.string(),
    capabilities: z.array(z.string()),
    requirements: RequirementsSchema,
    results: z
      .array(
        RegistryRowSchema.extend({
          match: MatchSchema,
          matched: z.array(z.string()).meta({ description: 'The task’s capabilities the product covers' }),
          capScore: z.number().meta({ description: 'Share of the task’s capabilities the product covers, 0..1' }),
          reason: ReasonSchema,
        }),
      )
      .meta({ description: 'Best fit first, at most 20' }),
    discovered: z.number(),
    note: NoteSchema,
  })
  .openapi('ResolveResult');

export const HowToBodySchema = z.object({ task: text(1000).meta({ example: 'send transactional email from a Node app' }) }).openapi('HowToRequest');

export const PlaybookSchema = z
  .object({
    task: z.string(),
    asOf: z.string().meta({ description: 'Month the research ran (YYYY-MM)', example: '2026-11' }),
    approach: z.string(),
    steps: z.array(z.string()),
    gotchas: z.array(z.string()),
    deprecated: z.array(z.string()).meta({ description: 'Patterns or packages to avoid, each with its reason' }),
    recommendedTools: z.array(
      RegistryRowSchema.extend({ match: MatchSchema.optional(), matched: z.array(z.string()), capScore: z.number(), reason: z.string(), why: z.string() }),
    ),
    sources: z.array(z.string()).meta({ description: 'URLs the playbook was built from (only pages actually fetched)' }),
  })
  .openapi('HowToPlaybook');
