import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { runAudits, type AuditFindings } from '../src/domain/audit/run-audits';
import { metered } from './metering';
import { dispatchEvents } from './webhooks';

// Gathering talks to the open web: retried a couple of times, each attempt bounded by the audit deadline.
const { gatherSite } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '5 seconds',
  retry: { maximumAttempts: 3, initialInterval: '1 second' },
});
// Writing the result is idempotent per workflow id, so it may retry until Postgres is back.
const { recordAudit } = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { maximumAttempts: 20, initialInterval: '1 second', maximumInterval: '30 seconds' },
});

export interface AuditWorkflowInput {
  domain: string;
}

export interface AuditWorkflowResult {
  domain: string;
  reachable: boolean;
  slug?: string;
  productId?: string;
  error?: string;
  findings?: AuditFindings;
  auditedAt: string;
  timings: Record<string, number>;
}

/** One agent-readiness audit: gather artifacts (activity), score them (pure, here), record (activity). */
export async function auditWorkflow(input: AuditWorkflowInput): Promise<AuditWorkflowResult> {
  return metered(
    () => audit(input),
    (r) => r.productId,
  );
}

async function audit(input: AuditWorkflowInput): Promise<AuditWorkflowResult> {
  const startedAt = new Date();
  const site = await gatherSite(input.domain);
  const findings = site.reachable ? runAudits(site.artifacts) : undefined;
  const saved = await recordAudit({
    domain: input.domain,
    workflowId: workflowInfo().workflowId,
    startedAt,
    findings,
    artifacts: site.reachable ? site.artifacts : undefined,
    error: site.reachable ? undefined : site.error,
    timings: site.timings,
  });
  // What changed since the product's last audit goes out now; each dispatch outlives this workflow.
  if (saved.eventIds?.length) await dispatchEvents(saved.eventIds);
  return {
    domain: input.domain,
    reachable: site.reachable,
    slug: saved.slug,
    productId: saved.productId,
    error: site.reachable ? undefined : site.error,
    findings,
    auditedAt: new Date(saved.auditedAt).toISOString(),
    timings: site.timings,
  };
}
