import type { AppDeps } from '../deps';
import type { Caller } from './callers';
import { notFound } from '../errors';
import { findJob, insertJob } from '../store/jobs';
import type { AuditWorkflowResult } from '../../workflows/audit';
import { auditService } from './audit';
import type { Carried } from '../domain/carried-hits';
import { presentTools, type ToolsFound } from './find-tools';
import { explainResolution, type Resolution } from './resolve';

export type JobView = { status: 'running' } | { status: 'completed'; result: unknown } | { status: 'failed'; error: string };

/**
 * Metered calls that outlive the request (Prefer: respond-async, or the wait deadline) become jobs: the
 * workflow keeps running, and GET /v1/jobs/{id} reports it and, once done, the same body the call would
 * have returned.
 */
export function jobsService(deps: Pick<AppDeps, 'db' | 'temporal' | 'config' | 'outbound'>) {
  const resultMappers: Record<string, (result: unknown) => Promise<unknown>> = {
    audit: (r) => auditService(deps).report(r as AuditWorkflowResult),
    'find-tools': async (r) => presentTools(r as Carried<ToolsFound>),
    resolve: async (r) => explainResolution(r as Carried<Resolution>),
  };
  return {
    create: (kind: string, workflowId: string, owner: { workspaceId?: string; clientKey?: string } = {}) => insertJob(deps.db, { kind, workflowId, ...owner }),

    async view(id: string, caller: Caller): Promise<JobView> {
      const job = await findJob(deps.db, id);
      const mine = job && (caller.kind === 'workspace' ? job.workspace_id === caller.workspaceId : job.client_key === caller.clientKey);
      if (!job || !mine) throw notFound(`No job with id '${id}'`);
      const handle = deps.temporal.client.workflow.getHandle(job.workflow_id);
      const { status } = await handle.describe();
      if (status.name === 'RUNNING') return { status: 'running' };
      if (status.name !== 'COMPLETED') return { status: 'failed', error: `workflow ${status.name.toLowerCase()}` };
      const map = resultMappers[job.kind];
      return { status: 'completed', result: map ? await map(await handle.result()) : await handle.result() };
    },
  };
}
