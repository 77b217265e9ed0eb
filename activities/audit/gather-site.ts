import type { AuditArtifacts, DocsArtifact, LlmsTxtArtifact, McpArtifact, PageArtifact, WellKnownArtifact } from '../../src/domain/audit/artifacts';
import { extractInstallFacts } from '../../src/domain/audit/parse/docs';
import { parseHomepage, absolute } from '../../src/domain/audit/parse/homepage';
import { parseLlmsTxt } from '../../src/domain/audit/parse/llms-txt';
import { parsePricing } from '../../src/domain/audit/parse/pricing';
import { parseRobots } from '../../src/domain/audit/parse/robots';
import { pageText, sitemapUrlCount } from '../../src/domain/audit/parse/text';
import { apiCatalogServiceDescs, parseWellKnown, WELL_KNOWN_VALIDATORS } from '../../src/domain/audit/parse/well-known';
import { OutboundError, type Outbound, type OutboundResponse } from '../../src/net';
import { probeMcpEndpoint } from './mcp-probe';
import { gatherOpenApi } from './openapi';
import { describeFailure, gathered, isOk, SiteReader } from './site-reader';

export interface GatherOptions {
  requestTimeoutMs: number;
  auditTimeoutMs: number;
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

  const robots = await timed('robots', () => gathered(async () => {
    const res = await site.get('/robots.txt', { robots: false, maxBytes: 512 * 1024 });
    return parseRobots(site.base, res.status, isOk(res) ? res.text() : '');
  }));
  let homepage = homeError
    ? { ok: false as const, error: describeFailure(homeError) }
    : await gathered(async () => parseHomepage(home!.url, home!.status, home!.headers, isOk(home!) ? home!.text() : '', false));
  if (homepage.ok && homepage.value.scriptOnlyShell && o.render) {
    // A client-rendered shell says nothing to a plain fetch; what a browser shows is what agents with one see.
    const rendered = await timed('render', () => gathered(() => o.render!(home!.url, Math.min(o.requestTimeoutMs * 2, site.remainingMs()))));
    if (rendered.ok) homepage = { ok: true, value: parseHomepage(home!.url, home!.status, home!.headers, rendered.value, true) };
  }
  const links = homepage.ok ? homepage.value.links : {};

  const sitemap = await timed('sitemap', () => gathered(async () => {
    const url = (robots.ok && robots.value.sitemaps[0]) || site.url('/sitemap.xml');
    const res = await site.get(url, { headers: { accept: 'application/xml,text/xml' } });
    return isOk(res) && /<(urlset|sitemapindex)/i.test(res.text()) ? { found: true, url: res.url, urlCount: sitemapUrlCount(res.text()) } : { found: false, urlCount: 0 };
  }));
  const markdown = await timed('markdown', () => gathered(async () => {
    const res = await site.get('/', { headers: { accept: 'text/markdown, text/x-markdown;q=0.9' } });
    const type = res.headers['content-type'] ?? '';
    return { supported: isOk(res) && /markdown/i.test(type), contentType: type.split(';')[0] };
  }));
  const llmsTxt = await timed('llms-txt', () => gathered(() => llms(site, '/llms.txt')));
  const llmsFullTxt = await timed('llms-full-txt', () => gathered(() => llms(site, '/llms-full.txt', 2 * 1024 * 1024)));
  const a2a = await timed('a2a', () => gathered(() => firstWellKnown(site, ['/.well-known/agent-card.json', '/.well-known/agent.json'], WELL_KNOWN_VALIDATORS.a2a)));
  const agentSkills = await timed('agent-skills', () => gathered(() => firstWellKnown(site, ['/.well-known/agent-skills/index.json'], WELL_KNOWN_VALIDATORS.agentSkills)));
  let catalogDescs: string[] = [];
  const apiCatalog = await timed('api-catalog', () => gathered(async () => {
    const res = await site.get('/.well-known/api-catalog', { headers: { accept: 'application/linkset+json, application/json' } });
    if (isOk(res)) catalogDescs = apiCatalogServiceDescs(res.text()).map((h) => absolute(h, res.url)).filter((h): h is string => !!h);
    return parseWellKnown(res.url, res.status, res.headers['content-type'] ?? '', isOk(res) ? res.text() : '', WELL_KNOWN_VALIDATORS.apiCatalog);
  }));
  const declaredOpenApi = [
    ...catalogDescs,
    ...(homepage.ok ? homepage.value.linkHeader.filter((l) => /service-desc/i.test(l.rel)).map((l) => l.uri) : []),
    ...(links.openapi ? [links.openapi] : []),
    ...(llmsTxt.ok ? llmsTxt.value.links.filter((l) => /(openapi|swagger)\.(json|ya?ml)$/i.test(l)).map((l) => absolute(l, site.base) ?? l) : []),
  ];
  const openapi = await timed('openapi', () => gathered(() => gatherOpenApi(site, declaredOpenApi)));
  const oauth = await timed('oauth', () => gathered(async () => ({
    authorizationServer: await wellKnown(site, '/.well-known/oauth-authorization-server', WELL_KNOWN_VALIDATORS.oauthAuthorizationServer),
    protectedResource: await wellKnown(site, '/.well-known/oauth-protected-resource', WELL_KNOWN_VALIDATORS.oauthProtectedResource),
  })));
  const mcp = await timed('mcp', () => gathered(() => gatherMcp(site, outbound, links.mcp, llmsTxt.ok ? llmsTxt.value.links : [])));
  const docs = await timed('docs', () => gathered(() => gatherDocs(site, links.docs)));
  const pricing = await timed('pricing', () => gathered(async () => {
    const res = await site.get(links.pricing ?? '/pricing', { headers: HTML });
    return isOk(res) ? parsePricing(res.url, pageText(res.text(), res.headers['content-type'] ?? '')) : { found: false, freeTier: false, publicPrices: false, selfServe: false, contactSalesOnly: false };
  }));
  const statusPage = await timed('status', () => gathered(() => page(site, links.status, '/status')));
  const changelog = await timed('changelog', () => gathered(() => page(site, links.changelog, '/changelog')));

