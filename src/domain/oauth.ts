import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OAuth 2.0 client credentials over API keys (docs/decisions/metering.md#oauth-client-credentials, "OAuth client credentials"): the client
 * secret is an API key, the client id its display prefix, and the access token a random bearer token bound
 * to that key. Pure helpers; the table lives in store/oauth-tokens, the grant in services/oauth.
 */

/** Marks an access token, so a Bearer credential is told apart from an API key (`adx_`) without a lookup. */
export const ACCESS_TOKEN_PREFIX = 'adxat_';
const TOKEN_BYTES = 32;
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const TOKEN_PATH = '/oauth/token';
export const AUTHORIZATION_SERVER_METADATA_PATH = '/.well-known/oauth-authorization-server';
export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';
const DOCS_PATH = '/llms.txt';

export interface MintedToken {
  raw: string;
  hash: string;
}

/** `adxat_` + 32 random bytes, base64url (256 bits). */
export function mintAccessToken(): MintedToken {
  const raw = ACCESS_TOKEN_PREFIX + randomBytes(TOKEN_BYTES).toString('base64url');
  return { raw, hash: hashAccessToken(raw) };
}

/** Tokens are stored and looked up only by this hash; the raw token is never kept or logged. */
export function hashAccessToken(raw: string): string {
  return createHash('sha256').update(raw, 'utf8').digest('hex');
}

export function isAccessToken(raw: string): boolean {
  return raw.startsWith(ACCESS_TOKEN_PREFIX);
}

export function isWellFormedAccessToken(raw: string): boolean {
  return raw.length === ACCESS_TOKEN_PREFIX.length + 43 && isAccessToken(raw) && /^[A-Za-z0-9_-]+$/.test(raw.slice(ACCESS_TOKEN_PREFIX.length));
}

/** The credential of an `Authorization: Bearer <credential>` header (RFC 6750 §2.1), if that is what it is. */
export function bearerCredential(header: string | undefined): string | undefined {
  return /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header ?? '')?.[1];
}

/**
 * `Authorization: Basic` client credentials (RFC 6749 §2.3.1: id and secret form-urlencoded, then joined by
 * a colon and base64-encoded). `undefined` when the header is not Basic; `null` when it is but is malformed.
 */
export function basicCredentials(header: string | undefined): { clientId: string; clientSecret: string } | null | undefined {
  const m = /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(header ?? '');
  if (!m) return /^Basic(\s|$)/i.test(header ?? '') ? null : undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    const formDecode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    return { clientId: formDecode(decoded.slice(0, colon)), clientSecret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

/** Compares two secrets in time independent of where they differ (and of their lengths, by hashing first). */
export function secretsEqual(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** RFC 8414 authorization server metadata: the issuer is the public base URL itself. */
export function authorizationServerMetadata(baseUrl: string) {
  return {
    issuer: baseUrl,
    token_endpoint: `${baseUrl}${TOKEN_PATH}`,
    grant_types_supported: ['client_credentials'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    // RFC 8414 §2 makes response_types_supported REQUIRED; with no authorization endpoint there are none.
    response_types_supported: [] as string[],
    service_documentation: `${baseUrl}${DOCS_PATH}`,
  };
}

/** RFC 9728 protected resource metadata for the API (`resourcePath` '') or the MCP server ('/mcp'). */
export function protectedResourceMetadata(baseUrl: string, resourcePath: string) {
  return {
    resource: `${baseUrl}${resourcePath}`,
    authorization_servers: [baseUrl],
    bearer_methods_supported: ['header'],
    resource_name: resourcePath === '/mcp' ? 'Agentdex MCP server' : 'Agentdex API',
    resource_documentation: `${baseUrl}${DOCS_PATH}`,
  };
}
