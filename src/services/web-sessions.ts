import { createHash, randomBytes } from 'node:crypto';
import { hashApiKey, isWellFormedApiKey } from '../domain/api-keys';
import { unauthorized } from '../errors';
import type { Db } from '../store/db';
import { findActiveKey } from '../store/workspaces';
import { findLiveWebSession, insertWebSession, revokeAllWebSessions, revokeWebSession } from '../store/web-sessions';

export const SESSION_TTL_MS = 7 * 86_400_000;

export interface WebSession {
  id: string;
  workspaceId: string;
  keyId: string;
  csrfToken: string;
}

const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const randomToken = () => randomBytes(32).toString('base64url');

/**
 * Dashboard sessions: signing in with an API key opens a session (a random token in an httpOnly cookie,
 * stored hashed), bound to that key: revoking the key, signing out, or revoking the session from another
 * one ends it. Each session has its own CSRF token for its forms.
 */
export function webSessionsService(db: Db) {
  return {
    async signIn(rawKey: string, now = new Date()): Promise<{ token: string; session: WebSession }> {
      const raw = rawKey.trim();
      const key = isWellFormedApiKey(raw) ? await findActiveKey(db, hashApiKey(raw)) : undefined;
      if (!key) throw unauthorized('Invalid or revoked API key');
      return this.open(key.workspaceId, key.keyId, now);
    },

    /** A session for a key just issued (sign-up signs the new workspace in). */
    async open(workspaceId: string, keyId: string, now = new Date()): Promise<{ token: string; session: WebSession }> {
      const token = randomToken();
      const csrfToken = randomToken();
      const id = await insertWebSession(db, {
        tokenHash: tokenHash(token),
        workspaceId,
        keyId,
        csrfToken,
        expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      });
      return { token, session: { id, workspaceId, keyId, csrfToken } };
    },

    async find(token: string | undefined, now = new Date()): Promise<WebSession | undefined> {
      if (!token || token.length > 200) return undefined;
      const row = await findLiveWebSession(db, tokenHash(token), now);
      return row ? { id: row.id, workspaceId: row.workspace_id, keyId: row.key_id, csrfToken: row.csrf_token } : undefined;
    },

    revoke: (workspaceId: string, sessionId: string) => revokeWebSession(db, workspaceId, sessionId),
    revokeAll: (workspaceId: string) => revokeAllWebSessions(db, workspaceId),
  };
}
