import { html, page, routes, type SiteHandler } from './respond';

/**
 * Homepages for vendor-claim tests (method `meta`). The tag's content is set by the test once it has a
 * claim's token (`claimMetaContent.set(host, content)`); until then the page has no tag.
 */
export const claimMetaContent = new Map<string, string>();

const tag = (content: string) => `<meta name="agentdex-verify" content="${content}">`;
const home = (where: 'head' | 'body' | 'none'): SiteHandler =>
  routes({
    '/': (_q, r, ctx) => {
      const content = claimMetaContent.get(ctx.host);
      const meta = content === undefined || where === 'none' ? '' : tag(content);
      const body = `<h1>${ctx.host}</h1><p>${'A vendor homepage. '.repeat(6)}</p>`;
      html(r, where === 'body' ? page(ctx.host, `${body}${meta}`) : page(ctx.host, body, `<meta name="description" content="A vendor.">${meta}`));
    },
  });

export const CLAIM_SITES: Record<string, SiteHandler> = {
  // The tag in the <head>, with whatever content the test set (the claim's random part, the whole token, or a wrong one).
  'claim-meta-head.test': home('head'),
  // The dashboard's browser test claims this one (test/web/browser.test.ts).
  'claim-meta-web.test': home('head'),
  'claim-meta-full.test': home('head'),
  'claim-meta-wrong.test': home('head'),
  // The right tag, but in the <body>: not accepted.
  'claim-meta-body.test': home('body'),
  // No tag at all.
  'claim-meta-none.test': home('none'),
};
