import { serveLegacySseMcp, serveMcp, serveTickStream } from './mcp';
import { html, json, notFound, page, routes, send, text, type SiteHandler } from './respond';

/**
 * Audit fixtures for "things that exist must be found": for each way a real site publishes an MCP server or
 * an OpenAPI description that the audit used to miss, a site that publishes it, and a negative twin that
 * looks alike but has nothing to find (so precision does not drop).
 */

const ROBOTS = 'User-agent: *\nAllow: /\n';

const home = (name: string, o: string, nav: string, pitch: string) =>
  page(
    `${name} — ${pitch}`,
    `<header><nav><a href="/">${name}</a> <a href="/pricing">Pricing</a> ${nav}</nav></header>
     <main><h1>${name}</h1><p>${`${pitch}. Teams use ${name} to automate the busywork in their day. `.repeat(4)}</p>
     <section><h2>Built for developers</h2><p>A REST API, webhooks and SDKs for the languages you use.</p></section></main>
     <footer><p>© 2026 ${name} Inc.</p></footer>`,
    `<meta name="description" content="${pitch}."><meta property="og:title" content="${name}"><link rel="canonical" href="${o}/">`,
  );

const llms = (name: string, pitch: string, sections: string) => `# ${name}\n\n> ${pitch}.\n\n## Docs\n\n${sections}\n`;

const apiNotFound = (res: Parameters<SiteHandler>[1]) => send(res, 404, 'application/json', JSON.stringify({ error: 'not_found' }));

/** A REST endpoint that is not MCP: JSON errors for anything it does not understand. */
const restEndpoint: SiteHandler = (req, res) =>
  req.method === 'POST'
    ? send(res, 400, 'application/json', JSON.stringify({ error: 'invalid_request', message: 'missing field: prompt' }))
    : json(res, { status: 'ok', service: 'assistant' });

// ---------------------------------------------------------------------------------------------------------
// Server cards: the endpoint named in a field other than `url` (SEP-1649's `transport.endpoint`), on the mcp.
// host at a path no fallback would try. Twin: a registry-style card (`remotes[]`) naming a REST endpoint.

const cardFields: SiteHandler = (req, res, ctx) => {
  const o = 'http://card-fields.test';
  if (ctx.host === 'mcp.card-fields.test') return ctx.path === '/v2/agents' ? serveMcp(req, res, 'card-fields') : notFound(res);
  return routes({
    '/robots.txt': (_q, r) => text(r, ROBOTS),
    '/': (_q, r) => html(r, home('Card Fields', o, '<a href="/docs">Docs</a>', 'Scheduling for field service teams')),
    '/docs': (_q, r) =>
      html(r, page('Docs — Card Fields', '<h1>Card Fields docs</h1><p>REST API reference.</p><pre><code>npm install @cardfields/sdk</code></pre>')),
    '/.well-known/mcp/server-card.json': (_q, r) =>
      json(r, {
        $schema: 'https://static.modelcontextprotocol.io/schemas/mcp-server-card/v1.json',
        version: '1.0',
        protocolVersion: '2025-06-18',
        serverInfo: { name: 'card-fields', title: 'Card Fields', version: '2.3.0' },
        description: 'Create and reschedule field visits from any MCP client.',
        transport: { type: 'streamable-http', endpoint: 'http://mcp.card-fields.test/v2/agents' },
        capabilities: { tools: { listChanged: true } },
        authentication: { required: false },
      }),
  })(req, res, ctx);
};

const cardStale = routes({
  '/robots.txt': (_q, r) => text(r, ROBOTS),
  '/': (_q, r) => html(r, home('Card Stale', 'http://card-stale.test', '<a href="/docs">Docs</a>', 'An assistant for your support inbox')),
  '/.well-known/mcp.json': (_q, r) =>
    json(r, {
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json',
      name: 'io.card-stale/assistant',
      description: 'Support inbox assistant',
      version: '0.9.0',
      remotes: [{ type: 'streamable-http', url: 'http://card-stale.test/api/assistant' }],
    }),
  '/api/assistant': restEndpoint,
});

