import { z } from './zod';

// RFC 6749 §4.4.2: the client-credentials token request, form-encoded. The client authenticates with
// client_secret here (client_secret_post) or with HTTP Basic (client_secret_basic), never both.
export const TokenRequestSchema = z
  .object({
    grant_type: z.enum(['client_credentials']).meta({ description: 'Always `client_credentials`' }),
    client_id: z.string().max(200).optional().meta({ description: "The key's prefix as the key list shows it (`adx_` and 6 characters); optional" }),
    client_secret: z.string().max(200).optional().meta({ description: 'An Agentdex API key (`adx_...`); or send both as HTTP Basic' }),
    scope: z.string().max(1000).optional().meta({ description: 'Ignored: a token carries everything its key may do' }),
  })
  .openapi('TokenRequest');

// RFC 6749 §5.1.
export const TokenResponseSchema = z
  .object({
    access_token: z.string().meta({ description: 'Send as `Authorization: Bearer <access_token>` wherever an API key is accepted' }),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().meta({ description: 'Seconds until the token expires (3600)' }),
  })
  .openapi('TokenResponse');

// RFC 6749 §5.2.
export const OAuthErrorSchema = z
  .object({
    error: z.enum(['invalid_request', 'invalid_client', 'unsupported_grant_type']),
    error_description: z.string().optional(),
  })
  .openapi('OAuthError');
