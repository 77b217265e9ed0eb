import assert from 'node:assert/strict';
import type { AuditArtifacts, McpArtifact } from '../../src/domain/audit/artifacts';
import { AuditResponseSchema } from '../../src/schemas/primitives';
import { startTestApp, type TestApp } from '../support/app';
import { jsonOf } from '../support/http';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';

type Report = ReturnType<typeof AuditResponseSchema.parse>;
const check = (r: Report, id: string) => r.checks.find((c) => c.id === id)!;

/**
 * "Things that exist must be found": for each way a site publishes an MCP server or an OpenAPI description
 * that the audit used to miss, the site that publishes it is found, and its negative twin is not.
 */
describe('GET /v1/audit finds what exists (audit-truth fixtures)', function () {
  this.timeout(120_000);
  let app: TestApp;
  let key: string;
  const reports = new Map<string, Report>();
  const report = async (domain: string) => {
    if (!reports.has(domain)) {
      const res = await fetch(`${app.baseUrl}/v1/audit?domain=${encodeURIComponent(domain)}`, { headers: { 'x-api-key': key } });
      assert.equal(res.status, 200, `${domain}: ${res.status} ${await res.clone().text()}`);
      reports.set(domain, AuditResponseSchema.parse(await jsonOf(res)));
    }
    return reports.get(domain)!;
  };
  /** The MCP artifact of the domain's latest audit, as stored. */
  const mcpArtifact = async (domain: string): Promise<McpArtifact> => {
    const row = await getInfra().db('audits').where({ domain, status: 'completed' }).orderBy('started_at', 'desc').first();
    const artifacts = (typeof row.artifacts === 'string' ? JSON.parse(row.artifacts) : row.artifacts) as AuditArtifacts;
    assert.ok(artifacts.mcp.ok, 'the MCP artifact was gathered');
    return artifacts.mcp.value;
  };
  const requestsTo = (host: string) => getInfra().fixtureWeb.requests.filter((q) => q.host === host);

  before(async () => {
    app = await startTestApp();
    key = (await createWorkspace(getInfra().db)).key;
  });
  after(() => app.close());

  describe('an MCP server card names its endpoint in any field of the drafts', () => {
    it('card-fields.test: transport.endpoint of a SEP-1649 card on the mcp. host is a live MCP server', async () => {
      const r = await report('card-fields.test');
      assert.equal(r.signals.mcpAvailable, true);
      assert.equal(check(r, 'mcp-live').score, 1);
      assert.match(check(r, 'mcp-live').detail, /succeeded at http:\/\/mcp\.card-fields\.test\/v2\/agents \(2 tools\)/);
      assert.equal(check(r, 'mcp-server').score, 1);
      assert.match(check(r, 'mcp-server').detail, /named by the server card http:\/\/card-fields\.test\/\.well-known\/mcp\/server-card\.json/);
      const mcp = await mcpArtifact('card-fields.test');
      assert.deepEqual(mcp.serverCard, {
        url: 'http://card-fields.test/.well-known/mcp/server-card.json',
        name: 'card-fields',
        endpoints: ['http://mcp.card-fields.test/v2/agents'],
      });
      assert.equal(mcp.endpoints.length, 1, 'probing stops at the live endpoint');
    });

    it('card-stale.test (twin): a card whose remotes[] endpoint answers, but not MCP, is no MCP server', async () => {
      const r = await report('card-stale.test');
      assert.equal(r.signals.mcpAvailable, false);
      assert.equal(check(r, 'mcp-live').score, 0);
      assert.match(check(r, 'mcp-live').detail, /Declared MCP endpoint did not complete a handshake: http:\/\/card-stale\.test\/api\/assistant \(not-mcp\)/);
      assert.equal(check(r, 'mcp-server').score, 0.5);
    });
  });

  describe('a documentation page about MCP is not an endpoint', () => {
    it('mcp-docs.test: the endpoint written on the docs page llms.txt links is found', async () => {
      const r = await report('mcp-docs.test');
      assert.equal(r.signals.mcpAvailable, true);
      assert.equal(check(r, 'mcp-live').score, 1);
      assert.match(check(r, 'mcp-live').detail, /succeeded at http:\/\/mcp\.mcp-docs\.test\/agents\/v1/);
      assert.equal(check(r, 'mcp-server').score, 1);
      assert.match(check(r, 'mcp-server').detail, /named on http:\/\/mcp-docs\.test\/docs\/mcp/);
      const mcp = await mcpArtifact('mcp-docs.test');
      assert.deepEqual(mcp.pages, [{ url: 'http://mcp-docs.test/docs/mcp', describesServer: true, endpoints: ['http://mcp.mcp-docs.test/agents/v1'] }]);
      assert.ok(!mcp.endpoints.some((e) => e.url.includes('/docs/mcp')), 'the docs page itself is not probed as an endpoint');
      assert.ok(!requestsTo('mcp-docs.test').some((q) => q.method === 'POST'), 'no handshake is attempted against a docs page');
    });

    it('mcp-guide.test: a guide that describes the server without its URL leads to a common path on the api. host', async () => {
      const r = await report('mcp-guide.test');
      assert.equal(r.signals.mcpAvailable, true);
      assert.equal(check(r, 'mcp-live').score, 1);
      assert.match(check(r, 'mcp-live').detail, /succeeded at http:\/\/api\.mcp-guide\.test\/v1\/mcp/);
      assert.match(check(r, 'mcp-server').detail, /at a common path/);
      const mcp = await mcpArtifact('mcp-guide.test');
      assert.ok(mcp.endpoints.length <= 8, `bounded probes: ${mcp.endpoints.length}`);
      assert.equal(new Set(mcp.endpoints.map((e) => e.url)).size, mcp.endpoints.length, 'no URL probed twice');
    });

    it('mcp-selfhost.test (twin): a page about a self-hosted server, and an api. host that 401s everything, is no MCP server', async () => {
      const r = await report('mcp-selfhost.test');
      assert.equal(r.signals.mcpAvailable, false);
      assert.equal(check(r, 'mcp-live').score, 0);
      assert.equal(check(r, 'mcp-live').detail, 'No live MCP endpoint');
      assert.equal(check(r, 'mcp-server').score, 0);
      assert.match(check(r, 'mcp-server').detail, /mcp-selfhost\.test\/docs\/mcp-server describes an MCP server, but no endpoint/);
      const mcp = await mcpArtifact('mcp-selfhost.test');
      assert.ok(!mcp.endpoints.some((e) => /localhost|127\.0\.0\.1|github|modelcontextprotocol/.test(e.url)), 'examples are not endpoints');
      const gateway = mcp.endpoints.filter((e) => e.url.startsWith('http://api.mcp-selfhost.test/'));
      assert.ok(gateway.length > 0, 'the api. host was tried');
      for (const e of gateway) assert.equal(e.outcome, 'not-mcp', `${e.url}: a gateway 401 is not an MCP server`);
      assert.ok(mcp.endpoints.length <= 8, `bounded probes: ${mcp.endpoints.length}`);
    });
  });

  describe('OAuth protected resource metadata names the MCP server', () => {
    it('prm-mcp.test: the protected resource answers 401 with a Bearer challenge: an MCP server that requires auth', async () => {
      const r = await report('prm-mcp.test');
      assert.equal(r.signals.mcpAvailable, true);
      assert.equal(check(r, 'mcp-live').score, 0.75);
      assert.match(check(r, 'mcp-live').detail, /http:\/\/mcp\.prm-mcp\.test\/ requires authorization \(it is alive\); it is the OAuth protected resource/);
      assert.equal(check(r, 'mcp-server').score, 1);
      assert.equal(check(r, 'oauth-discovery').score, 1);
    });

    it('prm-api.test (twin): a protected REST API answering 401 the same way is no MCP server', async () => {
      const r = await report('prm-api.test');
      assert.equal(r.signals.mcpAvailable, false);
      assert.equal(check(r, 'mcp-live').score, 0);
      assert.equal(check(r, 'mcp-server').score, 0);
      assert.equal(check(r, 'oauth-discovery').score, 1, 'the metadata still counts as OAuth discovery');
      const mcp = await mcpArtifact('prm-api.test');
      assert.deepEqual(mcp.protectedResource, { url: 'http://api.prm-api.test/v1', mentionsMcp: false });
      assert.equal(mcp.endpoints.find((e) => e.source === 'protected-resource')?.outcome, 'not-mcp');
    });
  });

  describe('an MCP server on the legacy HTTP+SSE transport is alive', () => {
    it('sse-legacy.test: Streamable HTTP answers 404, the SSE fallback completes initialize + tools/list through the guard', async () => {
      const r = await report('sse-legacy.test');
      assert.equal(r.signals.mcpAvailable, true);
      assert.equal(check(r, 'mcp-live').score, 1);
      assert.match(check(r, 'mcp-live').detail, /succeeded at http:\/\/mcp\.sse-legacy\.test\/sse \(2 tools, legacy HTTP\+SSE transport\)/);
      assert.equal(check(r, 'mcp-server').score, 1);
      const mcp = await mcpArtifact('sse-legacy.test');
      const [endpoint] = mcp.endpoints;
      assert.deepEqual(
        [endpoint.url, endpoint.outcome, endpoint.transport, endpoint.serverName, endpoint.tools],
        ['http://mcp.sse-legacy.test/sse', 'ok', 'sse', 'sse-legacy', ['search_docs', 'create_widget']],
      );
      const asked = requestsTo('mcp.sse-legacy.test');
      assert.deepEqual([...new Set(asked.map((q) => `${q.method} ${q.path}`))], ['POST /sse', 'GET /sse', 'POST /sse/messages']);
      for (const q of asked) assert.match(String(q.headers['user-agent']), /^AgentdexBot\//, 'every request went through the outbound layer');
    });

    it('sse-ticks.test (twin): an `sse` remote that streams price ticks, with no endpoint event, is not MCP', async () => {
      const r = await report('sse-ticks.test');
      assert.equal(r.signals.mcpAvailable, false);
      assert.equal(check(r, 'mcp-live').score, 0);
      const mcp = await mcpArtifact('sse-ticks.test');
      const endpoint = mcp.endpoints.find((e) => e.url === 'http://sse-ticks.test/sse');
      assert.equal(endpoint?.outcome, 'not-mcp', 'an event stream that answered, but not with MCP');
      assert.match(endpoint?.detail ?? '', /event stream whose first event is "tick", not "endpoint"/);
      assert.equal(endpoint?.transport, undefined);
      assert.ok(!mcp.endpoints.some((e) => e.outcome === 'ok' || e.outcome === 'auth-required'));
    });
  });

  describe('an OpenAPI description counts wherever it lives, whatever its name or media type', () => {
    it('openapi-yaml.test: a .yml on the api. host, served text/plain, linked from the developer docs', async () => {
      const r = await report('openapi-yaml.test');
      assert.equal(r.signals.openapi, true);
      assert.equal(check(r, 'openapi-published').score, 1);
      assert.equal(check(r, 'openapi-published').detail, 'OpenAPI description at http://api.openapi-yaml.test/v2/reference.yml (YAML)');
      assert.equal(check(r, 'openapi-valid').score, 1);
      assert.equal(check(r, 'openapi-valid').detail, 'OpenAPI 3.0.3 "OpenAPI YAML Shipping API" validates, 3 operations');
      assert.equal(check(r, 'api').score, 1);
      assert.ok(!requestsTo('spec.openapis.org').length, 'the specification site is not a candidate');
    });

    it('yaml-not-openapi.test (twin): YAML files that are not OpenAPI (AsyncAPI, a generator config) are read and refused', async () => {
      const r = await report('yaml-not-openapi.test');
      assert.equal(r.signals.openapi, false);
      assert.equal(check(r, 'openapi-published').score, 0);
      assert.equal(check(r, 'openapi-valid').score, 0);
      const fetched = requestsTo('yaml-not-openapi.test').map((q) => q.path);
      for (const path of ['/schemas/events.yaml', '/sdk/openapi-generator.yaml']) assert.ok(fetched.includes(path), `${path} was considered`);
    });
  });
});
