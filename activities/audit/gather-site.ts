import type { AuditArtifacts, DocsArtifact, LlmsTxtArtifact, McpArtifact, PageArtifact, WellKnownArtifact } from '../../src/domain/audit/artifacts';
import { extractInstallFacts } from '../../src/domain/audit/parse/docs';
import { parseHomepage, absolute } from '../../src/domain/audit/parse/homepage';
import { parseLlmsTxt } from '../../src/domain/audit/parse/llms-txt';
import { parsePricing } from '../../src/domain/audit/parse/pricing';
import { parseRobots } from '../../src/domain/audit/parse/robots';
import { pageLinks, pageText, sitemapUrlCount } from '../../src/domain/audit/parse/text';
import { apiCatalogServiceDescs, parseWellKnown, WELL_KNOWN_VALIDATORS } from '../../src/domain/audit/parse/well-known';
import { OutboundError, type Outbound, type OutboundResponse } from '../../src/net';
import {
  authProvesMcp,
  byMcpEvidence,
  commonMcpEndpoints,
  describesMcpServer,
  isMcpLink,
  looksLikeMcpEndpoint,
  type McpSource,
  mcpEndpointsInText,
  parseProtectedResource,
  parseServerCard,
  type ProtectedResource,
} from '../../src/domain/audit/parse/mcp';
import { isOpenApiLink } from '../../src/domain/audit/parse/openapi';
import { systemClock } from '../../src/runtime/clock';
import { probeMcpEndpoint } from './mcp-probe';
import { gatherOpenApi, type KeepOpenApi } from './openapi';
import { describeFailure, gathered, isOk, SiteReader } from './site-reader';

export interface GatherOptions {
  requestTimeoutMs: number;
  auditTimeoutMs: number;
  /** Keeps the OpenAPI description found (by its hash), so a later audit can be compared with it. */
  keepOpenApi?: KeepOpenApi;
  /** Renders a script-only homepage in a headless browser (its traffic through the same guard). */
  render?: (url: string, timeoutMs: number) => Promise<string>;
}

export type SiteGathering =
  | { reachable: false; error: string; timings: Record<string, number> }
  | { reachable: true; artifacts: AuditArtifacts; timings: Record<string, number> };

