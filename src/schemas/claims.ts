import { Slug, Email } from './common';
import { z } from './zod';

const Method = z.enum(['dns', 'meta']).meta({
  description: '`dns`: a TXT record on the domain apex whose value is the token; `meta`: <meta name="agentdex-verify"> in the homepage\'s <head>',
});

export const ClaimStartBodySchema = z
  .object({
    slug: Slug,
    email: Email.meta({ description: "The vendor's contact, kept with the claim" }),
    method: Method,
  })
  .openapi('ClaimStartRequest');

export const ClaimStartSchema = z
  .object({
    claimId: z.string(),
    token: z.string().meta({ description: 'agentdex-verify=<random>: the TXT value, or (its random part) the meta tag content' }),
    instructions: z.string().meta({ description: 'Exactly where to put the token, and how to verify' }),
  })
  .openapi('ClaimStart');

export const ClaimVerifyBodySchema = z.object({ slug: Slug }).openapi('ClaimVerifyRequest');

export const ClaimVerifySchema = z
  .object({
    slug: z.string(),
    claimId: z.string(),
    method: z.enum(['dns', 'meta']),
    verified: z.boolean(),
    status: z.enum(['pending', 'verified']),
    checkedAt: z.string().nullable().meta({ description: 'When the record was last looked for' }),
    detail: z.string().meta({ description: 'What was looked for, where, and what was found' }),
  })
  .openapi('ClaimVerification');