  return {
    reachable: true,
    artifacts: { domain, homepage, robots, sitemap, markdown, llmsTxt, llmsFullTxt, mcp, a2a, agentSkills, apiCatalog, openapi, oauth, docs, pricing, statusPage, changelog },
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

async function wellKnown(site: SiteReader, path: string, validate: (d: unknown) => string | undefined): Promise<WellKnownArtifact> {
  const res = await site.get(path, { headers: { accept: 'application/json' } });
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

async function gatherDocs(site: SiteReader, linked: string | undefined): Promise<DocsArtifact> {
  const res = await site.get(linked ?? '/docs', { headers: HTML });
  if (!isOk(res)) return { found: false, sdkLanguages: [], cliInstall: [], installSnippets: [], mentionsApi: false };
  const text = pageText(res.text(), res.headers['content-type'] ?? '');
  const facts = extractInstallFacts(text);
  return { found: true, url: res.url, ...facts, mentionsApi: /\b(REST|HTTP|GraphQL|public)?\s*API\b/.test(text) };
}

const MAX_MCP_PROBES = 3;

async function gatherMcp(site: SiteReader, outbound: Outbound, linked: string | undefined, llmsLinks: string[]): Promise<McpArtifact> {
  let serverCard: McpArtifact['serverCard'];
  for (const path of ['/.well-known/mcp.json', '/.well-known/mcp/server-card.json']) {
    const res = await site.get(path, { headers: { accept: 'application/json' } }).catch(() => undefined);
    if (!res || !isOk(res)) continue;
    try {
      const card = JSON.parse(res.text()) as { name?: string; url?: string; endpoints?: Array<{ url?: string } | string>; remotes?: Array<{ url?: string }> };
      const endpoints = [card.url, ...(card.endpoints ?? []).map((e) => (typeof e === 'string' ? e : e.url)), ...(card.remotes ?? []).map((r) => r.url)]
        .map((u) => (u ? absolute(u, res.url) : undefined))
        .filter((u): u is string => !!u);
      serverCard = { url: res.url, name: card.name, endpoints: [...new Set(endpoints)] };
      break;
    } catch {
      // not JSON: no usable card
    }
  }
  const declared = [...(serverCard?.endpoints ?? []), ...(linked ? [linked] : []), ...llmsLinks.filter((l) => /\/mcp(\/|$)/.test(l)).map((l) => absolute(l, site.base) ?? l)];
  const candidates = [...new Set([...declared, site.url('/mcp')])].slice(0, MAX_MCP_PROBES);
  const endpoints: McpArtifact['endpoints'] = [];
  for (const url of candidates) {
    const timeout = Math.max(1, Math.min(10_000, site.remainingMs()));
    endpoints.push(await probeMcpEndpoint(url, declared.includes(url), outbound.webFetch, timeout));
  }
  return { serverCard, endpoints };
}
