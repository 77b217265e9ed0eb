import { type ClaimMethod, describeMetaCheck, describeTxtCheck, inspectMeta, inspectTxt, metaTagFor } from '../src/domain/claim-token';
import type { Outbound } from '../src/net';
import { resolveTxt } from '../src/net/dns-txt';
import { type ClaimWithProduct, expireClaim, findClaimWithProduct, markClaimVerified, recordClaimCheck } from '../src/store/claims';
import type { Db } from '../src/store/db';

export interface ClaimActivityDeps {
  db: Db;
  outbound: Outbound;
  /** DNS_SERVERS; the system's resolvers when empty. */
  dnsServers: string[];
  requestTimeoutMs: number;
}

export interface ClaimRef {
  claimId: string;
  workspaceId: string;
}

/** One look for a claim's token, as the workflow and the verify call see it. */
export interface ClaimCheckOutcome {
  claimId: string;
  slug: string;
  method: ClaimMethod;
  /** `pending` also when the token is in place but the product was claimed by another workspace meanwhile (`conflict`). */
  status: 'pending' | 'verified' | 'expired';
  verified: boolean;
  conflict: boolean;
  checkedAt: string | null;
  detail: string;
  expiresAt: string;
}

/** Pages are read as a browser would see them; the homepage is small, so a modest cap suffices. */
const HOMEPAGE_MAX_BYTES = 2 * 1024 * 1024;

/** The claim checks' side effects: the DNS lookup or homepage fetch, and recording what was found. */
export function claimActivities(d: ClaimActivityDeps) {
  /** What the token's place holds now: found or not, and the detail saying what was looked for where. */
  async function look(claim: ClaimWithProduct): Promise<{ found: boolean; detail: string }> {
    if (claim.method === 'dns') {
      let records: string[][];
      try {
        records = await resolveTxt(claim.domain, { servers: d.dnsServers, timeoutMs: Math.min(d.requestTimeoutMs, 5_000), tries: 2 });
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
        return { found: false, detail: `Could not look up TXT records on ${claim.domain} (${code}); looking for ${claim.token}. Will try again.` };
      }
      const found = inspectTxt(records, claim.token);
      return { found: found.matched, detail: describeTxtCheck(claim.domain, claim.token, found) };
    }
    // The vendor asked us to look at their homepage: one fetch, through the guarded outbound layer, robots.txt not consulted.
    let url = `https://${claim.domain}/`;
    try {
      const res = await d.outbound.fetchSite(claim.domain, '/', { timeoutMs: d.requestTimeoutMs, maxBytes: HOMEPAGE_MAX_BYTES, robots: false });
      url = res.url;
      if (res.status < 200 || res.status >= 300) {
        return { found: false, detail: `No ${metaTagFor(claim.token)} could be read: the homepage ${url} answered HTTP ${res.status}.` };
      }
      const found = inspectMeta(res.text(), claim.token);
      return { found: found.matched, detail: describeMetaCheck(url, claim.token, found) };
    } catch (err) {
      return { found: false, detail: `Could not fetch the homepage ${url} to look for ${metaTagFor(claim.token)}: ${(err as Error).message}. Will try again.` };
    }
  }

  const outcomeOf = (c: ClaimWithProduct, o: Partial<ClaimCheckOutcome> & { detail: string }): ClaimCheckOutcome => ({
    claimId: c.id,
    slug: c.slug,
    method: c.method,
    status: c.status,
    verified: c.status === 'verified',
    conflict: false,
    checkedAt: c.checked_at ? new Date(c.checked_at).toISOString() : null,
    expiresAt: new Date(c.expires_at).toISOString(),
    ...o,
  });

  return {
    /**
     * Looks for the claim's token once and records what was found; found, the claim is verified and the
     * product becomes the workspace's (unless another workspace holds it). A verified or expired claim is
     * reported as it stands, without looking.
     */
    async checkClaim(ref: ClaimRef): Promise<ClaimCheckOutcome> {
      const claim = await findClaimWithProduct(d.db, ref.claimId, ref.workspaceId);
      if (!claim) throw new Error(`claim ${ref.claimId} not found in workspace ${ref.workspaceId}`);
      if (claim.status !== 'pending') return outcomeOf(claim, { detail: claim.detail ?? `The claim is ${claim.status}.` });
      const now = new Date();
      if (new Date(claim.expires_at) <= now) {
        await expireClaim(d.db, claim.id, ref.workspaceId, now);
        return outcomeOf(claim, { status: 'expired', detail: `The claim expired unverified at ${new Date(claim.expires_at).toISOString()}.` });
      }
      const conflictDetail = (what: string) => `${what} However, ${claim.slug} is already claimed by another workspace, so it cannot be claimed by this one.`;
      if (claim.claimed_by_workspace_id && claim.claimed_by_workspace_id !== ref.workspaceId) {
        const detail = conflictDetail('Nothing was looked up.');
        await recordClaimCheck(d.db, claim.id, ref.workspaceId, now, detail);
        return outcomeOf(claim, { status: 'pending', conflict: true, checkedAt: now.toISOString(), detail });
      }
      const { found, detail } = await look(claim);
      const checkedAt = new Date();
      if (found) {
        const verified = await markClaimVerified(d.db, claim.id, ref.workspaceId, checkedAt, detail);
        if (verified === 'verified') return outcomeOf(claim, { status: 'verified', verified: true, checkedAt: checkedAt.toISOString(), detail });
        if (verified === 'claimed_by_other') {
          const refused = conflictDetail(detail);
          await recordClaimCheck(d.db, claim.id, ref.workspaceId, checkedAt, refused);
          return outcomeOf(claim, { status: 'pending', conflict: true, checkedAt: checkedAt.toISOString(), detail: refused });
        }
        // Expired between our read and the write: report it as it now stands.
        const now2 = await findClaimWithProduct(d.db, claim.id, ref.workspaceId);
        return outcomeOf(now2 ?? claim, { detail: now2?.detail ?? detail });
      }
      await recordClaimCheck(d.db, claim.id, ref.workspaceId, checkedAt, detail);
      return outcomeOf(claim, { status: 'pending', checkedAt: checkedAt.toISOString(), detail });
    },

    /** The watcher's end: a claim still pending at its expiry is marked expired. */
    async expirePendingClaim(ref: ClaimRef): Promise<boolean> {
      return expireClaim(d.db, ref.claimId, ref.workspaceId, new Date());
    },
  };
}
