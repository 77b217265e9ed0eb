import { hashApiKey, isWellFormedApiKey } from '../domain/api-keys';
import { ACCESS_TOKEN_TTL_SECONDS, hashAccessToken, isWellFormedAccessToken, mintAccessToken, secretsEqual } from '../domain/oauth';
import type { Db } from '../store/db';
import { findLiveAccessToken, insertAccessToken } from '../store/oauth-tokens';
import { findActiveKey } from '../store/workspaces';

/** The client's credentials as the token endpoint read them (from the form or from Basic). */
export interface ClientCredentials {
  clientId?: string;
  clientSecret?: string;
}

export interface AccessTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

/** A typed outcome, as RFC 6749 §5.2 names it: the door turns it into its status and headers. */
export type TokenGrant = { ok: true; token: AccessTokenResponse } | { ok: false; error: 'invalid_client'; description: string };

/**
 * The client-credentials grant over API keys: the client secret is an unrevoked API key, the client id
 * (optional) its display prefix; the token is random, stored only as its hash, bound to the key for an
 * hour. Neither the key nor the token is ever logged.
 */
export function oauthService(db: Db) {
  return {
    async issueToken(credentials: ClientCredentials, now = new Date()): Promise<TokenGrant> {
      const refused = {
        ok: false,
        error: 'invalid_client',
        description: 'Client authentication failed: client_secret must be an active Agentdex API key',
      } as const;
      const secret = credentials.clientSecret?.trim();
      if (!secret || !isWellFormedApiKey(secret)) return refused;
      const key = await findActiveKey(db, hashApiKey(secret));
      if (!key) return refused;
      if (credentials.clientId !== undefined && credentials.clientId !== '' && !secretsEqual(credentials.clientId, key.prefix)) {
        return { ok: false, error: 'invalid_client', description: "Client authentication failed: client_id must be the key's prefix (or omitted)" };
      }
      const token = mintAccessToken();
      await insertAccessToken(db, {
        tokenHash: token.hash,
        keyId: key.keyId,
        workspaceId: key.workspaceId,
        expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000),
      });
      return { ok: true, token: { access_token: token.raw, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS } };
    },

    /** The key and workspace a live access token stands for: unexpired, its key unrevoked. */
    async resolveAccessToken(raw: string, now = new Date()) {
      if (!isWellFormedAccessToken(raw)) return undefined;
      return findLiveAccessToken(db, hashAccessToken(raw), now);
    },
  };
}

export type OAuthService = ReturnType<typeof oauthService>;
