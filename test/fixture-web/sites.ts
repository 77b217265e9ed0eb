import { serveMcp } from './mcp';
import { html, json, page, redirect, routes, send, text, type SiteHandler } from './respond';

export type { SiteHandler } from './respond';

const ALLOW_ALL = 'User-agent: *\nAllow: /\n';
const sitemap = (origin: string, paths: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>`;
const llms = (name: string, origin: string) =>
  `# ${name}\n\n> ${name} for developers and agents.\n\n## Docs\n\n- [Quickstart](${origin}/docs): start here\n- [API reference](${origin}/docs/api)\n\n## API\n\n- [OpenAPI](${origin}/openapi.json)\n`;

const VALID_OPENAPI = {
  openapi: '3.0.3',
  info: { title: 'Agent Native API', version: '1.0.0' },
  servers: [{ url: 'http://agent-native.test/v1' }],
  paths: {
    '/widgets': {
      get: { summary: 'List widgets', responses: { '200': { description: 'Widgets' } } },
      post: { summary: 'Create a widget', responses: { '201': { description: 'Created' } } },
    },
    '/widgets/{id}': {
      get: {
        summary: 'One widget',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'Widget' } },
      },
    },
  },
};

/** Everything an agent could ask for. */
const agentNative: SiteHandler = (req, res, ctx) => {
  const o = 'http://agent-native.test';
  if (ctx.host === 'status.agent-native.test') return html(res, page('Agent Native status', '<h1>All systems operational</h1>'));
  return routes({
    '/robots.txt': (_q, r) =>
      text(
        r,
        `User-agent: GPTBot\nAllow: /\n\nUser-agent: ClaudeBot\nAllow: /\n\nUser-agent: *\nAllow: /\nContent-Signal: search=yes, ai-input=yes, ai-train=no\n\nSitemap: ${o}/sitemap.xml\n`,
      ),
    '/sitemap.xml': (_q, r) => send(r, 200, 'application/xml', sitemap(o, ['/', '/docs', '/pricing', '/changelog', '/signup'])),
    '/': (q, r) => {
      if (/text\/markdown/.test(q.headers.accept ?? ''))
        return text(r, '# Agent Native\n\nWidgets for agents. See [docs](/docs).\n', 'text/markdown; charset=utf-8');
      html(
        r,
        page(
          'Agent Native — widgets for agents',
          `<h1>Agent Native</h1><p>${'Widgets that agents can create, search and manage through an API, an MCP server and a CLI. '.repeat(4)}</p>
           <a href="/docs">Docs</a> <a href="/pricing">Pricing</a> <a href="/signup">Sign up</a> <a href="/changelog">Changelog</a> <a href="http://status.agent-native.test/">Status</a>`,
          `<meta name="description" content="Widgets for AI agents."><meta property="og:title" content="Agent Native"><meta property="og:description" content="Widgets for AI agents."><meta property="og:type" content="website">
           <script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Agent Native","url":"${o}","logo":"${o}/logo.png","sameAs":["https://github.com/agentnative"]}</script>`,
        ),
        {
          link: '</.well-known/api-catalog>; rel="api-catalog", </openapi.json>; rel="service-desc"; type="application/json", </llms.txt>; rel="describedby"; type="text/markdown"',
        },
      );
    },
    '/llms.txt': (_q, r) => text(r, llms('Agent Native', o), 'text/markdown; charset=utf-8'),
    '/llms-full.txt': (_q, r) => text(r, `${llms('Agent Native', o)}\n## Quickstart\n\nnpm install @agentnative/sdk\n`, 'text/markdown; charset=utf-8'),
    '/.well-known/mcp.json': (_q, r) =>
      json(r, {
        name: 'agent-native',
        description: 'Agent Native MCP server',
        url: `${o}/mcp`,
        endpoints: [{ url: `${o}/mcp`, transport: 'streamable-http' }],
      }),
    '/mcp': (q, r) => serveMcp(q, r),
    '/.well-known/agent-card.json': (_q, r) =>
      json(r, {
        name: 'Agent Native',
        description: 'Widget agent',
        url: `${o}/a2a`,
        version: '1.0.0',
        capabilities: { streaming: false },
        skills: [{ id: 'widgets', name: 'Widgets', description: 'Manage widgets' }],
      }),
    '/.well-known/agent-skills/index.json': (_q, r) => json(r, { skills: [{ name: 'widgets', url: `${o}/skills/widgets.md` }] }),
    '/.well-known/api-catalog': (_q, r) =>
      json(
        r,
        {
          linkset: [{ anchor: `${o}/api`, 'service-desc': [{ href: `${o}/openapi.json`, type: 'application/json' }], 'service-doc': [{ href: `${o}/docs` }] }],
        },
        'application/linkset+json',
      ),
    '/openapi.json': (_q, r) => json(r, VALID_OPENAPI),
    '/.well-known/oauth-authorization-server': (_q, r) =>
      json(r, { issuer: o, authorization_endpoint: `${o}/oauth/authorize`, token_endpoint: `${o}/oauth/token`, response_types_supported: ['code'] }),
    '/.well-known/oauth-protected-resource': (_q, r) => json(r, { resource: `${o}/mcp`, authorization_servers: [o] }),
    '/docs': (_q, r) =>
      html(
        r,
        page(
          'Docs',
          `<h1>Docs</h1><p>REST API reference and SDKs.</p><pre><code>npm install @agentnative/sdk</code></pre><pre><code>pip install agentnative</code></pre><pre><code>go get github.com/agentnative/agentnative-go</code></pre><pre><code>gem install agentnative</code></pre><h2>CLI</h2><pre><code>npm install -g @agentnative/cli</code></pre><pre><code>brew install agentnative/tap/an</code></pre>`,
        ),
      ),
    '/pricing': (_q, r) => html(r, page('Pricing', '<h1>Pricing</h1><p>Free — $0/month. Start free.</p><p>Pro $49/month.</p><a href="/signup">Sign up</a>')),
    '/signup': (_q, r) => html(r, page('Sign up', '<form>email</form>')),
    '/changelog': (_q, r) => html(r, page('Changelog', '<h1>Changelog</h1><p>v1.2: widgets.</p>')),
  })(req, res, ctx);
};