// ---------------------------------------------------------------------------------------------------------
// Documentation pages about MCP. mcp-docs: llms.txt links a docs page whose text names the endpoint (with
// the usual decoys: the protocol's site, a localhost inspector). mcp-guide: the docs link a guide that
// describes the hosted server without its URL; it lives at a common path on the api. host. Twin
// (mcp-selfhost): a page describing an open-source server you run yourself; the api. host is a gateway that
// answers 401 to everything.

const mcpDocsPage = page(
  'MCP server — MCP Docs',
  `<nav><a href="/docs">Docs</a> › <a href="/docs/mcp">MCP server</a></nav>
   <article>
     <h1>Connect AI agents with the MCP server</h1>
     <p>Our remote MCP server lets Claude, Cursor, VS Code and any other
        <a href="https://modelcontextprotocol.io/introduction">Model Context Protocol</a> client read and update your projects.</p>
     <h2>Server URL</h2>
     <pre><code>http://mcp.mcp-docs.test/agents/v1</code></pre>
     <h2>Claude Code</h2>
     <pre><code>claude mcp add --transport http mcp-docs http://mcp.mcp-docs.test/agents/v1</code></pre>
     <h2>Cursor</h2>
     <pre><code>{
  "mcpServers": {
    "mcp-docs": { "url": "http://mcp.mcp-docs.test/agents/v1" }
  }
}</code></pre>
     <h2>Debugging</h2>
     <p>Run the MCP Inspector with <code>npx @modelcontextprotocol/inspector</code> and open http://localhost:6274 in your browser.</p>
   </article>`,
  '<meta name="description" content="Connect AI agents to MCP Docs over MCP.">',
);

const mcpDocs: SiteHandler = (req, res, ctx) => {
  const o = 'http://mcp-docs.test';
  if (ctx.host === 'mcp.mcp-docs.test') return ctx.path === '/agents/v1' ? serveMcp(req, res, 'mcp-docs') : notFound(res);
  return routes({
    '/robots.txt': (_q, r) => text(r, ROBOTS),
    '/': (_q, r) => html(r, home('MCP Docs', o, '<a href="/docs">Docs</a>', 'Project tracking for product teams')),
    '/llms.txt': (_q, r) =>
      text(
        r,
        llms(
          'MCP Docs',
          'Project tracking for product teams',
          `- [Quickstart](${o}/docs): create a project and invite your team\n- [REST API](${o}/docs/api): endpoints and authentication\n\n## Agents\n\n- [MCP server](${o}/docs/mcp): connect Claude, Cursor and other MCP clients to your workspace`,
        ),
        'text/markdown; charset=utf-8',
      ),
    '/docs': (_q, r) => html(r, page('Docs — MCP Docs', '<h1>Docs</h1><p>REST API reference.</p><a href="/docs/mcp">MCP server</a>')),
    '/docs/mcp': (_q, r) => html(r, mcpDocsPage),
  })(req, res, ctx);
};

const mcpGuide: SiteHandler = (req, res, ctx) => {
  const o = 'http://mcp-guide.test';
  if (ctx.host === 'api.mcp-guide.test') return ctx.path === '/v1/mcp' ? serveMcp(req, res, 'mcp-guide') : apiNotFound(res);
  if (ctx.host === 'mcp.mcp-guide.test') return notFound(res);
  return routes({
    '/robots.txt': (_q, r) => text(r, ROBOTS),
    '/': (_q, r) => html(r, home('MCP Guide', o, '<a href="/docs">Developers</a>', 'Invoices and payments for agencies')),
    '/docs': (_q, r) =>
      html(
        r,
        page(
          'Developers — MCP Guide',
          `<h1>Developers</h1><p>Build on the MCP Guide REST API.</p>
           <ul><li><a href="/docs/authentication">Authentication</a></li><li><a href="/docs/invoices">Invoices API</a></li>
           <li><a href="/docs/integrations/ai-agents">Connect AI agents (MCP)</a></li></ul>`,
        ),
      ),
    '/docs/integrations/ai-agents': (_q, r) =>
      html(
        r,
        page(
          'Connect AI agents — MCP Guide',
          `<h1>Connect AI agents</h1>
           <p>MCP Guide runs a hosted MCP server, so assistants such as Claude and ChatGPT can draft invoices, look up
           payments and chase overdue clients on your behalf.</p>
           <p>Add it as a custom connector in your client and authenticate with an API key from Settings → API.</p>
           <p>The server exposes the same permissions as the key you use.</p>`,
        ),
      ),
  })(req, res, ctx);
};

