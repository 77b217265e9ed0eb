import type { AppDeps } from '../app';
import type { Caller } from '../http/auth';
import { meteredGate } from '../http/metered';
import { defineRoute, type RouteDef } from '../http/route';
import { AuditQuerySchema, AuditResponseSchema, FindToolsBodySchema, FindToolsResultSchema, HowToBodySchema, PlaybookSchema, JobAcceptedSchema, JobParamsSchema, JobStatusSchema, ResolveBodySchema, ResolveResultSchema } from '../schemas/audit';
import { auditService } from '../services/audit';
import { jobsService } from '../services/jobs';
import { WorkflowTypes } from '../temporal/workflow-names';
import type { AuditWorkflowResult } from '../../workflows/audit';
import type { FindToolsResult } from '../../workflows/find-tools';
import type { ResolveResult } from '../services/resolve';
import type { Playbook } from '../domain/playbook';

const ASYNC = 'Send `Prefer: respond-async` for an immediate 202; calls that outlast the wait also answer 202.';

export function primitiveRoutes(deps: AppDeps): RouteDef[] {
  const audits = auditService(deps);
  const jobs = jobsService(deps);
  const gate = meteredGate(deps);
  return [
    defineRoute({
      method: 'get',
      path: '/v1/audit',
      tag: 'Metered primitives',
      summary: 'Audit a domain for agent readiness: scores, signals, per-check findings with fixes (audit_run)',
      description: ASYNC,
      auth: 'metered',
      request: { query: AuditQuerySchema },
      responses: {
        200: { description: 'AuditReport (also when the site is unreachable: the report says so)', schema: AuditResponseSchema },
        202: { description: 'Still running: poll the job at Location', schema: JobAcceptedSchema },
      },
      handler: async ({ query }, ctx) => {
        const domain = await audits.resolveDomain(query.domain);
        await gate<AuditWorkflowResult>(ctx, {
          eventType: 'audit_run',
          kind: 'audit',
          workflowType: WorkflowTypes.audit,
          input: { domain },
          present: (result) => audits.report(result),
        });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/find-tools',
      tag: 'Metered primitives',
      summary: 'Tools for a plain-language task: search terms and requirements read from it, results by readiness (agent_discovery_check)',
      description: ASYNC,
      auth: 'metered',
      request: { body: FindToolsBodySchema },
      responses: {
        200: { description: 'Find-tools result', schema: FindToolsResultSchema },
        202: { description: 'Still running: poll the job at Location', schema: JobAcceptedSchema },
      },
      handler: async ({ body }, ctx) => {
        await gate<FindToolsResult>(ctx, {
          eventType: 'agent_discovery_check',
          kind: 'find-tools',
          workflowType: WorkflowTypes.findTools,
          input: { task: body.task },
          present: async (result) => result,
        });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/resolve',
      tag: 'Metered primitives',
      summary: 'Resolve a task to capabilities and the products covering most of them, then by readiness (agent_discovery_check)',
      description: ASYNC,
      auth: 'metered',
      request: { body: ResolveBodySchema },
      responses: {
        200: { description: 'Resolve result', schema: ResolveResultSchema },
        202: { description: 'Still running: poll the job at Location', schema: JobAcceptedSchema },
      },
      handler: async ({ body }, ctx) => {
        await gate<ResolveResult>(ctx, {
          eventType: 'agent_discovery_check',
          kind: 'resolve',
          workflowType: WorkflowTypes.resolve,
          input: { task: body.task, requirements: body.requirements ?? {}, discover: body.discover ?? false },
          present: async (result) => result,
        });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/how-to',
      tag: 'Metered primitives',
      summary: 'A how-to playbook for a task, from the leading tools and their docs as read now (workflow_execution; cached 30 days per task, cached answers billed alike)',
      description: ASYNC,
      auth: 'metered',
      request: { body: HowToBodySchema },
      responses: {
        200: { description: 'How-to playbook', schema: PlaybookSchema },
        202: { description: 'Still running: poll the job at Location', schema: JobAcceptedSchema },
      },
      handler: async ({ body }, ctx) => {
        await gate<Playbook>(ctx, {
          eventType: 'workflow_execution',
          kind: 'how-to',
          workflowType: WorkflowTypes.howTo,
          input: { task: body.task },
          present: async (result) => result,
        });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/jobs/{id}',
      tag: 'Metered primitives',
      summary: 'Status and result of a metered call that answered 202 (same workspace or client only)',
      auth: 'metered',
      request: { params: JobParamsSchema },
      responses: { 200: { description: "Job status; `result` is the call's body once completed", schema: JobStatusSchema } },
      handler: ({ params }, ctx) => jobs.view(params.id, ctx.state.caller as Caller),
    }),
  ];
}
