import { AuditReportSchema, RegistryRowSchema, RequirementsSchema } from './registry';
import { z } from './zod';

export const AuditQuerySchema = z.object({
  domain: z.string().min(1).max(2048).openapi({ description: 'A domain, a URL (its host is taken) or a registry slug', example: 'stripe.com' }),
});

export const CheckResultSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    subScore: z.enum(['discovery', 'understanding', 'adoption', 'operability']),
    weight: z.number(),
    score: z.number().nullable().openapi({ description: '0..1; null when an artifact it needs could not be gathered' }),
    detail: z.string(),
    fix: z.string().optional(),
  })
  .openapi('CheckResult');

export const AuditResponseSchema = AuditReportSchema.extend({
  reachable: z.boolean().openapi({ description: 'false when the site could not be reached at all (nothing is scored then)' }),
  checks: z.array(CheckResultSchema),
  timings: z.record(z.string(), z.number()).openapi({ description: 'Milliseconds per gatherer' }),
}).openapi('AuditResponse');

export const JobAcceptedSchema = z
  .object({ status: z.literal('running'), jobId: z.string(), location: z.string() })
  .openapi('JobAccepted');

export const JobStatusSchema = z
  .object({
    status: z.enum(['running', 'completed', 'failed']),
    result: z.unknown().optional(),
    error: z.string().optional(),
  })
  .openapi('JobStatus');

export const JobParamsSchema = z.object({ id: z.uuid().openapi({ description: 'Job id from a 202 response' }) });

export const FindToolsBodySchema = z
  .object({ task: z.string().trim().min(1).max(1000).openapi({ example: 'send transactional email from a Node app' }) })
  .openapi('FindToolsRequest');

export const FindToolsResultSchema = z
  .object({
    task: z.string(),
    intent: z.object({ searchTerms: z.string(), requirements: RequirementsSchema }),
    results: z.array(RegistryRowSchema),
  })
  .openapi('FindToolsResult');

export const ResolveBodySchema = z
  .object({
    task: z.string().trim().min(1).max(1000).openapi({ example: 'vector search with an MCP server' }),
    requirements: RequirementsSchema.optional(),
    discover: z.boolean().optional().openapi({ description: 'Also look for products the registry lacks (MCP registry, web search) and audit them in; each audit is billed as audit_run. Slower.' }),
  })
  .openapi('ResolveRequest');

export const ResolveResultSchema = z
  .object({
    task: z.string(),
    capabilities: z.array(z.string()),
    requirements: RequirementsSchema,
    results: z.array(
      RegistryRowSchema.extend({ matched: z.array(z.string()), capScore: z.number(), reason: z.string() }),
    ),
    discovered: z.number(),
  })
  .openapi('ResolveResult');

export const HowToBodySchema = z
  .object({ task: z.string().trim().min(1).max(1000).openapi({ example: 'send transactional email from a Node app' }) })
  .openapi('HowToRequest');

export const PlaybookSchema = z
  .object({
    task: z.string(),
    asOf: z.string().openapi({ description: 'Month the research ran (YYYY-MM)', example: '2026-11' }),
    approach: z.string(),
    steps: z.array(z.string()),
    gotchas: z.array(z.string()),
    deprecated: z.array(z.string()).openapi({ description: 'Patterns or packages to avoid, each with its reason' }),
    recommendedTools: z.array(
      RegistryRowSchema.extend({ matched: z.array(z.string()), capScore: z.number(), reason: z.string(), why: z.string() }),
    ),
    sources: z.array(z.string()).openapi({ description: 'URLs the playbook was built from (only pages actually fetched)' }),
  })
  .openapi('HowToPlaybook');
