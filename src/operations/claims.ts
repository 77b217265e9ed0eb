import { ClaimStartBodySchema, ClaimStartSchema, ClaimVerifyBodySchema, ClaimVerifySchema } from '../schemas/claims';
import { operation } from './operation';

const TAG = 'Vendor claim';

/** Vendors claim their registry entry by proving they control its domain (DNS TXT or homepage meta tag). Key only, never metered. */
export const claimOperations = {
  startClaim: operation({
    name: 'startClaim',
    summary: 'Start claiming a registry entry: get a verification token and where to put it',
    description:
      'Starts a claim of the product by the calling workspace and returns the token agentdex-verify=<random> with instructions: a TXT ' +
      "record on the domain apex (method dns) or a meta tag in the homepage's head (method meta). Asking again while a claim with the " +
      'same method and email is pending returns that claim. Free.',
    access: 'key',
    runs: 'read',
    input: ClaimStartBodySchema,
    output: ClaimStartSchema,
    rest: {
      method: 'post',
      path: '/v1/claim',
      tag: TAG,
      status: 201,
      errors: { 404: 'No product with this slug', 409: 'The product is already claimed by another workspace' },
    },
    cli: { command: 'claim', args: ['slug'], example: 'agentdex claim acme --method dns --email owner@acme.com' },
  }),

  verifyClaim: operation({
    name: 'verifyClaim',
    summary: "Check the claim's DNS record or meta tag now",
    description:
      "Looks for the claim's token now (TXT on the apex, or the meta tag in the homepage's head). Found: the product is claimed by the " +
      'workspace (verified true). Not there yet: 200 with verified false and a detail saying what was looked for where; a pending claim ' +
      'is also re-checked in the background until it verifies or expires (7 days). Free.',
    access: 'key',
    runs: 'read',
    input: ClaimVerifyBodySchema,
    output: ClaimVerifySchema,
    rest: {
      method: 'post',
      path: '/v1/claim/verify',
      tag: TAG,
      errors: {
        404: 'No product with this slug, or no claim of it by this workspace (POST /v1/claim first)',
        409: 'The product is already claimed by another workspace',
        410: 'The claim expired unverified (after 7 days): start a new one',
      },
    },
    cli: { command: 'claim verify', args: ['slug'], example: 'agentdex claim verify acme' },
  }),
};
