import { fail, pass, type AuditDef } from '../audit';

export const adoptionAudits: AuditDef[] = [
  {
    id: 'self-serve',
    requires: ['homepage', 'pricing'],
    audit: ({ homepage, pricing }) => {
      if (pricing.selfServe || homepage.links.signup) return pass('Self-serve signup');
      if (pricing.contactSalesOnly) return fail('Access is "contact sales" only', 'Offer self-serve signup with an API key (agents cannot book a sales call)');
      return fail('No signup or free start found', 'Link a self-serve signup from the homepage and pricing page');
    },
  },
  {
    id: 'free-tier',
    requires: ['pricing'],
    audit: ({ pricing }) =>
      pricing.freeTier ? pass('Free tier or trial') : fail('No free tier or trial mentioned', 'Offer a free tier or trial so agents can try the product'),
  },
  {
    id: 'public-pricing',
    requires: ['pricing'],
    audit: ({ pricing }) =>
      pricing.publicPrices
        ? pass(`Public prices at ${pricing.url}`)
        : pricing.found
          ? fail('Pricing page shows no prices', 'Publish prices (per plan or per unit) on the pricing page', 0.5)
          : fail('No pricing page', 'Publish a /pricing page with plans and prices'),
  },
  {
    id: 'sdks',
    requires: ['docs'],
    audit: ({ docs }) => {
      const n = docs.sdkLanguages.length;
      if (n >= 3) return pass(`SDKs for ${docs.sdkLanguages.join(', ')}`);
      if (n > 0) return fail(`SDKs for ${docs.sdkLanguages.join(', ')} only`, 'Ship official SDKs for the major agent languages (TypeScript, Python, Go)', 0.5);
      return fail('No SDK install snippets found', 'Publish official SDKs with install instructions');
    },
  },
  {
    id: 'cli',
    requires: ['docs'],
    audit: ({ docs }) =>
      docs.cliInstall.length
        ? pass(`CLI: ${docs.cliInstall[0]}`)
        : fail('No CLI install command found', 'Ship a CLI agents can drive from a shell (npm i -g, brew, curl | sh)'),
  },
];
