import { WorkflowExecutionAlreadyStartedError, type WorkflowHandle } from '@temporalio/client';
import type { ClaimCheckOutcome } from '../../activities/claims';
import type { ClaimWatchInput } from '../../workflows/claim';
import type { AppDeps } from '../deps';
import { CLAIM_TTL_MS, type ClaimMethod, claimInstructions, mintClaimToken } from '../domain/claim-token';
import { ApiError, notFound } from '../errors';
import { type ClaimableProduct, type ClaimRecord, findClaimableProduct, insertClaim, latestClaim, liveClaims } from '../store/claims';
import { bumpRegistryVersion } from '../store/registry-version';
import { waitForResult } from '../temporal/run-workflow';
import { taskQueues } from '../temporal/task-queues';
import { WorkflowTypes } from '../temporal/workflow-names';

export interface ClaimStart {
  claimId: string;
  token: string;
  instructions: string;
}

export interface ClaimVerification {
  slug: string;
  claimId: string;
  method: ClaimMethod;
  verified: boolean;
  status: 'pending' | 'verified';
  checkedAt: string | null;
  detail: string;
}

/** Workflow ids derived from the claim: one watcher per claim, and concurrent verifies share one check. */
export const claimWorkflowIds = {
  check: (claimId: string) => `claim-check-${claimId}`,
  watch: (claimId: string) => `claim-watch-${claimId}`,
};

/**
 * Vendor claims (decisions.md, "Vendor claim"): start hands out the token and instructions, verify looks
 * for it now through the claim-check workflow; a watcher workflow keeps re-checking a pending claim in the
 * background. Never metered.
 */
export function claimsService(deps: Pick<AppDeps, 'db' | 'temporal' | 'config'>) {
  const queue = taskQueues(deps.config.temporal.taskQueue).primitives;

  async function productOf(slug: string): Promise<ClaimableProduct> {
    const product = await findClaimableProduct(deps.db, slug);
    if (!product) throw notFound(`No product with slug '${slug}'`);
    return product;
  }

  function refuseIfClaimedByOther(product: ClaimableProduct, workspaceId: string): void {
    if (product.claimed_by_workspace_id && product.claimed_by_workspace_id !== workspaceId) {
      throw new ApiError(409, `${product.slug} (${product.domain}) is already claimed by another workspace, so it cannot be claimed by this one`);
    }
  }

  /** Starts the claim's background re-checks unless they already run (the id is derived from the claim). */
  async function watch(claim: ClaimRecord): Promise<void> {
    const input: ClaimWatchInput = {
      claimId: claim.id,
      workspaceId: claim.workspace_id,
      expiresAt: new Date(claim.expires_at).toISOString(),
      firstDelayMs: deps.config.claims.recheckFirstMs,
    };
    try {
      await deps.temporal.client.workflow.start(WorkflowTypes.claimWatch, {
        workflowId: claimWorkflowIds.watch(claim.id),
        taskQueue: queue,
        args: [input],
        workflowIdConflictPolicy: 'USE_EXISTING',
        // A watcher that ended may be started again (one that failed); one that ended verified or expired
        // is never asked for again, since its claim is no longer pending.
        workflowIdReusePolicy: 'ALLOW_DUPLICATE',
      });
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
  }

  const verification = (slug: string, claim: ClaimRecord, o: Partial<ClaimVerification> = {}): ClaimVerification => ({
    slug,
    claimId: claim.id,
    method: claim.method,
    verified: claim.status === 'verified',
    status: claim.status === 'verified' ? 'verified' : 'pending',
    checkedAt: claim.checked_at ? new Date(claim.checked_at).toISOString() : null,
    detail: claim.detail ?? 'Not checked yet.',
    ...o,
  });

  const gone = (claim: ClaimRecord, slug: string) =>
    new ApiError(410, `The claim of ${slug} expired unverified at ${new Date(claim.expires_at).toISOString()}; start a new one with POST /v1/claim`);

  return {
    async start(workspaceId: string, input: { slug: string; email: string; method: ClaimMethod }): Promise<ClaimStart> {
      const product = await productOf(input.slug);
      refuseIfClaimedByOther(product, workspaceId);
      const now = new Date();
      const live = await liveClaims(deps.db, product.id, workspaceId, now);
      const verified = live.find((c) => c.status === 'verified');
      if (verified && product.claimed_by_workspace_id === workspaceId) {
        return {
          claimId: verified.id,
          token: verified.token,
          instructions: `${product.slug} is already claimed by this workspace (verified at ${new Date(verified.verified_at ?? verified.checked_at ?? now).toISOString()}). Nothing more to do.`,
        };
      }
      // Asking again returns the pending claim (same token), so a retried request cannot invalidate a record already published.
      const reused = live.find((c) => c.status === 'pending' && c.method === input.method && c.email === input.email);
      const claim =
        reused ??
        (await insertClaim(deps.db, {
          productId: product.id,
          workspaceId,
          email: input.email,
          method: input.method,
          token: mintClaimToken(),
          expiresAt: new Date(now.getTime() + CLAIM_TTL_MS),
        }));
      await watch(claim);
      return {
        claimId: claim.id,
        token: claim.token,
        instructions: claimInstructions({
          method: claim.method,
          domain: product.domain,
          slug: product.slug,
          token: claim.token,
          expiresAt: new Date(claim.expires_at),
        }),
      };
    },

    async verify(workspaceId: string, input: { slug: string }): Promise<ClaimVerification> {
      const product = await productOf(input.slug);
      const claim = await latestClaim(deps.db, product.id, workspaceId);
      if (!claim) throw notFound(`This workspace has no claim of '${product.slug}': start one with POST /v1/claim first`);
      if (claim.status === 'verified') return verification(product.slug, claim);
      refuseIfClaimedByOther(product, workspaceId);
      if (claim.status === 'expired' || new Date(claim.expires_at) <= new Date()) throw gone(claim, product.slug);

      let handle: WorkflowHandle;
      const ref = { claimId: claim.id, workspaceId };
      try {
        handle = await deps.temporal.client.workflow.start(WorkflowTypes.claimCheck, {
          workflowId: claimWorkflowIds.check(claim.id),
          taskQueue: queue,
          args: [ref],
          // Concurrent verifies of one claim share the check in flight; a later verify runs a new one.
          workflowIdConflictPolicy: 'USE_EXISTING',
          workflowIdReusePolicy: 'ALLOW_DUPLICATE',
          requestEagerStart: deps.temporal.eagerStart,
        });
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
        handle = deps.temporal.client.workflow.getHandle(claimWorkflowIds.check(claim.id));
      }
      const ran = await waitForResult<ClaimCheckOutcome>(handle, deps.config.temporal.workflowWaitMs);
      if (ran.status === 'running') {
        await watch(claim);
        return verification(product.slug, claim, { detail: 'The check is still running; the background re-check will finish it. Call verify again shortly.' });
      }
      const outcome = ran.result;
      if (outcome.status === 'expired') throw gone(claim, product.slug);
      if (outcome.conflict) throw new ApiError(409, outcome.detail);
      if (outcome.verified) {
        bumpRegistryVersion(); // the worker may run in another process: this one's profile cache must see the claim now
      } else {
        await watch(claim);
      }
      return {
        slug: product.slug,
        claimId: claim.id,
        method: claim.method,
        verified: outcome.verified,
        status: outcome.verified ? 'verified' : 'pending',
        checkedAt: outcome.checkedAt,
        detail: outcome.detail,
      };
    },
  };
}
