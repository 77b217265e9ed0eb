import { fail, pass, type AuditDef } from '../audit';
import { mcpVerifiedCallAudit } from './mcp-trust';

export const operabilityAudits: AuditDef[] = [
  {
    id: 'api',
    requires: ['homepage', 'docs', 'openapi', 'apiCatalog'],
    audit: ({ homepage, docs, openapi, apiCatalog }) => {
      if (openapi.found || (apiCatalog.found && apiCatalog.valid)) return pass('Public API described by OpenAPI or an API catalog');
      if (docs.mentionsApi || homepage.links.api) return pass('Public API documented');
      return fail('No public API found', 'Offer a documented public API');
    },
  },
  {
    id: 'mcp-live',
    requires: ['mcp'],
    audit: ({ mcp }) => {
      const ok = mcp.endpoints.find((e) => e.outcome === 'ok');
      if (ok)
        return pass(
          `MCP initialize + tools/list succeeded at ${ok.url} (${ok.tools?.length ?? 0} tools${ok.transport === 'sse' ? ', legacy HTTP+SSE transport' : ''})`,
        );
      const auth = mcp.endpoints.find((e) => e.outcome === 'auth-required');
      if (auth)
        return {
          score: 0.75,
          detail: `MCP endpoint ${auth.url} requires authorization (it is alive)${auth.source === 'protected-resource' ? '; it is the OAuth protected resource the site names (RFC 9728)' : ''}`,
          fix: 'Publish OAuth protected-resource metadata so agents can authorize',
        };
      const declared = mcp.endpoints.filter((e) => e.declared);
      if (declared.length)
        return fail(
          `Declared MCP endpoint did not complete a handshake: ${declared.map((e) => `${e.url} (${e.outcome})`).join(', ')}`,
          'Make the endpoint answer MCP initialize and tools/list over Streamable HTTP',
        );
      return fail('No live MCP endpoint', 'Run a remote MCP server (Streamable HTTP)');
    },
  },
  mcpVerifiedCallAudit,
  {
    id: 'oauth-discovery',
    requires: ['oauth'],
    audit: ({ oauth }) => {
      const found = [
        oauth.authorizationServer.found && oauth.authorizationServer.valid && 'RFC 8414 authorization server',
        oauth.protectedResource.found && oauth.protectedResource.valid && 'RFC 9728 protected resource',
      ].filter(Boolean);
      return found.length
        ? pass(`OAuth discovery: ${found.join(', ')}`)
        : fail('No OAuth discovery metadata', 'Publish /.well-known/oauth-protected-resource (RFC 9728) and authorization server metadata (RFC 8414)');
    },
  },
  {
    id: 'status-page',
    requires: ['statusPage'],
    audit: ({ statusPage }) =>
      statusPage.found ? pass(`Status page at ${statusPage.url}`) : fail('No status page found', 'Publish a status page and link it from the homepage'),
  },
  {
    id: 'changelog',
    requires: ['changelog'],
    audit: ({ changelog }) =>
      changelog.found ? pass(`Changelog at ${changelog.url}`) : fail('No changelog found', 'Publish a changelog so agents can notice breaking changes'),
  },
  {
    id: 'https',
    requires: ['homepage'],
    audit: ({ homepage }) => (homepage.https ? pass('Served over HTTPS') : fail('Site is served over plain HTTP', 'Serve the site and API over HTTPS')),
  },
];
