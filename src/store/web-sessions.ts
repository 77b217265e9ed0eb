import type { Db } from './db';

export interface WebSessionRow {
  id: string;
  workspace_id: string;
  key_id: string;
  csrf_token: string;
  created_at: Date;
  last_seen_at: Date;
}

export async function insertWebSession(
  db: Db,
  s: { tokenHash: string; workspaceId: string; keyId: string; csrfToken: string; expiresAt: Date },
): Promise<string> {
  const [row] = await db('web_sessions')
    .insert({ token_hash: s.tokenHash, workspace_id: s.workspaceId, key_id: s.keyId, csrf_token: s.csrfToken, expires_at: s.expiresAt })
    .returning('id');
  return row.id as string;
}

/**
 * The live session for a token hash: not revoked, not expired, and signed in with a key that is still
 * active (revoking the key ends the sessions it opened). Touches last-seen at most once a minute.
 */
export async function findLiveWebSession(db: Db, tokenHash: string, now: Date): Promise<WebSessionRow | undefined> {
  const row = await db('web_sessions as s')
    .join('api_keys as k', 'k.id', 's.key_id')
    .select('s.id', 's.workspace_id', 's.key_id', 's.csrf_token', 's.created_at', 's.last_seen_at')
    .where('s.token_hash', tokenHash)
    .whereNull('s.revoked_at')
    .whereNull('k.revoked_at')
    .andWhere('s.expires_at', '>', now)
    .first();
  if (row && now.getTime() - new Date(row.last_seen_at).getTime() > 60_000) {
    await db('web_sessions').where({ id: row.id }).update({ last_seen_at: now });
  }
  return row;
}

export async function listWebSessions(db: Db, workspaceId: string, now: Date) {
  return db('web_sessions')
    .select('id', 'created_at', 'last_seen_at', 'expires_at')
    .where({ workspace_id: workspaceId })
    .whereNull('revoked_at')
    .andWhere('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc');
}

/** Revokes one session of this workspace; false when it has none with that id. */
export async function revokeWebSession(db: Db, workspaceId: string, sessionId: string): Promise<boolean> {
  const n = await db('web_sessions').where({ id: sessionId, workspace_id: workspaceId }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
  return n > 0;
}

export async function revokeAllWebSessions(db: Db, workspaceId: string): Promise<number> {
  return db('web_sessions').where({ workspace_id: workspaceId }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
}