const HTML = { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' };

/**
 * Gathers every artifact of a readiness audit from one site (Lighthouse's gatherers). Requests run one
 * at a time (the outbound layer keeps one in flight per host) under one overall deadline.
 */
export async function gatherSite(outbound: Outbound, domain: string, o: GatherOptions): Promise<SiteGathering> {
  const site = new SiteReader(outbound, domain, Date.now() + o.auditTimeoutMs, o.requestTimeoutMs);
  const timings: Record<string, number> = {};
  const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const t = Date.now();
    try {
      return await work();
    } finally {
      timings[name] = Date.now() - t;
    }
  };

  let home: OutboundResponse | undefined;
  let homeError: unknown;
  await timed('homepage', async () => {
    try {
      home = await site.home({ headers: HTML });
    } catch (err) {
      homeError = err;
    }
  });
  if (homeError && nothingAnswered(homeError)) return { reachable: false, error: describeFailure(homeError), timings };

  const robots = await timed('robots', () =>
    gathered(async () => {
      const res = await site.get('/robots.txt', { robots: false, maxBytes: 512 * 1024 });
      return parseRobots(site.base, res.status, isOk(res) ? res.text() : '');
    }),
  );
  let homepage = homeError
    ? { ok: false as const, error: describeFailure(homeError) }
    : await gathered(async () => parseHomepage(home!.url, home!.status, home!.headers, isOk(home!) ? home!.text() : '', false));
  if (homepage.ok && homepage.value.scriptOnlyShell && o.render) {
    // A client-rendered shell says nothing to a plain fetch; what a browser shows is what agents with one see.
    const rendered = await timed('render', () => gathered(() => o.render!(home!.url, Math.min(o.requestTimeoutMs * 2, site.remainingMs()))));
    if (rendered.ok) homepage = { ok: true, value: parseHomepage(home!.url, home!.status, home!.headers, rendered.value, true) };
  }
  const links = homepage.ok ? homepage.value.links : {};

  const sitemap = await timed('sitemap', () =>
    gathered(async () => {
      const url = (robots.ok && robots.value.sitemaps[0]) || site.url('/sitemap.xml');
      const res = await site.get(url, { headers: { accept: 'application/xml,text/xml' } });
      return isOk(res) && /<(urlset|sitemapindex)/i.test(res.text())
        ? { found: true, url: res.url, urlCount: sitemapUrlCount(res.text()) }
        : { found: false, urlCount: 0 };
    }),
  );
  const markdown = await timed('markdown', () =>
    gathered(async () => {
      const res = await site.get('/', { headers: { accept: 'text/markdown, text/x-markdown;q=0.9' } });
      const type = res.headers['content-type'] ?? '';
      return { supported: isOk(res) && /markdown/i.test(type), contentType: type.split(';')[0] };
    }),
  );
  const llmsTxt = await timed('llms-txt', () => gathered(() => llms(site, '/llms.txt')));
  const llmsFullTxt = await timed('llms-full-txt', () => gathered(() => llms(site, '/llms-full.txt', 2 * 1024 * 1024)));
  const a2a = await timed('a2a', () =>
    gathered(() => firstWellKnown(site, ['/.well-known/agent-card.json', '/.well-known/agent.json'], WELL_KNOWN_VALIDATORS.a2a)),
  );
  const agentSkills = await timed('agent-skills', () =>
    gathered(() => firstWellKnown(site, ['/.well-known/agent-skills/index.json'], WELL_KNOWN_VALIDATORS.agentSkills)),
  );
  let catalogDescs: string[] = [];
  const apiCatalog = await timed('api-catalog', () =>
    gathered(async () => {
      const res = await site.get('/.well-known/api-catalog', { headers: { accept: 'application/linkset+json, application/json' } });
      if (isOk(res))
        catalogDescs = apiCatalogServiceDescs(res.text())
          .map((h) => absolute(h, res.url))
          .filter((h): h is string => !!h);
      return parseWellKnown(res.url, res.status, res.headers['content-type'] ?? '', isOk(res) ? res.text() : '', WELL_KNOWN_VALIDATORS.apiCatalog);
    }),
  );
  // The docs page is read before the OpenAPI and MCP gatherers: the links on it are where both are often declared.
  let docsLinks: Array<{ url: string; title: string }> = [];
  const docs = await timed('docs', () =>
    gathered(async () => {
      const found = await gatherDocs(site, links.docs);
      docsLinks = found.links;
      return found.artifact;
    }),
  );
  const llmsEntries = llmsTxt.ok
    ? (llmsTxt.value.entries ?? llmsTxt.value.links.map((url) => ({ url, title: '' }))).flatMap((e) => {
        const url = absolute(e.url, llmsTxt.value.url || site.base);
        return url ? [{ url, title: e.title }] : [];
      })
    : [];
  const declaredOpenApi = [
    ...catalogDescs,
    ...(homepage.ok
      ? homepage.value.linkHeader
          .filter((l) => /service-desc/i.test(l.rel) || (/describedby/i.test(l.rel) && (/openapi|swagger/i.test(l.type ?? '') || isOpenApiLink(l.uri))))
          .map((l) => l.uri)
      : []),
    ...(links.openapi ? [links.openapi] : []),
    ...[...llmsEntries, ...docsLinks].filter((l) => isOpenApiLink(l.url, l.title)).map((l) => l.url),
  ];
  const openapi = await timed('openapi', () => gathered(() => gatherOpenApi(site, declaredOpenApi, o.keepOpenApi)));
  let protectedResource: ProtectedResource | undefined;
  const oauth = await timed('oauth', () =>
    gathered(async () => ({
      authorizationServer: await wellKnown(site, '/.well-known/oauth-authorization-server', WELL_KNOWN_VALIDATORS.oauthAuthorizationServer),
      protectedResource: await wellKnown(site, '/.well-known/oauth-protected-resource', WELL_KNOWN_VALIDATORS.oauthProtectedResource, (res) => {
        protectedResource = parseProtectedResource(res.text(), res.url);
      }),
    })),
  );
  // The homepage was read already: a link back to it (a brand name that contains "MCP") is no page about MCP.
  const homeUrl = homepage.ok ? homepage.value.url : site.url('/');
  const mcpLinks = byMcpEvidence(
    [...(links.mcp ? [{ url: links.mcp, title: 'MCP' }] : []), ...llmsEntries, ...docsLinks].filter((l) => isMcpLink(l.url, l.title) && l.url !== homeUrl),
  );
  const mcp = await timed('mcp', () => gathered(() => gatherMcp(site, outbound, mcpLinks, protectedResource)));
  const pricing = await timed('pricing', () =>
    gathered(async () => {
      const res = await site.get(links.pricing ?? '/pricing', { headers: HTML });
      return isOk(res)
        ? parsePricing(res.url, pageText(res.text(), res.headers['content-type'] ?? ''))
        : { found: false, freeTier: false, publicPrices: false, selfServe: false, contactSalesOnly: false };
    }),
  );
  const statusPage = await timed('status', () => gathered(() => page(site, links.status, '/status')));
  const changelog = await timed('changelog', () => gathered(() => page(site, links.changelog, '/changelog')));

  return {
    reachable: true,
    artifacts: {
      domain,
      homepage,
      robots,
      sitemap,
      markdown,
      llmsTxt,
      llmsFullTxt,
      mcp,
      a2a,
      agentSkills,
      apiCatalog,
      openapi,
      oauth,
      docs,
      pricing,
      statusPage,
      changelog,
    },
    timings,
  };
}

