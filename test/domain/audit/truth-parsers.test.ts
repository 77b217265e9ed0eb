import assert from 'node:assert/strict';
import { parseLlmsTxt } from '../../../src/domain/audit/parse/llms-txt';
import {
  authProvesMcp,
  byMcpEvidence,
  commonMcpEndpoints,
  describesMcpServer,
  isMcpLink,
  looksLikeMcpEndpoint,
  mcpEndpointsInText,
  parseProtectedResource,
  parseServerCard,
} from '../../../src/domain/audit/parse/mcp';
import { isOpenApiDocument, isOpenApiLink, readApiDescription } from '../../../src/domain/audit/parse/openapi';
import { pageLinks } from '../../../src/domain/audit/parse/text';

const CARD = 'https://acme.test/.well-known/mcp.json';

describe('audit parsers: things that exist must be found', () => {
  describe('server card endpoint fields', () => {
    const cases: Array<[string, unknown, string[]]> = [
      ['url', { name: 'a', url: 'https://acme.test/mcp' }, ['https://acme.test/mcp']],
      ['endpoint (string)', { endpoint: 'https://mcp.acme.test/' }, ['https://mcp.acme.test/']],
      ['transport.endpoint, relative (SEP-1649)', { transport: { type: 'streamable-http', endpoint: '/mcp' } }, ['https://acme.test/mcp']],
      ['transport.url', { transport: { type: 'streamable-http', url: 'https://mcp.acme.test/v2' } }, ['https://mcp.acme.test/v2']],
      [
        'transports[] (array of objects)',
        {
          transports: [
            { type: 'http', url: '/mcp' },
            { type: 'sse', url: '/sse' },
          ],
        },
        ['https://acme.test/mcp', 'https://acme.test/sse'],
      ],
      ['remotes[].url (server.json)', { remotes: [{ type: 'streamable-http', url: 'https://api.acme.test/mcp' }] }, ['https://api.acme.test/mcp']],
      [
        'endpoints[] of strings and objects, deduplicated',
        { url: 'https://acme.test/mcp', endpoints: ['https://acme.test/mcp', { url: 'https://acme.test/mcp/v2', transport: 'streamable-http' }] },
        ['https://acme.test/mcp', 'https://acme.test/mcp/v2'],
      ],
      ['templated URLs are left out', { remotes: [{ type: 'sse', url: 'https://events.acme.test/sse/{tenant_id}' }] }, []],
      ['a stdio-only card names nothing', { transport: { type: 'stdio' } }, []],
    ];
    for (const [what, card, endpoints] of cases) it(what, () => assert.deepEqual(parseServerCard(JSON.stringify(card), CARD)?.endpoints, endpoints));

    it('names the server from name or serverInfo.name', () => {
      assert.equal(parseServerCard(JSON.stringify({ serverInfo: { name: 'acme-mcp' } }), CARD)?.name, 'acme-mcp');
      assert.equal(parseServerCard(JSON.stringify({ name: 'acme', serverInfo: { name: 'x' } }), CARD)?.name, 'acme');
    });
    it('is no card when the body is not a JSON object', () => {
      assert.equal(parseServerCard('<!doctype html><p>not found</p>', CARD), undefined);
      assert.equal(parseServerCard('[1,2]', CARD), undefined);
    });
  });

  describe('MCP links: endpoint or page about one', () => {
    const endpoints = [
      'https://mcp.acme.test/',
      'https://mcp.acme.test/sse',
      'https://acme.test/mcp',
      'https://api.acme.test/v1/mcp',
      'https://acme.test/api/mcp',
    ];
    const pages = [
      'https://docs.acme.test/mcp',
      'https://acme.test/docs/mcp',
      'https://acme.test/docs/integrations/mcp-server',
      'https://acme.test/blog/introducing-our-mcp-server',
      'https://acme.test/guides/mcp.html',
      'https://developers.acme.test/ai/mcp',
    ];
    for (const url of endpoints) it(`${url} looks like an endpoint`, () => assert.equal(looksLikeMcpEndpoint(url), true));
    for (const url of pages) it(`${url} is a page about MCP`, () => assert.equal(looksLikeMcpEndpoint(url), false));

    it('a link is about MCP by its URL or its title', () => {
      assert.equal(isMcpLink('https://acme.test/docs/mcp-server'), true);
      assert.equal(isMcpLink('https://acme.test/docs/model-context-protocol'), true);
      assert.equal(isMcpLink('https://acme.test/docs/agents', 'Connect AI agents (MCP)'), true);
      assert.equal(isMcpLink('https://acme.test/docs/agents', 'Connect AI agents'), false);
      assert.equal(isMcpLink('https://acme.test/docs/mcpherson-integration'), false);
      assert.equal(isMcpLink('https://mcp-tools.test/docs'), false, 'a brand that contains the letters');
      assert.equal(isMcpLink('https://mcp.acme.test/'), true);
    });
    it('orders links whose URL says MCP before those only titled so', () => {
      const links = [
        { url: 'https://acme.test/', title: 'Acme MCP' },
        { url: 'https://acme.test/docs/mcp', title: 'Setup' },
      ];
      assert.deepEqual(
        byMcpEvidence(links).map((l) => l.url),
        ['https://acme.test/docs/mcp', 'https://acme.test/'],
      );
    });
  });

  describe('reading the endpoint from a page about MCP', () => {
    const page = `Connect AI agents with the MCP server
      Our remote MCP server works with any Model Context Protocol client (https://modelcontextprotocol.io/introduction).
      Server URL: https://mcp.acme.test/agents/v1.
      claude mcp add --transport http acme https://mcp.acme.test/agents/v1
      { "mcpServers": { "acme": { "url": "https://acme.test/api/mcp" } } }
      Self-host: point your client at http://localhost:3000/mcp or http://127.0.0.1:8080/sse.
      Example: https://example.com/mcp. Source: https://github.com/acme/mcp. Docs: https://docs.acme.test/mcp.
      Another vendor: https://other.test/mcp`;
    it('takes the endpoint-shaped URLs on the site or an mcp. host, deduplicated, without the examples', () =>
      assert.deepEqual(mcpEndpointsInText(page, 'acme.test'), ['https://mcp.acme.test/agents/v1', 'https://acme.test/api/mcp']));
    it('takes an endpoint on a sister mcp. host', () =>
      assert.deepEqual(mcpEndpointsInText('Use https://mcp.acme.dev/mcp', 'acme.test'), ['https://mcp.acme.dev/mcp']));
    it('takes none from a page that names none', () => assert.deepEqual(mcpEndpointsInText('Add our MCP server in Claude settings.', 'acme.test'), []));

    it('tells a page describing an MCP server from one that mentions MCP', () => {
      assert.equal(describesMcpServer('Acme runs a hosted MCP server for Claude and ChatGPT.'), true);
      assert.equal(describesMcpServer('Connect your agent to Acme over MCP with an API key.'), true);
      assert.equal(describesMcpServer('Our SDK now supports the Model Context Protocol (MCP) tool schema.'), false);
      assert.equal(describesMcpServer('Release notes: improved MCP compatibility in the CLI.'), false);
    });

    it('lists the common paths on the site, mcp. and api. hosts, deduplicated, most likely first', () => {
      const urls = commonMcpEndpoints('https://acme.test', 'acme.test');
      assert.equal(urls[0], 'https://mcp.acme.test/mcp');
      assert.equal(new Set(urls).size, urls.length);
      for (const u of ['https://acme.test/mcp', 'https://acme.test/sse', 'https://acme.test/v1/mcp', 'https://acme.test/api/mcp', 'https://api.acme.test/mcp'])
        assert.ok(urls.includes(u), u);
      assert.ok(
        commonMcpEndpoints('http://acme.test', 'acme.test').every((u) => u.startsWith('http://')),
        'the site scheme',
      );
    });
  });

  describe('OAuth protected resource metadata (RFC 9728) and auth challenges', () => {
    it('reads the resource, and whether the metadata says MCP', () => {
      assert.deepEqual(
        parseProtectedResource(JSON.stringify({ resource: 'https://mcp.acme.test/' }), 'https://acme.test/.well-known/oauth-protected-resource'),
        {
          resource: 'https://mcp.acme.test/',
          mentionsMcp: true,
        },
      );
      assert.equal(
        parseProtectedResource(JSON.stringify({ resource: 'https://api.acme.test/v1', scopes_supported: ['mcp:tools'] }), 'https://acme.test/x')?.mentionsMcp,
        true,
      );
      assert.equal(
        parseProtectedResource(JSON.stringify({ resource: 'https://api.acme.test/v1', resource_name: 'Invoices API' }), 'https://acme.test/x')?.mentionsMcp,
        false,
      );
      assert.equal(parseProtectedResource('{"authorization_servers":[]}', 'https://acme.test/x'), undefined);
    });
    const bearer = 'Bearer error="invalid_token"';
    const mcpBearer = 'Bearer error="invalid_token", resource_metadata="https://mcp.acme.test/.well-known/oauth-protected-resource"';
    it('an endpoint named as MCP that answers 401 or 403 requires auth', () => {
      assert.equal(authProvesMcp('server-card', 401, undefined), true);
      assert.equal(authProvesMcp('docs-page', 403, undefined), true);
    });
    it('a protected resource needs a 401 Bearer challenge and something saying MCP', () => {
      assert.equal(authProvesMcp('protected-resource', 401, bearer, true), true);
      assert.equal(authProvesMcp('protected-resource', 401, bearer, false), false);
      assert.equal(authProvesMcp('protected-resource', 401, 'Basic realm="x"', true), false);
      assert.equal(authProvesMcp('protected-resource', 403, bearer, true), false);
    });
    it('a guessed path needs the MCP authorization challenge (resource_metadata), not any gateway 401', () => {
      assert.equal(authProvesMcp('common-path', 401, mcpBearer), true);
      assert.equal(authProvesMcp('common-path', 401, 'Bearer realm="api"'), false);
      assert.equal(authProvesMcp('common-path', 401, undefined), false);
    });
  });

  describe('OpenAPI: YAML or JSON, whatever the name', () => {
    it('reads JSON as JSON and YAML as YAML', () => {
      assert.equal(readApiDescription('{"openapi":"3.0.3","info":{"title":"x","version":"1"},"paths":{}}')?.format, 'json');
      assert.equal(readApiDescription('\uFEFF  {"openapi":"3.0.3","paths":{}}')?.format, 'json');
      assert.equal(readApiDescription('# comment\nopenapi: 3.1.0\ninfo:\n  title: x\n  version: "1"\npaths: {}\n')?.format, 'yaml');
      assert.equal(readApiDescription('---\nswagger: "2.0"\ninfo: {title: x, version: "1"}\npaths: {}\n')?.format, 'yaml');
    });
    it('reads the JSON that JSON.parse refuses (trailing comma) through YAML', () =>
      assert.equal(readApiDescription('{"openapi": "3.0.3", "paths": {},}')?.doc.openapi, '3.0.3'));
    it('is nothing for HTML, plain text or a list', () => {
      assert.equal(readApiDescription('<!doctype html><html><body>Swagger UI</body></html>'), undefined);
      assert.equal(readApiDescription('Just some words about our API.'), undefined);
      assert.equal(readApiDescription('- a\n- b\n'), undefined);
    });
    it('judges OpenAPI by its content, not its key alone', () => {
      const doc = (t: string) => readApiDescription(t)!.doc;
      assert.equal(isOpenApiDocument(doc('openapi: 3.0.3\ninfo: {title: x, version: "1"}\npaths: {}')), true);
      assert.equal(isOpenApiDocument(doc('openapi: 3.0\npaths: {}')), true, 'a YAML number version');
      assert.equal(isOpenApiDocument(doc('swagger: 2.0\ninfo: {title: x, version: "1"}')), true);
      assert.equal(isOpenApiDocument(doc('asyncapi: 2.6.0\ninfo: {title: x, version: "1"}\nchannels: {}')), false);
      assert.equal(isOpenApiDocument(doc('generatorName: typescript-fetch\ninputSpec: ./openapi.json')), false);
      assert.equal(isOpenApiDocument(doc('openapi: yes please\ninfo: {}')), false);
      assert.equal(isOpenApiDocument(doc('openapi: 3.0.3\nnote: no info, no paths')), false);
    });
    it('tells OpenAPI links by URL or by title plus a document URL', () => {
      assert.equal(isOpenApiLink('https://api.acme.test/v2/openapi'), true);
      assert.equal(isOpenApiLink('https://acme.test/specs/swagger-v1.yml'), true);
      assert.equal(isOpenApiLink('https://api.acme.test/v2/reference.yml', 'Download the OpenAPI description'), true);
      assert.equal(isOpenApiLink('https://api.acme.test/spec?format=yaml', 'OpenAPI spec'), true);
      assert.equal(isOpenApiLink('https://acme.test/docs/api', 'API reference (generated from OpenAPI)'), false);
      assert.equal(isOpenApiLink('https://acme.test/docs/openapi.html'), false);
      assert.equal(isOpenApiLink('https://spec.openapis.org/oas/v3.1.0', 'OpenAPI Specification'), false);
      assert.equal(isOpenApiLink('https://swagger.io/specification/', 'Swagger'), false);
    });
  });

  describe('links with what they say', () => {
    it('llms.txt keeps each link title and note', () => {
      const r = parseLlmsTxt(
        'u',
        200,
        'text/markdown',
        '# Acme\n\n## Agents\n\n- [MCP server](https://acme.test/docs/mcp): connect Claude\n- [Spec](https://acme.test/s.yml)\n',
      );
      assert.deepEqual(r.entries, [
        { url: 'https://acme.test/docs/mcp', title: 'MCP server: connect Claude' },
        { url: 'https://acme.test/s.yml', title: 'Spec' },
      ]);
    });
    it('a page gives its links, absolute, with their text', () =>
      assert.deepEqual(
        pageLinks(
          '<a href="/docs/mcp#setup"> MCP <b>server</b></a><a href="mailto:x@y.z">mail</a><a href="spec.yml" title="OpenAPI"></a>',
          'https://acme.test/docs/',
        ),
        [
          { url: 'https://acme.test/docs/mcp', title: 'MCP server' },
          { url: 'https://acme.test/docs/spec.yml', title: 'OpenAPI' },
        ],
      ));
  });
});
