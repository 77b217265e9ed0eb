import type { McpSource } from '../artifacts';
import { absolute } from './homepage';

export type { McpSource };

/**
 * What an audit reads about MCP from documents, before any handshake: server cards (whose drafts and real
 * sites name the endpoint in different fields), links and documentation pages about MCP, and the common
 * places an endpoint lives. Pure; the gatherer decides what to probe.
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface ServerCard {
  name?: string;
  endpoints: string[];
}

/**
 * Reads a server card's endpoints from every field the published drafts and real sites use: `url`,
 * `endpoint`, `serverUrl`, `transport.url` / `transport.endpoint` (SEP-1649), `transports[]`, `remotes[].url`
 * (the registry's server.json, SEP-2127) and `endpoints[]` (strings or objects). Relative endpoints resolve
 * against the card's URL; templated ones (`{tenant_id}`) cannot be probed and are left out. Undefined when
 * the body is not a JSON object.
 */
export function parseServerCard(body: string, cardUrl: string): ServerCard | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(body.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
  if (!isObject(doc)) return undefined;
  const found: unknown[] = [];
  const take = (v: unknown) => {
    if (typeof v === 'string') found.push(v);
    else if (isObject(v)) found.push(v.url, v.endpoint, v.href);
  };
  const takeAll = (v: unknown) => (Array.isArray(v) ? v.forEach(take) : take(v));
  take(doc.url);
  take(doc.endpoint);
  take(doc.serverUrl);
  takeAll(doc.transport);
  takeAll(doc.transports);
  takeAll(doc.remotes);
  takeAll(doc.endpoints);
  const endpoints = found
    .filter((u): u is string => typeof u === 'string' && !!u.trim() && !/[{}]/.test(u))
    .map((u) => absolute(u.trim(), cardUrl))
    .filter((u): u is string => !!u);
  const info = isObject(doc.serverInfo) ? doc.serverInfo : {};
  const name = [doc.name, info.name, doc.title].find((n): n is string => typeof n === 'string');
  return { name, endpoints: [...new Set(endpoints)] };
}

const DOCS_HOST = /^(docs?|developers?|dev|help|support|learn|guides?|blog|www\.docs)\./i;
const DOCS_SEGMENT = /^(docs?|documentation|guides?|reference|api-reference|help|blog|learn|tutorials?|integrations?|changelog|articles?|kb)$/i;
const PAGE_FILE = /\.(html?|mdx?|php|aspx?)$/i;
const ENDPOINT_SEGMENT = /^(mcp|sse)$/i;

/** A link's URL or its title says it is about MCP. */
export function isMcpLink(url: string, title = ''): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  return mcpInUrl(u) || /\bMCP\b|Model Context Protocol/i.test(title);
}

/** The URL itself says MCP: an `mcp.` host or a path segment (not a brand that happens to contain the letters). */
function mcpInUrl(u: URL): boolean {
  return /^mcp\./i.test(u.hostname) || /(^|[/_-])mcp([/._-]|$)/i.test(u.pathname) || /model[-_ ]context[-_ ]protocol/i.test(u.pathname);
}

/** Orders links about MCP: those whose URL says MCP before those only titled so (navigation, brand names). */
export function byMcpEvidence<T extends { url: string }>(links: T[]): T[] {
  const inUrl = (l: T) => {
    try {
      return mcpInUrl(new URL(l.url));
    } catch {
      return false;
    }
  };
  return [...links.filter(inUrl), ...links.filter((l) => !inUrl(l))];
}

/**
 * Whether a URL is shaped like an MCP endpoint (`mcp.` host, or a path ending in `/mcp` or `/sse`) rather
 * than a page about one (a docs host or path, a file name). A documentation page about MCP is not an endpoint.
 */
export function looksLikeMcpEndpoint(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  const segments = u.pathname.split('/').filter(Boolean);
  if (DOCS_HOST.test(u.hostname) || segments.some((s) => DOCS_SEGMENT.test(s)) || PAGE_FILE.test(u.pathname)) return false;
  return /^mcp\./i.test(u.hostname) || ENDPOINT_SEGMENT.test(segments.at(-1) ?? '');
}

/** A page's text describes an MCP server (not just the acronym in passing): it names one, or how to connect. */
export function describesMcpServer(text: string): boolean {
  return /\b(remote |hosted |our |official )?MCP (server|endpoint)s?\b|Model Context Protocol \(MCP\) server|\bconnect\b[^.\n]{0,80}\bMCP\b|\bMCP\b[^.\n]{0,80}\b(server URL|endpoint URL)\b/i.test(
    text,
  );
}

