import { serveMcp } from './mcp';
import { html, json, page, routes, send, text, type SiteHandler } from './respond';

/**
 * Discovery sources as local servers speaking the real formats: an MCP registry (`GET /v0/servers?search=`,
 * substring match on server names as the official registry does, v0 `{server, _meta}` entries) and a
 * SearXNG instance (`GET /search?q=&format=json`). The products they point at are fixture sites too.
 */

const SERVERS = [
  {
    server: {
      name: 'test.vectorly/vector-search',
      description: 'Vector search over your embeddings, as an MCP server',
      version: '1.2.0',
      websiteUrl: 'http://vectorly.test',
      remotes: [{ type: 'streamable-http', url: 'http://mcp.vectorly.test/mcp' }],
    },
    _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: true } },
  },
  {
    // A product no registry lists, whose words share no phrasing with the capability vocabulary: it can only
    // rank for a tide task through its own text.
    server: {
      name: 'test.tidewise/tide-tables',
      description: 'Tide predictions for coastal stations, as an MCP server',
      version: '0.3.0',
      websiteUrl: 'http://tidewise.test',
      remotes: [{ type: 'streamable-http', url: 'http://tidewise.test/mcp' }],
    },
    _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: true } },
  },
  {
    server: {
      name: 'io.github.someone/vector-notes',
      description: 'Notes with vectors',
      version: '0.1.0',
      repository: { url: 'https://github.com/someone/vector-notes', source: 'github' },
    },
    _meta: {},
  },
];

const SEARCH_RESULTS: Array<{ words: RegExp; results: Array<{ url: string; title: string; content: string }> }> = [
  {
    words: /vector|embedding|similarity/,
    results: [
      { url: 'https://en.wikipedia.org/wiki/Vector_database', title: 'Vector database - Wikipedia', content: 'A vector database stores vectors.' },
      { url: 'http://embedbase.test/', title: 'Embedbase: similarity search API', content: 'Store embeddings and run vector search.' },
      { url: 'http://vectorly.test/pricing', title: 'Vectorly pricing', content: 'Vector search pricing.' },
    ],
  },
  {
    words: /email|mail/,
    results: [
      { url: 'http://mailpigeon.test/', title: 'MailPigeon: transactional email API', content: 'Send transactional email from any app.' },
      { url: 'http://postbox-mail.test/', title: 'Postbox: send email with one API call', content: 'Email delivery API.' },
      { url: 'https://github.com/someone/mailer', title: 'someone/mailer', content: 'A mailer library.' },
    ],
  },
];

const mcpRegistry: SiteHandler = (req, res) => {
  const url = new URL(req.url ?? '/', 'http://mcp-registry.test');
  if (url.pathname !== '/v0/servers') return send(res, 404, 'application/json', JSON.stringify({ error: 'not found' }));
  const search = (url.searchParams.get('search') ?? '').toLowerCase();
  const servers = SERVERS.filter((s) => s.server.name.toLowerCase().includes(search));
  json(res, { servers, metadata: { count: servers.length } });
};

const searx: SiteHandler = (req, res) => {
  const url = new URL(req.url ?? '/', 'http://searx.test');
  if (url.pathname !== '/search' || url.searchParams.get('format') !== 'json')
    return send(res, 403, 'application/json', JSON.stringify({ error: 'format must be json' }));
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  const results = SEARCH_RESULTS.filter((r) => r.words.test(q)).flatMap((r) => r.results);
  json(res, { query: q, number_of_results: results.length, results: results.map((r) => ({ ...r, engine: 'fixture', score: 1 })) });
};

const PACKAGES: Record<string, unknown> = {
  vecstore: { name: 'vecstore', 'dist-tags': { latest: '2.1.0' }, versions: { '2.1.0': { name: 'vecstore', version: '2.1.0' } } },
  simsearch: {
    name: 'simsearch',
    'dist-tags': { latest: '1.4.0' },
    versions: { '1.4.0': { name: 'simsearch', version: '1.4.0', deprecated: 'Renamed to @simsearch/client; this package gets no more fixes' } },
  },
};

/** A small vendor site that says what it does in its title and description, as real homepages do. */
function productSite(host: string, name: string, tagline: string, o: { mcp?: boolean; docs?: string } = {}): SiteHandler {
  const origin = `http://${host}`;
  return routes({
    '/robots.txt': (_q, r) => text(r, 'User-agent: *\nAllow: /\n'),
    '/': (_q, r) =>
      html(
        r,
        page(
          `${name}: ${tagline}`,
          `<h1>${name}</h1><p>${tagline}. ${'Built for developers and agents. '.repeat(6)}</p><a href="/docs">Docs</a> <a href="/pricing">Pricing</a>`,
          `<meta name="description" content="${tagline}.">`,
        ),
      ),
    '/llms.txt': (_q, r) =>
      text(r, `# ${name}\n\n> ${tagline}.\n\n## Docs\n\n- [Quickstart](${origin}/docs): install the SDK and make a first call\n`, 'text/markdown'),
    '/docs': (_q, r) =>
      html(
        r,
        page(
          `${name} docs`,
          `<h1>Quickstart</h1><pre><code>npm install ${name.toLowerCase()}</code></pre><p>Create an API key in the dashboard.</p><p>Set the key as ${name.toUpperCase()}_API_KEY in your environment.</p>${o.docs ?? ''}`,
        ),
      ),
    '/pricing': (_q, r) => html(r, page('Pricing', '<p>Free tier. $20/month. Sign up</p>')),
    ...(o.mcp ? { '/mcp': (q, r) => serveMcp(q, r) } : {}),
  });
}

export const DISCOVERY_SITES: Record<string, SiteHandler> = {
  'mcp-registry.test': mcpRegistry,
  'searx.test': searx,
  'vectorly.test': productSite('vectorly.test', 'Vectorly', 'Vector search and a vector database for embeddings', { mcp: true }),
  'embedbase.test': productSite('embedbase.test', 'Embedbase', 'Similarity search API: store embeddings and run vector search'),
  // How-to's leading tools (no discovery source names them, so the two tests stay independent).
  'vecstore.test': productSite('vecstore.test', 'Vecstore', 'Vector search and a vector database for embeddings', {
    docs: '<p>Note: the free tier is rate limited to 10 queries per second.</p><p>Call the query endpoint with your embedding and a top_k.</p>',
  }),
  'simsearch.test': productSite('simsearch.test', 'Simsearch', 'Similarity search API: store embeddings and run vector search', {
    docs: '<p>The v1 /search endpoint is deprecated; use /query instead.</p>',
  }),
  // An npm-compatible registry (packuments) for deprecation notices.
  'npm-registry.test': (req, res) => {
    const name = decodeURIComponent((req.url ?? '/').split('?')[0].slice(1));
    const packument = PACKAGES[name];
    if (!packument) return send(res, 404, 'application/json', JSON.stringify({ error: 'Not found' }));
    json(res, packument);
  },
  'tidewise.test': productSite('tidewise.test', 'Tidewise', 'Tide tables, tidal currents and harbour conditions for 3,000 coastal stations', { mcp: true }),
  'mailpigeon.test': productSite('mailpigeon.test', 'MailPigeon', 'Transactional email API: send email from any app'),
  'postbox-mail.test': productSite('postbox-mail.test', 'Postbox', 'Send transactional email with one API call'),
};