const mcpSelfhost: SiteHandler = (req, res, ctx) => {
  const o = 'http://mcp-selfhost.test';
  if (ctx.host === 'api.mcp-selfhost.test')
    return send(res, 401, 'application/json', JSON.stringify({ message: 'Unauthorized' }), {
      'www-authenticate': 'Bearer realm="api.mcp-selfhost.test", error="invalid_token"',
    });
  if (ctx.host === 'mcp.mcp-selfhost.test') return notFound(res);
  return routes({
    '/robots.txt': (_q, r) => text(r, ROBOTS),
    '/': (_q, r) => html(r, home('MCP Selfhost', o, '<a href="/docs">Docs</a>', 'Open-source analytics you host yourself')),
    '/llms.txt': (_q, r) =>
      text(
        r,
        llms(
          'MCP Selfhost',
          'Open-source analytics you host yourself',
          `- [Install](${o}/docs/install): Docker and Helm\n- [MCP server](${o}/docs/mcp-server): run our open-source MCP server next to your instance`,
        ),
        'text/markdown; charset=utf-8',
      ),
    '/docs': (_q, r) => html(r, page('Docs — MCP Selfhost', '<h1>Docs</h1><p>Install with Docker.</p><pre><code>docker run mcpselfhost/server</code></pre>')),
    '/docs/mcp-server': (_q, r) =>
      html(
        r,
        page(
          'MCP server — MCP Selfhost',
          `<h1>MCP server</h1>
           <p>The open-source MCP server (<a href="https://github.com/mcpselfhost/mcp-server">github.com/mcpselfhost/mcp-server</a>)
           lets agents query your self-hosted instance. We do not run a hosted MCP server.</p>
           <h2>stdio</h2><pre><code>npx -y @mcpselfhost/mcp-server --instance https://analytics.your-domain.com</code></pre>
           <h2>HTTP</h2><p>Start it with <code>--port 3000</code> and point your client at <code>http://localhost:3000/mcp</code>.</p>
           <p>See the <a href="https://modelcontextprotocol.io/docs/concepts/transports">MCP transports</a> documentation.</p>`,
        ),
      ),
    '/mcp': (_q, r) => notFound(r),
  })(req, res, ctx);
};

// ---------------------------------------------------------------------------------------------------------
// OAuth protected resource metadata (RFC 9728). prm-mcp: nothing else points at the MCP server; the metadata
// names it and it answers 401 with a Bearer challenge. Twin (prm-api): the metadata protects a REST API that
// answers 401 the same way.

const prmMcp: SiteHandler = (req, res, ctx) => {
  if (ctx.host === 'mcp.prm-mcp.test')
    return ctx.path === '/'
      ? send(res, 401, 'application/json', JSON.stringify({ error: 'invalid_token', error_description: 'Missing access token' }), {
          'www-authenticate': 'Bearer error="invalid_token", resource_metadata="http://mcp.prm-mcp.test/.well-known/oauth-protected-resource"',
        })
      : notFound(res);
  return routes({
    '/robots.txt': (_q, r) => text(r, ROBOTS),
    '/': (_q, r) => html(r, home('PRM MCP', 'http://prm-mcp.test', '<a href="/docs">Docs</a>', 'Contracts your team can sign from anywhere')),
    '/.well-known/oauth-protected-resource': (_q, r) =>
      json(r, {
        resource: 'http://mcp.prm-mcp.test/',
        authorization_servers: ['http://prm-mcp.test'],
        bearer_methods_supported: ['header'],
        scopes_supported: ['contracts:read', 'contracts:write'],
      }),
    '/.well-known/oauth-authorization-server': (_q, r) =>
      json(r, {
        issuer: 'http://prm-mcp.test',
        authorization_endpoint: 'http://prm-mcp.test/oauth/authorize',
        token_endpoint: 'http://prm-mcp.test/oauth/token',
        registration_endpoint: 'http://prm-mcp.test/oauth/register',
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
      }),
  })(req, res, ctx);
};

