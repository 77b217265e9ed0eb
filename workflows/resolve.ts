import { executeChild, proxyActivities, proxyLocalActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { Requirements } from '../src/services/registry';
import type { Carried } from '../src/domain/carried-hits';
import type { Resolution } from '../src/services/resolve';
import { auditWorkflow } from './audit';
import { metered, meteredRead } from './metering';

// Short Postgres reads and writes: local activities, no server round trip each.
const { resolveTask, reserveChildAudit } = proxyLocalActivities<Activities>({ startToCloseTimeout: '30 seconds', retry: { maximumAttempts: 5 } });
// Discovery sources are on the open web: one bounded attempt per source inside the activity, few retries.
const { discoverCandidates } = proxyActivities<Activities>({ startToCloseTimeout: '1 minute', retry: { maximumAttempts: 2 } });

export interface ResolveWorkflowInput {
  task: string;
  requirements: Requirements;
  discover?: boolean;
}

/**
 * A task ranked by fit (src/services/task-ranking.ts), metered. With `discover`,
 * candidates the registry lacks are audited first, each as a child audit billed as its own audit_run;
 * discovery stops where the workspace's audits run out, and the call still answers.
 */
export async function resolveWorkflow(input: ResolveWorkflowInput): Promise<Carried<Resolution>> {
  const query = { task: input.task, requirements: input.requirements };
  if (!input.discover) return { ...(await meteredRead(() => resolveTask(query))), discovered: 0 };
  return metered(async () => {
    const discovered = await discover(input.task);
    return { ...(await resolveTask({ ...query, fresh: discovered > 0 })), discovered };
  });
}

async function discover(task: string): Promise<number> {
  const parentWorkflowId = workflowInfo().workflowId;
  const { candidates } = await discoverCandidates({ task });
  const admitted: string[] = [];
  for (const c of candidates) {
    const childWorkflowId = `${parentWorkflowId}-audit-${admitted.length}`;
    const { allowed } = await reserveChildAudit({ parentWorkflowId, childWorkflowId });
    if (!allowed) break;
    admitted.push(c.domain);
  }
  const audits = await Promise.allSettled(
    admitted.map((domain, i) => executeChild(auditWorkflow, { workflowId: `${parentWorkflowId}-audit-${i}`, args: [{ domain }] })),
  );
  return audits.filter((a) => a.status === 'fulfilled' && a.value.productId).length;
}
