import { executeChild, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { auditWorkflow } from './audit';

const { listStaleDomains } = proxyActivities<Activities>({ startToCloseTimeout: '1 minute', retry: { maximumAttempts: 5 } });

export interface SweepInput {
  olderThanHours: number;
  limit: number;
  concurrency: number;
}

export interface SweepResult {
  considered: number;
  audited: number;
  unreachable: number;
  failed: number;
}

/**
 * Started by the sweep schedule: re-audits the stalest products as child audit workflows, at most
 * `concurrency` at a time. Each child audits one domain, and the worker's outbound layer keeps one request
 * in flight per host, so no site sees more than one of our requests at once.
 */
export async function sweepWorkflow(input: SweepInput): Promise<SweepResult> {
  const domains = await listStaleDomains({ olderThanHours: input.olderThanHours, limit: input.limit });
  const result: SweepResult = { considered: domains.length, audited: 0, unreachable: 0, failed: 0 };
  let next = 0;
  const lane = async () => {
    while (next < domains.length) {
      const domain = domains[next++];
      try {
        const r = await executeChild(auditWorkflow, { args: [{ domain }], workflowId: `${workflowInfo().workflowId}-${domain}` });
        if (r.reachable) result.audited++;
        else result.unreachable++;
      } catch {
        result.failed++; // one broken site never stops the sweep
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, input.concurrency) }, lane));
  return result;
}