const prmApi: SiteHandler = (req, res, ctx) => {
  if (ctx.host === 'api.prm-api.test')
    return send(res, 401, 'application/json', JSON.stringify({ error: 'invalid_token' }), {
      'www-authenticate': 'Bearer realm="prm-api", resource_metadata="http://api.prm-api.test/.well-known/oauth-protected-resource"',
    });
  return routes({
    '/robots.txt': (_q, r) => text(r, ROBOTS),
    '/': (_q, r) => html(r, home('PRM API', 'http://prm-api.test', '<a href="/docs">Docs</a>', 'Invoicing API for marketplaces')),
    '/.well-known/oauth-protected-resource': (_q, r) =>
      json(r, {
        resource: 'http://api.prm-api.test/v1',
        resource_name: 'PRM API invoicing REST API',
        authorization_servers: ['http://prm-api.test'],
        bearer_methods_supported: ['header'],
        scopes_supported: ['invoices:read', 'invoices:write'],
      }),
  })(req, res, ctx);
};

// ---------------------------------------------------------------------------------------------------------
// The legacy HTTP+SSE transport (2024-11-05). sse-legacy: a registry-style card names an `sse` remote on the
// mcp. host, a real SDK SSE server (its /sse answers the Streamable HTTP POST with 404, as Express did). Twin
// (sse-ticks): the card's `sse` remote is an event stream of price ticks, alive but not MCP.

const sseCard = (domain: string, url: string) => ({
  $schema: 'https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json',
  name: `io.${domain.replace(/\.test$/, '')}/server`,
  description: 'Remote MCP server',
  version: '1.4.0',
  remotes: [{ type: 'sse', url }],
});

const sseLegacy: SiteHandler = (req, res, ctx) => {
  if (ctx.host === 'mcp.sse-legacy.test') return serveLegacySseMcp(req, res, '/sse', 'sse-legacy');
  return routes({
    '/robots.txt': (_q, r) => text(r, ROBOTS),
    '/': (_q, r) => html(r, home('SSE Legacy', 'http://sse-legacy.test', '<a href="/docs">Docs</a>', 'Timesheets for consultancies')),
    '/.well-known/mcp.json': (_q, r) => json(r, sseCard('sse-legacy.test', 'http://mcp.sse-legacy.test/sse')),
  })(req, res, ctx);
};

const sseTicks: SiteHandler = (req, res, ctx) =>
  routes({
    '/robots.txt': (_q, r) => text(r, ROBOTS),
    '/': (_q, r) => html(r, home('SSE Ticks', 'http://sse-ticks.test', '<a href="/docs">Docs</a>', 'Market data for trading desks')),
    '/.well-known/mcp.json': (_q, r) => json(r, sseCard('sse-ticks.test', 'http://sse-ticks.test/sse')),
    '/sse': serveTickStream,
  })(req, res, ctx);

// ---------------------------------------------------------------------------------------------------------
// OpenAPI linked from the developer docs, on the api. host, as .yml served text/plain. Twin: the docs and
// llms.txt link YAML files that are not OpenAPI (an AsyncAPI document, an OpenAPI generator config).