const typicalSaas = routes({
  '/robots.txt': (_q, r) =>
    text(r, 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n\nSitemap: http://typical-saas.test/sitemap.xml\n'),
  '/sitemap.xml': (_q, r) => send(r, 200, 'application/xml', sitemap('http://typical-saas.test', ['/', '/docs', '/pricing'])),
  '/': (_q, r) =>
    html(
      r,
      page(
        'Typical SaaS',
        `<h1>Typical SaaS</h1><p>${'Project dashboards for teams. '.repeat(10)}</p><a href="/docs">Docs</a> <a href="/pricing">Pricing</a> <a href="/status">Status</a>`,
        '<meta name="description" content="Dashboards for teams.">',
      ),
    ),
  '/docs': (_q, r) => html(r, page('Docs', '<h1>Docs</h1><p>API reference</p><pre>npm install typical-saas</pre><pre>pip install typical-saas</pre>')),
  '/pricing': (_q, r) => html(r, page('Pricing', '<p>Team $29/month. Start free trial. Enterprise: contact sales.</p>')),
  '/status': (_q, r) => html(r, page('Status', 'All good')),
});

const docsOnly = routes({
  '/': (_q, r) => html(r, page('Docs Only', `<p>${'Reference documentation for the docsonly library. '.repeat(6)}</p><a href="/docs">Docs</a>`)),
  '/docs': (_q, r) => html(r, page('Docs', '<pre>pip install docsonly</pre>')),
  '/llms.txt': (_q, r) => text(r, llms('Docs Only', 'http://docs-only.test'), 'text/markdown'),
});

const scriptShell = routes({
  '/robots.txt': (_q, r) => text(r, ALLOW_ALL),
  '/': (_q, r) => html(r, '<!doctype html><html><head><title></title></head><body><div id="root"></div><script src="/app.js"></script></body></html>'),
  '/app.js': (_q, r) =>
    send(
      r,
      200,
      'application/javascript',
      `document.title = 'Shell App';
       const m = document.createElement('meta'); m.name = 'description'; m.content = 'A client-rendered app.'; document.head.appendChild(m);
       document.getElementById('root').innerHTML = '<h1>Shell App</h1><p>' + 'Rendered entirely in the browser. '.repeat(10) + '</p><a href="/docs">Docs</a> <a href="/pricing">Pricing</a>';`,
    ),
  '/docs': (_q, r) => html(r, page('Docs', '<pre>npm install shell-app</pre>')),
  '/pricing': (_q, r) => html(r, page('Pricing', '<p>Start free. $19/month.</p>')),
});

/** A normal little homepage, for the sites whose point is elsewhere. */
const plainHome = (name: string) => (_q: unknown, r: Parameters<SiteHandler>[1]) =>
  html(r, page(name, `<h1>${name}</h1><p>${'A perfectly ordinary product page. '.repeat(8)}</p>`, `<meta name="description" content="${name}.">`));

export const SITES: Record<string, SiteHandler> = {
  'agent-native.test': agentNative,
  'typical-saas.test': typicalSaas,
  'docs-only.test': docsOnly,
  'script-shell.test': scriptShell,
  'robots-5xx.test': routes({ '/robots.txt': (_q, r) => send(r, 503, 'text/plain', 'unavailable'), '/': plainHome('Robots 5xx') }),
  'redirect-loop.test': routes({ '/': (_q, r) => redirect(r, '/a'), '/a': (_q, r) => redirect(r, '/b'), '/b': (_q, r) => redirect(r, '/a') }),
  'redirect-private.test': (req, res, ctx) =>
    routes({
      '/': (_q, r) => redirect(r, 'http://169.254.169.254/latest/meta-data/'),
      '/docs': (_q, r) => redirect(r, `http://127.0.0.1:${ctx.port}/`),
    })(req, res, ctx),
  'huge-body.test': routes({ '/': (_q, r) => streamHuge(r) }),
  'slow-loris.test': routes({ '/': (_q, r) => trickle(r) }),
  'html-llms.test': routes({ '/': plainHome('HTML llms'), '/llms.txt': (_q, r) => html(r, page('Not found', '<h1>Oops, a web page</h1>')) }),
  'bad-openapi.test': routes({
    '/': plainHome('Bad OpenAPI'),
    '/.well-known/api-catalog': (_q, r) =>
      json(
        r,
        { linkset: [{ anchor: 'http://bad-openapi.test/api', 'service-desc': [{ href: 'http://bad-openapi.test/openapi.json' }] }] },
        'application/linkset+json',
      ),
    '/openapi.json': (_q, r) => json(r, { openapi: '3.0.3', paths: { '/x': { get: { responses: 'nope' } } } }),
  }),
  'mcp-auth.test': routes({
    '/': plainHome('MCP Auth'),
    '/.well-known/mcp.json': (_q, r) => json(r, { name: 'mcp-auth', url: 'http://mcp-auth.test/mcp' }),
    '/mcp': (_q, r) =>
      send(r, 401, 'application/json', JSON.stringify({ error: 'unauthorized' }), {
        'www-authenticate': 'Bearer resource_metadata="http://mcp-auth.test/.well-known/oauth-protected-resource"',
      }),
    '/.well-known/oauth-protected-resource': (_q, r) => json(r, { resource: 'http://mcp-auth.test/mcp', authorization_servers: ['http://mcp-auth.test'] }),
  }),
  // Credentials asked for in a JSON-RPC error on HTTP 200 (as Agentdex's own /mcp does): alive, auth required.
  'mcp-rpc-auth.test': routes({
    '/': plainHome('MCP RPC Auth'),
    '/.well-known/mcp.json': (_q, r) => json(r, { name: 'mcp-rpc-auth', url: 'http://mcp-rpc-auth.test/mcp' }),
    '/mcp': (_q, r) => json(r, { jsonrpc: '2.0', id: 0, error: { code: -32001, message: 'An API key is required: send it in the x-api-key header' } }),
  }),
  // Its negative twin: a JSON-RPC server that answers every call with "method not found" is not an MCP server.
  'mcp-rpc-other.test': routes({
    '/': plainHome('MCP RPC Other'),
    '/.well-known/mcp.json': (_q, r) => json(r, { name: 'mcp-rpc-other', url: 'http://mcp-rpc-other.test/mcp' }),
    '/mcp': (_q, r) => json(r, { jsonrpc: '2.0', id: 0, error: { code: -32601, message: 'Method not found' } }),
  }),
  'mcp-html.test': routes({
    '/': plainHome('MCP HTML'),
    '/.well-known/mcp.json': (_q, r) => json(r, { name: 'mcp-html', url: 'http://mcp-html.test/mcp' }),
    '/mcp': (_q, r) => html(r, page('MCP', '<h1>Our MCP page</h1>')),
  }),
};

/** Cheap typical small sites for sweeps (site-0.test, site-1.test, ...). */
export function genericSite(name: string): SiteHandler {
  const o = `http://${name}.test`;
  const home = page(
    name,
    `<h1>${name}</h1><p>${'Small useful product. '.repeat(12)}</p><a href="/docs">Docs</a> <a href="/pricing">Pricing</a>`,
    `<meta name="description" content="${name} does one thing well."><meta property="og:title" content="${name}">`,
  );
  const body = llms(name, o);
  return routes({
    '/robots.txt': (_q, r) => text(r, ALLOW_ALL),
    '/': (_q, r) => html(r, home),
    '/llms.txt': (_q, r) => text(r, body, 'text/markdown'),
    '/docs': (_q, r) => html(r, page('Docs', `<pre>npm install ${name}</pre>`)),
    '/pricing': (_q, r) => html(r, page('Pricing', '<p>$10/month. Sign up</p>')),
  });
}

function streamHuge(res: Parameters<SiteHandler>[1]): void {
  res.writeHead(200, { 'content-type': 'text/html' });
  const chunk = Buffer.alloc(64 * 1024, 'a');
  let sent = 0;
  const pump = () => {
    while (sent < 50 * 1024 * 1024) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  res.on('close', () => (sent = Infinity));
  pump();
}

function trickle(res: Parameters<SiteHandler>[1]): void {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.write('<');
  const timer = setInterval(() => res.write('a'), 1000);
  res.on('close', () => clearInterval(timer));
}
