import { getDomain } from 'tldts';
import { z } from 'zod';

/**
 * Live discovery reads two kinds of source: the MCP registry API (`GET /v0/servers?search=`) and a web search
 * provider speaking SearXNG's JSON format (`GET /search?q=&format=json`). This module turns their answers
 * into candidate product domains; fetching them is the service's job.
 */

const Url = z.string().url();
const ServerSchema = z
  .object({
    name: z.string(),
    description: z.string().optional(),
    websiteUrl: Url.optional(),
    website_url: Url.optional(),
    repository: z.object({ url: z.string().optional() }).partial().optional(),
    remotes: z.array(z.object({ url: z.string() }).passthrough()).optional(),
  })
  .passthrough();

// The registry has served both shapes: servers flat (2025 preview) and wrapped as {server, _meta} (v0 since).
const WrappedServerSchema = z.object({ server: ServerSchema });
const McpRegistryResponseSchema = z.object({ servers: z.array(z.unknown()) });

const SearxResponseSchema = z.object({
  results: z.array(z.object({ url: z.string(), title: z.string().optional(), content: z.string().optional() }).passthrough()),
});

export interface Candidate {
  domain: string;
  name: string;
  description: string;
  source: 'mcp-registry' | 'web-search';
}

// Hosts that hold many products' code, packages or posts: a hit there names no product of its own.
const NOT_PRODUCTS = new Set([
  'github.com',
  'github.io',
  'gitlab.com',
  'bitbucket.org',
  'npmjs.com',
  'npmjs.org',
  'pypi.org',
  'crates.io',
  'wikipedia.org',
  'reddit.com',
  'medium.com',
  'stackoverflow.com',
  'stackexchange.com',
  'youtube.com',
  'x.com',
  'twitter.com',
  'linkedin.com',
  'facebook.com',
  'dev.to',
  'ycombinator.com',
  'producthunt.com',
  'substack.com',
  'modelcontextprotocol.io',
  'google.com',
  'bing.com',
]);

/** The registrable domain of a URL that could be a product's own site, or undefined. */
export function productDomainOf(rawUrl: string | undefined): string | undefined {
  if (!rawUrl) return undefined;
  let host: string;
  try {
    const url = new URL(rawUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    host = url.hostname.toLowerCase();
  } catch {
    return undefined;
  }
  if (!/[a-z]/.test(host.replace(/\.[a-z]+$/, '')) || host.startsWith('[')) return undefined; // IP literals
  const domain = (getDomain(host, { allowPrivateDomains: true }) ?? host).replace(/^www\./, '');
  return NOT_PRODUCTS.has(domain) ? undefined : domain;
}

export function candidatesFromMcpRegistry(body: unknown): Candidate[] {
  const parsed = McpRegistryResponseSchema.safeParse(body);
  if (!parsed.success) return [];
  return parsed.data.servers.flatMap((entry) => {
    const wrapped = WrappedServerSchema.safeParse(entry);
    const flat = ServerSchema.safeParse(entry);
    const s = wrapped.success ? wrapped.data.server : flat.success ? flat.data : undefined;
    if (!s) return []; // one malformed entry does not spoil the rest
    const domain = productDomainOf(s.websiteUrl ?? s.website_url) ?? s.remotes?.map((r) => productDomainOf(r.url)).find(Boolean);
    return domain ? [{ domain, name: s.name.split('/').pop() ?? s.name, description: s.description ?? '', source: 'mcp-registry' as const }] : [];
  });
}

export function candidatesFromSearch(body: unknown): Candidate[] {
  const parsed = SearxResponseSchema.safeParse(body);
  if (!parsed.success) return [];
  return parsed.data.results.flatMap((r) => {
    const domain = productDomainOf(r.url);
    return domain ? [{ domain, name: r.title ?? domain, description: r.content ?? '', source: 'web-search' as const }] : [];
  });
}

/** First mention of each domain wins, in source order; domains already known are left out. */
export function newCandidates(candidates: Candidate[], known: ReadonlySet<string>, limit: number): Candidate[] {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const c of candidates) {
    if (known.has(c.domain) || seen.has(c.domain)) continue;
    seen.add(c.domain);
    out.push(c);
    if (out.length === limit) break;
  }
  return out;
}

/** The registry's `search` matches server names by substring, so it is asked one keyword at a time. */
export function registryKeywords(searchTerms: string, max = 3): string[] {
  const words = searchTerms
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3);
  return [...new Set(words)].sort((a, b) => b.length - a.length).slice(0, max);
}
