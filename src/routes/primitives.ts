import type { Context } from 'koa';
import type { AppDeps } from '../app';
import { defineRoute, type RouteDef } from '../http/route';
import { AuditQuerySchema, AuditResponseSchema, JobAcceptedSchema, JobParamsSchema, JobStatusSchema } from '../schemas/audit';
import { auditService } from '../services/audit';
import { jobsService } from '../services/jobs';

/** `Prefer: respond-async` asks for a 202 and a job at once instead of waiting for the workflow. */
export const prefersAsync = (ctx: Context) => /\brespond-async\b/i.test(ctx.get('prefer'));

export function primitiveRoutes(deps: AppDeps): RouteDef[] {
  const audits = auditService(deps);
  const jobs = jobsService(deps);
  const accepted = async (ctx: Context, kind: string, workflowId: string) => {
    const jobId = await jobs.create(kind, workflowId);
    const location = `/v1/jobs/${jobId}`;
    ctx.status = 202;
    ctx.set('Location', location);
    ctx.body = { status: 'running', jobId, location };
  };
  return [
    defineRoute({
      method: 'get',
      path: '/v1/audit',
      tag: 'Metered primitives',
      summary: 'Audit a domain for agent readiness: scores, signals, per-check findings with fixes (audit_run)',
      auth: 'metered',
      request: { query: AuditQuerySchema },
      responses: {
        200: { description: 'AuditReport (also when the site is unreachable: the report says so)', schema: AuditResponseSchema },
        202: { description: 'Still running: poll the job at Location', schema: JobAcceptedSchema },
      },
      handler: async ({ query }, ctx) => {
        const domain = await audits.resolveDomain(query.domain);
        const run = await audits.run(domain, undefined, prefersAsync(ctx) ? 0 : undefined);
        if (run.status === 'running') return accepted(ctx, 'audit', run.workflowId);
        return run.report;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/jobs/{id}',
      tag: 'Metered primitives',
      summary: 'Status and result of a metered call that answered 202',
      auth: 'open',
      request: { params: JobParamsSchema },
      responses: { 200: { description: 'Job status; `result` is the call\'s body once completed', schema: JobStatusSchema } },
      handler: ({ params }) => jobs.view(params.id),
    }),
  ];
}