const NOT_A_VENDOR_HOST =
  /^(localhost|127\.|0\.0\.0\.0|\[|[\d.]+$)|(^|\.)(example\.(com|org|net)|your-?domain\.com|modelcontextprotocol\.io|github\.com|npmjs\.com|anthropic\.com|claude\.ai|openai\.com|cursor\.(com|sh))$/i;

/**
 * The MCP endpoint URLs written in a page's text (prose, code blocks, client configuration snippets): URLs
 * shaped like an endpoint, on the site's own domain or on an `mcp.` host. Examples that cannot be the
 * vendor's server (localhost, example.com, the protocol's own site, client vendors) are left out. At most 3.
 */
export function mcpEndpointsInText(text: string, domain: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/https?:\/\/[^\s"'`<>()[\]{}\\,]+/gi)) {
    const raw = m[0].replace(/[.;:!?]+$/, '');
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      continue;
    }
    const host = u.hostname.toLowerCase();
    if (NOT_A_VENDOR_HOST.test(host) || !host.includes('.')) continue;
    const ownSite = host === domain || host.endsWith(`.${domain}`);
    if (!ownSite && !/^mcp\./.test(host)) continue;
    if (!looksLikeMcpEndpoint(u.toString())) continue;
    u.hash = '';
    if (!out.includes(u.toString())) out.push(u.toString());
    if (out.length === 3) break;
  }
  return out;
}

/**
 * The common places an MCP endpoint lives (`/mcp`, `/sse`, `/v1/mcp`, `/api/mcp` on the site and its
 * `mcp.` and `api.` hosts), most likely first, for when a page describes an MCP server without naming it.
 */
export function commonMcpEndpoints(siteBase: string, domain: string): string[] {
  const scheme = new URL(siteBase).protocol;
  const site = new URL(siteBase).host;
  const mcp = `${scheme}//mcp.${domain}`;
  const api = `${scheme}//api.${domain}`;
  const own = `${scheme}//${site}`;
  return [
    `${mcp}/mcp`,
    `${own}/mcp`,
    `${mcp}/sse`,
    `${api}/mcp`,
    `${own}/api/mcp`,
    `${api}/v1/mcp`,
    `${own}/v1/mcp`,
    `${own}/sse`,
    `${mcp}/v1/mcp`,
    `${api}/sse`,
  ];
}

export interface ProtectedResource {
  resource: string;
  /** The metadata itself says the resource is MCP (its name, documentation or scopes). */
  mentionsMcp: boolean;
}

/** The resource an RFC 9728 protected resource metadata document names, resolved against its URL. */
export function parseProtectedResource(body: string, metadataUrl: string): ProtectedResource | undefined {
  try {
    const doc = JSON.parse(body) as unknown;
    if (!isObject(doc) || typeof doc.resource !== 'string') return undefined;
    const resource = absolute(doc.resource, metadataUrl);
    if (!resource) return undefined;
    const words = [doc.resource_name, doc.resource_documentation, ...(Array.isArray(doc.scopes_supported) ? doc.scopes_supported : [])].map(String).join(' ');
    return { resource, mentionsMcp: /\bmcp\b|model context protocol/i.test(words) || isMcpLink(resource) };
  } catch {
    return undefined;
  }
}

/** A `WWW-Authenticate` header that challenges for an OAuth bearer token (RFC 6750). */
export const bearerChallenge = (header: string | undefined) => /(^|,\s*)Bearer(\s|,|$)/i.test(header ?? '');

/**
 * Whether a 401/403 answer proves an MCP server that requires authorization, by how the URL was found:
 * - named as MCP (server card, an MCP link, a docs page): any 401/403, as before;
 * - an RFC 9728 protected resource: a 401 with a Bearer challenge, when the resource or its metadata says MCP
 *   (a REST API protected the same way is not an MCP server);
 * - a guessed common path: a 401 whose Bearer challenge points at protected resource metadata
 *   (`resource_metadata`, which the MCP authorization spec requires); a gateway that 401s every path does not.
 */
export function authProvesMcp(source: McpSource, status: number, challenge: string | undefined, resourceMentionsMcp = false): boolean {
  if (source === 'server-card' || source === 'link' || source === 'docs-page') return status === 401 || status === 403;
  if (status !== 401 || !bearerChallenge(challenge)) return false;
  if (source === 'protected-resource') return resourceMentionsMcp;
  return /resource_metadata\s*=/i.test(challenge ?? '');
}
