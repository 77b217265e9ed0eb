import { RATES_USD, type EventType } from '../domain/plans';
import {
  AuditQuerySchema,
  AuditResponseSchema,
  FindToolsBodySchema,
  FindToolsResultSchema,
  HowToBodySchema,
  JobParamsSchema,
  JobStatusSchema,
  PlaybookSchema,
  ResolveBodySchema,
  ResolveResultSchema,
} from '../schemas/primitives';
import { RequirementsSchema } from '../schemas/registry';
import { z } from '../schemas/zod';
import { operation } from './operation';

/** What a metered call costs, as agents read it in tool descriptions: from the rate table, never hand-written. */
const costs = (eventType: EventType) =>
  `Metered: one ${eventType} event, $${RATES_USD[eventType]} per call beyond the plan's monthly allowance; a 402 tool error names ` +
  'the reason when the quota or spend limit is reached.';

const TAG = 'Metered primitives';

/** The metered primitives: each a Temporal workflow whose last step records one usage event. */
export const primitiveOperations = {
  audit: operation({
    name: 'audit',
    summary: 'Audit a domain for agent readiness: scores, signals, per-check findings with fixes (audit_run)',
    description:
      'Crawls a domain now (robots.txt, llms.txt, sitemap, OpenAPI, MCP endpoint, well-known files, docs and pricing pages) and returns ' +
      'its agent-readiness report: readiness and sub-scores, signals, and every check with its score, detail and fix; the registry ' +
      'is updated. Takes seconds. Use get_profile instead when a recent score of a known product is enough. ' +
      costs('audit_run'),
    access: 'metered',
    runs: 'workflow',
    eventType: 'audit_run',
    input: AuditQuerySchema,
    output: AuditResponseSchema,
    rest: { method: 'get', path: '/v1/audit', tag: TAG, errors: { 404: 'A bare word that is no registry slug' } },
    tool: { name: 'audit', title: 'Audit a domain', readOnly: false, idempotent: false, openWorld: true },
    cli: { command: 'audit', args: ['domain'], example: 'agentdex audit stripe.com' },
  }),

  findTools: operation({
    name: 'findTools',
    summary: 'Tools for a plain-language task, ranked by how well each fits it, with its match and reason (agent_discovery_check)',
    description:
      'Reads a plain-language task ("send transactional email from Node, with an MCP server") into search terms and requirements, ' +
      'ranks the registry by relevance to it (readiness orders near-equals only), each result with a match in 0..1 and the words or ' +
      'capabilities that matched, and a note when nothing fits well. Faster and simpler than resolve; prefer resolve when the ' +
      'task combines several capabilities or you want the capabilities it needs spelled out. ' +
      costs('agent_discovery_check'),
    access: 'metered',
    runs: 'workflow',
    eventType: 'agent_discovery_check',
    input: FindToolsBodySchema,
    output: FindToolsResultSchema,
    rest: { method: 'post', path: '/v1/find-tools', tag: TAG },
    tool: { name: 'find_tools_for_task', title: 'Find tools for a task', readOnly: true, idempotent: false, openWorld: false },
    cli: { command: 'find', args: ['task'], example: 'agentdex find "send transactional email from a Node app"' },
  }),

  resolve: operation({
    name: 'resolve',
    summary: 'Resolve a task to capabilities and the products that fit it best, each explained (agent_discovery_check)',
    description:
      'Maps a task to capabilities from a controlled vocabulary (typos tolerated) and ranks products by relevance to the task and the ' +
      'capabilities they cover (readiness orders near-equals only), each with its match, the capabilities it matched and a one-line reason. Requirement flags (api, mcp, self_serve, openapi, cli) ' +
      'drop products lacking them. discover: true also searches the MCP registry and the web for products the registry lacks and ' +
      'audits up to 5 of them in (slower; each audit is billed as audit_run). Prefer it over find_tools_for_task for multi-part tasks; ' +
      'use how_to when you need steps, not just tools. ' +
      costs('agent_discovery_check'),
    access: 'metered',
    runs: 'workflow',
    eventType: 'agent_discovery_check',
    input: ResolveBodySchema,
    output: ResolveResultSchema,
    rest: { method: 'post', path: '/v1/resolve', tag: TAG },
    flat: {
      schema: z.object({ task: ResolveBodySchema.shape.task, discover: ResolveBodySchema.shape.discover, ...RequirementsSchema.shape }),
      toInput: ({ task, discover, ...requirements }) => ({ task, discover, requirements }),
    },
    tool: { name: 'resolve', title: 'Resolve a task to tools', readOnly: false, idempotent: false, openWorld: true },
    cli: { command: 'resolve', args: ['task'], example: 'agentdex resolve "vector search with an MCP server" --self-serve' },
  }),

  howTo: operation({
    name: 'howTo',
    summary: 'A how-to playbook for a task, from the leading tools and their docs as read now (workflow_execution; cached 30 days per task)',
    description:
      'Builds a playbook for a task: the approach, ordered steps, gotchas, deprecated packages or patterns to avoid, the recommended ' +
      'tools with why, and the URLs of the docs it was built from (only pages actually read). Answers for the same task are cached for ' +
      '30 days and billed alike. Use resolve when you only need to pick a tool. ' +
      costs('workflow_execution'),
    access: 'metered',
    runs: 'workflow',
    eventType: 'workflow_execution',
    input: HowToBodySchema,
    output: PlaybookSchema,
    rest: { method: 'post', path: '/v1/how-to', tag: TAG },
    tool: { name: 'how_to', title: 'How-to playbook', readOnly: true, idempotent: false, openWorld: true },
    cli: { command: 'how-to', args: ['task'], example: 'agentdex how-to "add Stripe subscriptions to a Next.js app"' },
  }),

  getJob: operation({
    name: 'getJob',
    summary: 'Status and result of a metered call that answered 202 (same workspace or client only)',
    description: "A metered call that outlasted its wait answered 202 with a job: this returns the job's status and, once completed, the call's result.",
    access: 'metered',
    runs: 'read',
    input: JobParamsSchema,
    output: JobStatusSchema,
    rest: { method: 'get', path: '/v1/jobs/{id}', tag: TAG },
    cli: { command: 'job', args: ['id'], example: 'agentdex job 5f0c6d1e-3a52-4c43-9b7e-0d8f3c2a1b90' },
  }),
};
