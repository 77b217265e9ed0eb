import { type CheerioAPI, load } from 'cheerio';
import LinkHeader from 'http-link-header';
import type { HomepageArtifact } from '../artifacts';

type LinkKind = keyof HomepageArtifact['links'];

// How a link reveals what it leads to: its URL or its text.
const LINK_RULES: Array<[LinkKind, RegExp, RegExp]> = [
  [
    'docs',
    /(^|\/\/)(docs|developers?)\.|\/(docs|documentation|developers?|api-reference|reference)(\/|$)/i,
    /^(docs|documentation|developers?|api reference|api docs)$/i,
  ],
  ['pricing', /\/(pricing|plans)(\/|$)/i, /^(pricing|plans)$/i],
  ['status', /(^|\/\/)status\.|\/status(\/|$)|statuspage\.io|status\.io/i, /^(system )?status$/i],
  ['changelog', /\/(changelog|releases|release-notes|whats-new)(\/|$)/i, /^(changelog|release notes|what's new)$/i],
  ['signup', /\/(signup|sign-up|register|join|start)(\/|$)/i, /^(sign ?up|get started|start (for )?free|create (an )?account|try (it )?(for )?free)$/i],
  ['mcp', /\/mcp(\/|$)|(^|\/\/)mcp\./i, /\bmcp\b/i],
  ['openapi', /(openapi|swagger)\.(json|ya?ml)$/i, /^openapi( spec)?$/i],
  ['api', /\/api(\/|$)|(^|\/\/)api\./i, /^(api|rest api|public api)$/i],
];

/** Reads what an agent learns from a homepage: metadata, structured data, Link headers and key links. */
export function parseHomepage(url: string, status: number, headers: Record<string, string>, html: string, rendered: boolean): HomepageArtifact {
  const $ = load(html);
  const meta = (sel: string) => $(sel).attr('content')?.trim() || undefined;
  const openGraph = openGraphTags($);

  const jsonLdTypes: string[] = [];
  let organization: HomepageArtifact['organization'];
  $('script[type="application/ld+json"]').each((_, el) => {
    for (const node of jsonLdNodes($(el).text())) {
      const types = ([] as unknown[]).concat(node['@type'] ?? []).map(String);
      jsonLdTypes.push(...types);
      if (
        !organization &&
        types.some((t) => /^(Organization|Corporation|SoftwareApplication|WebSite)$/.test(t)) &&
        types.some((t) => /Organization|Corporation/.test(t))
      ) {
        organization = {
          name: typeof node.name === 'string' ? node.name : undefined,
          url: typeof node.url === 'string' ? node.url : undefined,
          logo: typeof node.logo === 'string' ? node.logo : undefined,
          sameAs: ([] as unknown[]).concat(node.sameAs ?? []).map(String),
        };
      }
    }
  });

  const links: HomepageArtifact['links'] = {};
  $('a[href]').each((_, el) => {
    const href = absolute($(el).attr('href')!, url);
    if (!href) return;
    const text = $(el).text().replace(/\s+/g, ' ').trim();
    for (const [kind, byUrl, byText] of LINK_RULES) {
      if (!links[kind] && (byUrl.test(href) || byText.test(text))) links[kind] = href;
    }
  });

  let linkHeader: HomepageArtifact['linkHeader'] = [];
  if (headers.link) {
    try {
      linkHeader = LinkHeader.parse(headers.link).refs.map((r) => ({ uri: absolute(r.uri, url) ?? r.uri, rel: r.rel, type: r.type }));
    } catch {
      linkHeader = [];
    }
  }

  $('script, style, noscript, template').remove();
  const textLength = $('body').text().replace(/\s+/g, ' ').trim().length;
  const scripts = load(html)('script[src], script:not([type]), script[type="module"]').length;
  return {
    url,
    status,
    https: url.startsWith('https:'),
    title: $('title').first().text().trim() || undefined,
    description: meta('meta[name="description"]') ?? openGraph['og:description'],
    openGraph,
    jsonLdTypes,
    organization,
    linkHeader,
    links,
    scriptOnlyShell: textLength < 200 && scripts > 0,
    rendered,
    textLength,
  };
}

/** A page's OpenGraph tags (`og:title`, `og:site_name`, ...), trimmed (a repeated tag keeps its last value). Shared by audits and company facts. */
export function openGraphTags($: CheerioAPI): Record<string, string> {
  const tags: Record<string, string> = {};
  $('meta[property^="og:"]').each((_, el) => {
    const p = $(el).attr('property');
    const c = $(el).attr('content');
    if (p && c) tags[p] = c.trim();
  });
  return tags;
}

/** The nodes of one JSON-LD script: a single object, an array of them, or an `@graph`; none when it does not parse. */
export function jsonLdNodes(text: string): Array<Record<string, unknown>> {
  try {
    const doc = JSON.parse(text) as unknown;
    const top = Array.isArray(doc) ? doc : [doc];
    return top.flatMap((n) => {
      if (!n || typeof n !== 'object') return [];
      const graph = (n as { '@graph'?: unknown })['@graph'];
      return Array.isArray(graph) ? (graph as Array<Record<string, unknown>>) : [n as Record<string, unknown>];
    });
  } catch {
    return [];
  }
}

export function absolute(href: string, base: string): string | undefined {
  try {
    const u = new URL(href, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}