/** Nothing at all answered: no TCP connection or TLS session, on https nor http, or the name does not resolve. */
function nothingAnswered(err: unknown): boolean {
  return err instanceof OutboundError && (err.connectFailed || (err.code === 'NETWORK' && /ENOTFOUND|EAI_AGAIN|ENODATA|resolve/i.test(err.message)));
}

async function llms(site: SiteReader, path: string, maxBytes = 512 * 1024): Promise<LlmsTxtArtifact> {
  const res = await site.get(path, { headers: { accept: 'text/markdown, text/plain;q=0.9, */*;q=0.1' }, maxBytes });
  return parseLlmsTxt(res.url, res.status, res.headers['content-type'] ?? '', isOk(res) ? res.text() : '');
}

async function wellKnown(
  site: SiteReader,
  path: string,
  validate: (d: unknown) => string | undefined,
  onFound?: (res: OutboundResponse) => void,
): Promise<WellKnownArtifact> {
  const res = await site.get(path, { headers: { accept: 'application/json' } });
  if (isOk(res)) onFound?.(res);
  return parseWellKnown(res.url, res.status, res.headers['content-type'] ?? '', isOk(res) ? res.text() : '', validate);
}

async function firstWellKnown(site: SiteReader, paths: string[], validate: (d: unknown) => string | undefined): Promise<WellKnownArtifact> {
  let last: WellKnownArtifact | undefined;
  for (const path of paths) {
    last = await wellKnown(site, path, validate);
    if (last.found) return last;
  }
  return last!;
}

async function page(site: SiteReader, linked: string | undefined, fallbackPath: string): Promise<PageArtifact> {
  const res = await site.get(linked ?? fallbackPath, { headers: HTML });
  return isOk(res) ? { found: true, url: res.url } : { found: false };
}

async function gatherDocs(site: SiteReader, linked: string | undefined): Promise<{ artifact: DocsArtifact; links: Array<{ url: string; title: string }> }> {
  const res = await site.get(linked ?? '/docs', { headers: HTML });
  if (!isOk(res)) return { artifact: { found: false, sdkLanguages: [], cliInstall: [], installSnippets: [], mentionsApi: false }, links: [] };
  const type = res.headers['content-type'] ?? '';
  const text = pageText(res.text(), type);
  const facts = extractInstallFacts(text);
  return {
    artifact: { found: true, url: res.url, ...facts, mentionsApi: /\b(REST|HTTP|GraphQL|public)?\s*API\b/.test(text) },
    links: /html/i.test(type) || /^\s*</.test(res.text()) ? pageLinks(res.text(), res.url) : [],
  };
}

/** Probes of endpoints something names (server card, links, docs pages, protected resource), deduplicated. */
const MAX_NAMED_PROBES = 4;
/** Probes of common paths, tried only when a linked page describes an MCP server that nothing names. */
const MAX_GUESSED_PROBES = 6;
/** Linked pages about MCP read for the endpoint they describe. */
const MAX_MCP_PAGES = 2;

type Endpoint = McpArtifact['endpoints'][number];

/**
 * Finds an MCP server: the endpoints a server card names (in any of its drafts' fields), MCP links that look
 * like endpoints, the endpoint written on linked pages about MCP (a documentation page is not an endpoint),
 * the RFC 9728 protected resource, then `/mcp` on the site; and only when a page describes an MCP server
 * that none of those found, a few common paths on the site and its `mcp.` and `api.` hosts. Probing stops at
 * the first endpoint that completes a handshake.
 */