const YAML_OPENAPI = `# Generated by our API gateway. Do not edit.
openapi: 3.0.3
info:
  title: OpenAPI YAML Shipping API
  version: "2.4.1"
  description: Create shipments, buy labels and track parcels.
servers:
  - url: http://api.openapi-yaml.test/v2
paths:
  /shipments:
    get:
      summary: List shipments
      operationId: listShipments
      responses:
        '200':
          description: A page of shipments
    post:
      summary: Create a shipment
      operationId: createShipment
      responses:
        '201':
          description: Created
  /shipments/{id}/label:
    post:
      summary: Buy a label
      operationId: buyLabel
      parameters:
        - name: id
          in: path
          required: true
          schema:
            type: string
      responses:
        '200':
          description: The label
`;

const openapiYaml: SiteHandler = (req, res, ctx) => {
  if (ctx.host === 'api.openapi-yaml.test') return ctx.path === '/v2/reference.yml' ? text(res, YAML_OPENAPI) : apiNotFound(res);
  return routes({
    '/robots.txt': (_q, r) => text(r, ROBOTS),
    '/': (_q, r) => html(r, home('OpenAPI YAML', 'http://openapi-yaml.test', '<a href="/developers">Developers</a>', 'Shipping labels for online stores')),
    '/developers': (_q, r) =>
      html(
        r,
        page(
          'Developers — OpenAPI YAML',
          `<h1>Shipping API</h1><p>Every label, rate and tracking event is available over a REST API.</p>
           <ul><li><a href="/developers/auth">Authentication</a></li>
           <li><a href="http://api.openapi-yaml.test/v2/reference.yml">Download the OpenAPI description</a></li>
           <li><a href="https://spec.openapis.org/oas/v3.0.3">About the OpenAPI Specification</a></li></ul>`,
        ),
      ),
  })(req, res, ctx);
};

const ASYNCAPI = `asyncapi: 2.6.0
info:
  title: Tracking events
  version: 1.0.0
channels:
  parcel/updated:
    subscribe:
      message:
        payload:
          type: object
`;
const GENERATOR_CONFIG = `generatorName: typescript-fetch
inputSpec: ./openapi/internal.json
outputDir: ./sdk/typescript
additionalProperties:
  npmName: "@yamlnot/sdk"
  supportsES6: true
`;

const yamlNotOpenapi = routes({
  '/robots.txt': (_q, r) => text(r, ROBOTS),
  '/': (_q, r) => html(r, home('YAML Not OpenAPI', 'http://yaml-not-openapi.test', '<a href="/developers">Developers</a>', 'Parcel tracking for retailers')),
  '/llms.txt': (_q, r) =>
    text(
      r,
      llms(
        'YAML Not OpenAPI',
        'Parcel tracking for retailers',
        '- [Webhooks](http://yaml-not-openapi.test/developers/webhooks): event delivery\n- [SDK build (OpenAPI generator config)](http://yaml-not-openapi.test/sdk/openapi-generator.yaml): how our SDKs are generated',
      ),
      'text/markdown; charset=utf-8',
    ),
  '/developers': (_q, r) =>
    html(
      r,
      page(
        'Developers — YAML Not OpenAPI',
        `<h1>Tracking events</h1><p>We push parcel events to your webhooks.</p>
         <ul><li><a href="/schemas/events.yaml">Event schema (AsyncAPI, not OpenAPI)</a></li></ul>`,
      ),
    ),
  '/schemas/events.yaml': (_q, r) => text(r, ASYNCAPI, 'application/yaml'),
  '/sdk/openapi-generator.yaml': (_q, r) => text(r, GENERATOR_CONFIG, 'text/yaml'),
});

export const AUDIT_TRUTH_SITES: Record<string, SiteHandler> = {
  'card-fields.test': cardFields,
  'card-stale.test': cardStale,
  'mcp-docs.test': mcpDocs,
  'mcp-guide.test': mcpGuide,
  'mcp-selfhost.test': mcpSelfhost,
  'prm-mcp.test': prmMcp,
  'prm-api.test': prmApi,
  'sse-legacy.test': sseLegacy,
  'sse-ticks.test': sseTicks,
  'openapi-yaml.test': openapiYaml,
  'yaml-not-openapi.test': yamlNotOpenapi,
};
