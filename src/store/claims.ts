import type { ClaimMethod } from '../domain/claim-token';
import type { Db } from './db';
import { bumpRegistryVersion } from './registry-version';

export type ClaimStatus = 'pending' | 'verified' | 'expired';

export interface ClaimRecord {
  id: string;
  product_id: string;
  workspace_id: string;
  email: string;
  method: ClaimMethod;
  token: string;
  status: ClaimStatus;
  detail: string | null;
  created_at: Date;
  expires_at: Date;
  checked_at: Date | null;
  verified_at: Date | null;
}

/** A claim with the product it is for: what a check needs. */
export interface ClaimWithProduct extends ClaimRecord {
  slug: string;
  domain: string;
  /** The workspace the product is claimed by now, if any (perhaps another one). */
  claimed_by_workspace_id: string | null;
}

// Every query names the workspace: a claim is only ever read or changed by the workspace that made it.

export async function insertClaim(
  db: Db,
  c: { productId: string; workspaceId: string; email: string; method: ClaimMethod; token: string; expiresAt: Date },
): Promise<ClaimRecord> {
  const [row] = await db('claims')
    .insert({ product_id: c.productId, workspace_id: c.workspaceId, email: c.email, method: c.method, token: c.token, expires_at: c.expiresAt })
    .returning('*');
  return row as ClaimRecord;
}

/** The workspace's newest claim of the product, whatever its status. */
export async function latestClaim(db: Db, productId: string, workspaceId: string): Promise<ClaimRecord | undefined> {
  return db('claims')
    .where({ product_id: productId, workspace_id: workspaceId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first();
}

/** The workspace's claims of the product that could still verify or already did (newest first). */
export async function liveClaims(db: Db, productId: string, workspaceId: string, now: Date): Promise<ClaimRecord[]> {
  return db('claims')
    .where({ product_id: productId, workspace_id: workspaceId })
    .andWhere((q) => q.where('status', 'verified').orWhere((p) => p.where('status', 'pending').andWhere('expires_at', '>', now)))
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
}

export async function findClaimWithProduct(db: Db, claimId: string, workspaceId: string): Promise<ClaimWithProduct | undefined> {
  return db('claims as c')
    .join('products as p', 'p.id', 'c.product_id')
    .select('c.*', 'p.slug', 'p.domain', 'p.claimed_by_workspace_id')
    .where({ 'c.id': claimId, 'c.workspace_id': workspaceId })
    .first();
}

/** Records one look for the token; the status is left as it is (a verified or expired claim stays so). */
export async function recordClaimCheck(db: Db, claimId: string, workspaceId: string, checkedAt: Date, detail: string): Promise<void> {
  await db('claims').where({ id: claimId, workspace_id: workspaceId }).update({ checked_at: checkedAt, detail });
}

/** Marks a pending claim expired once its time is up. True when this call expired it. */
export async function expireClaim(db: Db, claimId: string, workspaceId: string, now: Date): Promise<boolean> {
  const n = await db('claims')
    .where({ id: claimId, workspace_id: workspaceId, status: 'pending' })
    .andWhere('expires_at', '<=', now)
    .update({ status: 'expired' });
  return n > 0;
}

export type VerifyOutcome = 'verified' | 'claimed_by_other' | 'not_pending';

/**
 * The token was found: in one transaction, the product becomes the workspace's (only if unclaimed or
 * already the workspace's own: a product claimed by another workspace stays theirs) and the claim is
 * marked verified. The product row is locked first, so two workspaces verifying at once cannot both win.
 */
export async function markClaimVerified(db: Db, claimId: string, workspaceId: string, at: Date, detail: string): Promise<VerifyOutcome> {
  const outcome = await db.transaction(async (trx) => {
    const claim = await trx('claims').select('product_id', 'status').where({ id: claimId, workspace_id: workspaceId }).first();
    if (!claim || claim.status === 'expired') return 'not_pending' as const;
    const product = await trx('products').select('claimed_by_workspace_id').where({ id: claim.product_id }).forUpdate().first();
    if (product.claimed_by_workspace_id && product.claimed_by_workspace_id !== workspaceId) return 'claimed_by_other' as const;
    if (product.claimed_by_workspace_id !== workspaceId) {
      await trx('products')
        .where({ id: claim.product_id })
        .whereNull('claimed_by_workspace_id')
        .update({ claimed_by_workspace_id: workspaceId, claimed_at: at });
    }
    await trx('claims')
      .where({ id: claimId, workspace_id: workspaceId })
      .update({ status: 'verified', verified_at: trx.raw('coalesce(verified_at, ?)', [at]), checked_at: at, detail });
    return 'verified' as const;
  });
  if (outcome === 'verified') bumpRegistryVersion(); // profiles now say claimed: true
  return outcome;
}

export interface ClaimableProduct {
  id: string;
  slug: string;
  domain: string;
  claimed_by_workspace_id: string | null;
  claimed_at: Date | null;
}

export async function findClaimableProduct(db: Db, slug: string): Promise<ClaimableProduct | undefined> {
  return db('products').select('id', 'slug', 'domain', 'claimed_by_workspace_id', 'claimed_at').where({ slug }).first();
}

/** The workspace's claims, newest first, with their products: the dashboard's claims list. */
export async function listWorkspaceClaims(
  db: Db,
  workspaceId: string,
  limit = 50,
): Promise<Array<ClaimRecord & { slug: string; name: string; domain: string }>> {
  return db('claims as c')
    .join('products as p', 'p.id', 'c.product_id')
    .select('c.*', 'p.slug', 'p.name', 'p.domain')
    .where('c.workspace_id', workspaceId)
    .orderBy('c.created_at', 'desc')
    .limit(limit);
}