async function gatherMcp(
  site: SiteReader,
  outbound: Outbound,
  mcpLinks: Array<{ url: string; title: string }>,
  resource: ProtectedResource | undefined,
): Promise<McpArtifact> {
  let serverCard: McpArtifact['serverCard'];
  for (const path of ['/.well-known/mcp.json', '/.well-known/mcp/server-card.json']) {
    const res = await site.get(path, { headers: { accept: 'application/json' } }).catch(() => undefined);
    if (!res || !isOk(res)) continue;
    const card = parseServerCard(res.text(), res.url);
    if (!card) continue; // not JSON: no usable card
    serverCard = { url: res.url, name: card.name, endpoints: card.endpoints };
    break;
  }

  const endpoints: Endpoint[] = [];
  const tried = new Set<string>();
  const downHosts = new Set<string>();
  let named = 0;
  const alive = (o?: string) => endpoints.some((e) => e.outcome === 'ok' || (o !== 'ok' && e.outcome === 'auth-required'));
  const probe = async (url: string, source: McpSource) => {
    if (tried.has(url) || alive('ok')) return undefined;
    const host = new URL(url).host;
    if (downHosts.has(host)) return undefined;
    const guessed = source === 'common-path';
    if (!guessed && named >= MAX_NAMED_PROBES) return undefined;
    tried.add(url);
    if (!guessed) named++;
    const timeout = Math.max(1, Math.min(10_000, site.remainingMs()));
    const p = await probeMcpEndpoint(url, outbound.webFetch, timeout, systemClock, { verify: true });
    if (p.hostDown) downHosts.add(host);
    let { outcome, detail } = p;
    if (outcome === 'auth-required' && !p.rpcAuthError && !authProvesMcp(source, p.status ?? 401, p.challenge, resource?.mentionsMcp)) {
      outcome = 'not-mcp';
      detail = `HTTP ${p.status ?? 401}${p.challenge ? ` (${p.challenge.slice(0, 120)})` : ''}: an authorization wall that does not show an MCP server`;
    }
    const declared = source === 'server-card' || source === 'link' || source === 'docs-page';
    endpoints.push({
      url,
      declared,
      source,
      outcome,
      serverName: p.serverName,
      tools: p.tools,
      toolDescriptions: p.toolDescriptions,
      ...(p.transport ? { transport: p.transport } : {}),
      detail,
      ...(p.protocolVersion ? { protocolVersion: p.protocolVersion } : {}),
      ...(p.serverVersion ? { serverVersion: p.serverVersion } : {}),
      ...(p.toolDefinitions ? { toolDefinitions: p.toolDefinitions, toolCount: p.toolCount, serverFingerprint: p.serverFingerprint } : {}),
      ...(p.listProblems ? { listProblems: p.listProblems } : {}),
      ...(p.verifiedCall ? { verifiedCall: p.verifiedCall } : {}),
    });
    return p;
  };

  for (const url of serverCard?.endpoints ?? []) await probe(url, 'server-card');

  // MCP links: an endpoint-shaped one is probed (and read as a page when it answers with one); a page is read.
  const pageUrls: string[] = [];
  for (const link of mcpLinks) {
    if (!looksLikeMcpEndpoint(link.url)) {
      pageUrls.push(link.url);
      continue;
    }
    const p = await probe(link.url, 'link');
    if (p && (p.answeredHtml || p.detail === 'HTTP 405')) pageUrls.push(link.url);
  }

  if (resource) await probe(resource.resource, 'protected-resource');

  const pages: NonNullable<McpArtifact['pages']> = [];
  for (const url of [...new Set(pageUrls)].slice(0, MAX_MCP_PAGES)) {
    if (alive()) break;
    const res = await site.get(url, { headers: HTML }).catch(() => undefined);
    if (!res || !isOk(res)) continue;
    const text = pageText(res.text(), res.headers['content-type'] ?? '');
    const page = { url: res.url, describesServer: describesMcpServer(text), endpoints: mcpEndpointsInText(text, site.domain) };
    pages.push(page);
    for (const endpoint of page.endpoints) await probe(endpoint, 'docs-page');
  }

  await probe(site.url('/mcp'), 'common-path');
  if (!alive() && pages.some((p) => p.describesServer)) {
    let guesses = 0;
    for (const url of commonMcpEndpoints(site.base, site.domain)) {
      if (guesses >= MAX_GUESSED_PROBES || alive()) break;
      if (await probe(url, 'common-path')) guesses++;
    }
  }
  return {
    serverCard,
    ...(pages.length ? { pages } : {}),
    ...(resource ? { protectedResource: { url: resource.resource, mentionsMcp: resource.mentionsMcp } } : {}),
    endpoints,
  };
}
