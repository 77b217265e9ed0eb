import type { Db } from './db';

export async function insertAccessToken(db: Db, t: { tokenHash: string; keyId: string; workspaceId: string; expiresAt: Date }): Promise<void> {
  await db('oauth_access_tokens').insert({ token_hash: t.tokenHash, key_id: t.keyId, workspace_id: t.workspaceId, expires_at: t.expiresAt });
}

/** The live token for a hash: unexpired, and obtained with a key that is still unrevoked (one indexed probe and a join). */
export async function findLiveAccessToken(db: Db, tokenHash: string, now: Date): Promise<{ keyId: string; workspaceId: string; expiresAt: Date } | undefined> {
  const row = await db('oauth_access_tokens as t')
    .join('api_keys as k', 'k.id', 't.key_id')
    .select('t.key_id', 't.workspace_id', 't.expires_at')
    .where('t.token_hash', tokenHash)
    .whereNull('k.revoked_at')
    .andWhere('t.expires_at', '>', now)
    .first();
  return row ? { keyId: row.key_id, workspaceId: row.workspace_id, expiresAt: new Date(row.expires_at) } : undefined;
}

/** Tokens past their expiry are useless; the maintenance sweep deletes them. */
export async function deleteExpiredAccessTokens(db: Db, now: Date): Promise<number> {
  return db('oauth_access_tokens').where('expires_at', '<=', now).del();
}
