import type { Context } from 'koa';
import type { AppDeps } from '../deps';
import {
  AUTHORIZATION_SERVER_METADATA_PATH,
  authorizationServerMetadata,
  basicCredentials,
  PROTECTED_RESOURCE_METADATA_PATH,
  protectedResourceMetadata,
  TOKEN_PATH,
} from '../domain/oauth';
import type { ApiError } from '../errors';
import { HttpError } from '../http/errors';
import { defineRoute, type RouteDef } from '../http/route';
import { MCP_PATH } from '../mcp/routes';
import { OAuthErrorSchema, TokenRequestSchema, TokenResponseSchema } from '../schemas/oauth';
import { oauthService } from '../services/oauth';

type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'unsupported_grant_type';

/** An RFC 6749 §5.2 error: `{error, error_description}`, never cached; invalid_client challenges for Basic. */
function oauthError(status: number, error: OAuthErrorCode, description: string, headers: Record<string, string> = {}): HttpError {
  const challenge: Record<string, string> = error === 'invalid_client' ? { 'WWW-Authenticate': 'Basic realm="agentdex", charset="UTF-8"' } : {};
  return new HttpError(status, error, { error_description: description }, { 'Cache-Control': 'no-store', Pragma: 'no-cache', ...challenge, ...headers });
}

/**
 * OAuth 2.0 for agents and MCP clients that speak it (docs/decisions/metering.md#oauth-client-credentials, "OAuth client credentials"): the
 * client-credentials token endpoint, its RFC 8414 metadata, and RFC 9728 metadata for the API and the MCP
 * server. API keys stay the primary credential; a token stands for the key that obtained it.
 */
export function oauthRoutes(deps: AppDeps): RouteDef[] {
  const oauth = oauthService(deps.db);
  const base = deps.config.publicBaseUrl;
  const metadata = (path: string, summary: string, doc: () => unknown) =>
    defineRoute({
      method: 'get',
      path,
      tag: 'Descriptors',
      summary,
      auth: 'open',
      documented: false,
      responses: { 200: { description: summary } },
      handler: (_input, ctx) => {
        ctx.set('Cache-Control', 'public, max-age=3600');
        return doc();
      },
    });
  return [
    defineRoute({
      method: 'post',
      path: TOKEN_PATH,
      tag: 'OAuth',
      summary: 'OAuth 2.0 client-credentials grant: exchange an API key for a one-hour bearer token',
      description:
        'RFC 6749 §4.4. Send `grant_type=client_credentials` form-encoded, with the API key as `client_secret` ' +
        "(and optionally the key's prefix as `client_id`), or both as HTTP Basic. The token works wherever the key " +
        'does, as `Authorization: Bearer <access_token>`, for the same workspace; revoking the key ends it. ' +
        `Discovery: ${AUTHORIZATION_SERVER_METADATA_PATH} (RFC 8414) and ${PROTECTED_RESOURCE_METADATA_PATH} (RFC 9728).`,
      auth: 'open',
      request: { body: TokenRequestSchema, bodyType: 'form' },
      responses: {
        200: { description: 'The access token', schema: TokenResponseSchema },
        400: { description: '`invalid_request` (a missing, repeated or invalid parameter, named) or `unsupported_grant_type`', schema: OAuthErrorSchema },
        401: { description: '`invalid_client`: no client authentication, or not an active API key', schema: OAuthErrorSchema },
      },
      rewriteError: (err, ctx) => refusal(err, ctx),
      handler: async ({ body }, ctx) => {
        const basic = basicCredentials(ctx.get('authorization'));
        if (basic === null) throw oauthError(401, 'invalid_client', 'Malformed HTTP Basic client credentials');
        if (basic && (body.client_secret !== undefined || body.client_id !== undefined)) {
          throw oauthError(400, 'invalid_request', 'Use one client authentication method: HTTP Basic or client_secret in the body, not both');
        }
        const credentials = basic ?? { clientId: body.client_id, clientSecret: body.client_secret };
        if (!credentials.clientSecret)
          throw oauthError(401, 'invalid_client', 'Client authentication required: send an API key as client_secret or with HTTP Basic');
        const grant = await oauth.issueToken(credentials);
        if (!grant.ok) throw oauthError(401, grant.error, grant.description);
        ctx.set('Cache-Control', 'no-store');
        ctx.set('Pragma', 'no-cache');
        return grant.token;
      },
    }),
    metadata(AUTHORIZATION_SERVER_METADATA_PATH, 'OAuth 2.0 authorization server metadata (RFC 8414)', () => authorizationServerMetadata(base)),
    metadata(PROTECTED_RESOURCE_METADATA_PATH, 'OAuth 2.0 protected resource metadata for the API (RFC 9728)', () => protectedResourceMetadata(base, '')),
    metadata(`${PROTECTED_RESOURCE_METADATA_PATH}${MCP_PATH}`, 'OAuth 2.0 protected resource metadata for the MCP server (RFC 9728)', () =>
      protectedResourceMetadata(base, MCP_PATH),
    ),
  ];
}

/** Validation and body refusals as RFC 6749 §5.2 errors, keeping their status and headers. */
function refusal(err: ApiError, ctx: Context): ApiError {
  if (err.status >= 500 || OAuthErrorSchema.shape.error.safeParse(err.message).success) return err;
  const grantType = (ctx.request.body as { grant_type?: unknown } | undefined)?.grant_type;
  if (err.status === 400 && typeof grantType === 'string' && grantType !== '' && grantType !== 'client_credentials') {
    return oauthError(400, 'unsupported_grant_type', `grant_type ${JSON.stringify(grantType.slice(0, 50))} is not supported: use client_credentials`);
  }
  return oauthError(err.status, 'invalid_request', err.message, err instanceof HttpError ? err.headers : {});
}
