import type { AppDeps } from '../deps';
import { defineRoute, type RouteDef } from '../http/route';
import { countProducts, listProductSlugs } from '../store/products';
import { queryInteger } from '../schemas/common';
import { z } from '../schemas/zod';

// The files that make Agentdex itself agent-ready (decisions.md, "Web pages"): robots.txt with AI rules
// and content signals, the sitemap of every product page, the API catalog (RFC 9727) and an agent skill.

/** Sitemaps hold at most 50,000 URLs (sitemaps.org); product pages are split into files of this many. */
export const SITEMAP_PAGE_SIZE = 40_000;

// The AI user agents named explicitly, so a reader of robots.txt sees the choice was deliberate.
const AI_AGENTS = [
  'GPTBot',
  'OAI-SearchBot',
  'ChatGPT-User',
  'ClaudeBot',
  'Claude-User',
  'Claude-SearchBot',
  'PerplexityBot',
  'Google-Extended',
  'Applebot-Extended',
  'CCBot',
];

export function robotsTxt(base: string): string {
  return [
    '# Agentdex welcomes agents: the registry, product pages and API descriptions are for them.',
    '# Content signals (contentsignals.org): search and answers yes, model training no.',
    'User-agent: *',
    'Content-Signal: search=yes, ai-input=yes, ai-train=no',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /audit/jobs/',
    '',
    ...AI_AGENTS.flatMap((a) => [`User-agent: ${a}`, 'Allow: /', 'Disallow: /dashboard', '']),
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const STATIC_PAGES = ['/', '/docs', '/pricing', '/audit', '/signup', '/status', '/changelog'];

export function siteFileRoutes(deps: Pick<AppDeps, 'db' | 'config'>): RouteDef[] {
  const base = deps.config.publicBaseUrl;
  const text = (path: string, summary: string, type: string, body: () => string | Promise<string>, maxAge = 3600) =>
    defineRoute({
      method: 'get',
      path,
      tag: 'Web',
      summary,
      auth: 'open',
      documented: false,
      responses: { 200: { description: summary, contentType: type } },
      handler: async (_input, ctx) => {
        ctx.type = type;
        ctx.set('Cache-Control', `public, max-age=${maxAge}`);
        ctx.body = await body();
      },
    });

  return [
    text('/robots.txt', 'robots.txt with AI rules and content signals', 'text/plain; charset=utf-8', () => robotsTxt(base)),
    // An index of the static pages' sitemap and one sitemap per block of product pages.
    text('/sitemap.xml', 'Sitemap index', 'application/xml; charset=utf-8', async () => {
      const pages = Math.max(1, Math.ceil((await countProducts(deps.db)) / SITEMAP_PAGE_SIZE));
      const maps = ['/sitemaps/pages.xml', ...Array.from({ length: pages }, (_, i) => `/sitemaps/products-${i + 1}.xml`)];
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps
        .map((m) => `  <sitemap><loc>${xml(base + m)}</loc></sitemap>`)
        .join('\n')}\n</sitemapindex>\n`;
    }),
    text('/sitemaps/pages.xml', 'Sitemap of the static pages', 'application/xml; charset=utf-8', () => urlset(STATIC_PAGES.map((p) => ({ loc: base + p })))),
    defineRoute({
      method: 'get',
      path: '/sitemaps/products-{page}.xml',
      tag: 'Web',
      summary: 'Sitemap of product pages',
      auth: 'open',
      documented: false,
      request: { params: z.object({ page: queryInteger(z.number().int().min(1).max(1000)) }) },
      responses: { 200: { description: 'Sitemap', contentType: 'application/xml' } },
      handler: async ({ params }, ctx) => {
        const rows = await listProductSlugs(deps.db, (params.page - 1) * SITEMAP_PAGE_SIZE, SITEMAP_PAGE_SIZE);
        if (!rows.length && params.page > 1) {
          ctx.status = 404;
          ctx.body = { error: `No sitemap page ${params.page}` };
          return;
        }
        ctx.type = 'application/xml; charset=utf-8';
        ctx.set('Cache-Control', 'public, max-age=3600');
        ctx.body = urlset(rows.map((r) => ({ loc: `${base}/products/${r.slug}`, lastmod: new Date(r.updated_at).toISOString().slice(0, 10) })));
      },
    }),
    text('/.well-known/api-catalog', 'API catalog (RFC 9727)', 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"', () =>
      JSON.stringify({
        linkset: [
          {
            anchor: `${base}/v1`,
            'service-desc': [{ href: `${base}/openapi.json`, type: 'application/vnd.oai.openapi+json;version=3.0' }],
            'service-doc': [{ href: `${base}/docs`, type: 'text/html' }],
            'service-meta': [{ href: `${base}/llms.txt`, type: 'text/plain' }],
            status: [{ href: `${base}/health`, type: 'application/json' }],
          },
        ],
      }),
    ),
    text('/.well-known/agent-skills/index.json', 'Agent skills index', 'application/json; charset=utf-8', () =>
      JSON.stringify({
        skills: [
          {
            name: 'agentdex',
            description: 'Find, compare and learn third-party software tools for a task with Agentdex (registry, find-tools, resolve, how-to, audits).',
            url: `${base}/.well-known/agent-skills/agentdex/SKILL.md`,
          },
        ],
      }),
    ),
    text('/.well-known/agent-skills/agentdex/SKILL.md', 'The Agentdex agent skill', 'text/markdown; charset=utf-8', () => skillMd(base)),
  ];
}

function urlset(urls: Array<{ loc: string; lastmod?: string }>): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((u) => `  <url><loc>${xml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`)
    .join('\n')}\n</urlset>\n`;
}

function skillMd(base: string): string {
  return [
    '---',
    'name: agentdex',
    'description: Find, compare and learn third-party software tools for a task with Agentdex.',
    '---',
    '',
    '# Using Agentdex',
    '',
    `Agentdex (${base}) knows which software products fit a task and how agent-ready each is.`,
    '',
    `1. Search the registry for free: POST ${base}/v1/search with {"query": "..."}.`,
    `2. For a task, POST ${base}/v1/find-tools {"task": "..."} or ${base}/v1/resolve (capabilities and ranked products), with an API key in x-api-key.`,
    `3. For how to use a tool, POST ${base}/v1/how-to {"task": "..."}: steps for the stack the task names, with cited docs.`,
    `4. For one product, GET ${base}/v1/profile/{slug}: readiness, sub-scores, signals and what to fix.`,
    '',
    `Or connect the MCP server at ${base}/mcp (same key in x-api-key). The full API: ${base}/openapi.json; a summary: ${base}/llms.txt.`,
    '',
  ].join('\n');
}
