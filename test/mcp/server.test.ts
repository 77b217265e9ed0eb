import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type CallToolResult, McpError } from '@modelcontextprotocol/sdk/types.js';
import { startTestApp, type TestApp } from '../support/app';
import { jsonOf } from '../support/http';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';

/** decisions.md, "Hosted tool server": all fourteen, and issue 39's three for watching products. */
const TOOLS = [
  'audit',
  'compare_companies',
  'compare_products',
  'find_competitors',
  'find_tools_for_task',
  'get_company',
  'get_pricing',
  'get_profile',
  'get_usage',
  'how_to',
  'list_events',
  'list_registry',
  'list_watches',
  'research_company',
  'resolve',
  'search_tools',
  'watch_product',
];

describe('hosted MCP server (POST /mcp) through the SDK client', function () {
  this.timeout(120_000);
  let app: TestApp;
  let ws: { workspaceId: string; key: string; keyId: string };

  async function connect(headers: Record<string, string>): Promise<Client> {
    const client = new Client({ name: 'agentdex-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${app.baseUrl}/mcp`), { requestInit: { headers } }));
    return client;
  }
  const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  const rest = async (path: string, init: RequestInit = {}) => jsonOf(await fetch(`${app.baseUrl}${path}`, init));
  const sources = async (workspaceId: string) =>
    (await getInfra().db('usage_events').where({ workspace_id: workspaceId }).select('event_type', 'source')).map((e) => `${e.event_type}:${e.source}`).sort();

  before(async () => {
    app = await startTestApp();
    ws = await createWorkspace(getInfra().db);
  });
  after(() => app.close());

  it('lists exactly the seventeen tools, each with input and output schemas, annotations and a priced description', async () => {
    const client = await connect({ 'x-api-key': ws.key });
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), TOOLS);
      for (const t of tools) {
        assert.equal(t.inputSchema.type, 'object', t.name);
        assert.equal(t.outputSchema?.type, 'object', `${t.name} has an object outputSchema`);
        assert.ok((t.description ?? '').length > 80, `${t.name} explains itself to an agent`);
        assert.equal(typeof t.annotations?.readOnlyHint, 'boolean', t.name);
      }
      const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
      for (const metered of [
        'audit',
        'find_tools_for_task',
        'resolve',
        'how_to',
        'get_company',
        'get_pricing',
        'find_competitors',
        'compare_companies',
        'research_company',
      ])
        assert.match(byName[metered].description!, /\$0\.0\d+ per call/, metered);
      assert.match(byName.audit.description!, /audit_run/);
      assert.equal(byName.get_profile.annotations?.readOnlyHint, true);
      assert.equal(byName.get_profile.annotations?.idempotentHint, true);
      assert.equal(byName.audit.annotations?.readOnlyHint, false);
      // resolve takes its requirements as flat booleans, not a nested object
      assert.deepEqual(Object.keys(byName.resolve.inputSchema.properties ?? {}).sort(), ['api', 'cli', 'discover', 'mcp', 'openapi', 'self_serve', 'task']);
      assert.deepEqual(Object.keys(byName.search_tools.inputSchema.properties ?? {}).sort(), ['api', 'cli', 'mcp', 'openapi', 'query', 'self_serve']);
    } finally {
      await client.close();
    }
  });

  it('answers every tool with structuredContent equal to the REST JSON and a compact text, recording source mcp', async () => {
    const own = await createWorkspace(getInfra().db);
    const client = await connect({ 'x-api-key': own.key });
    const json = { 'content-type': 'application/json', 'x-api-key': own.key };
    try {
      const profile = await call(client, 'get_profile', { slug: 'stripe' });
      assert.deepEqual(profile.structuredContent, await rest('/v1/profile/stripe'));
      assert.match(text(profile), /Stripe \(stripe\.com\)/);

      const registry = await call(client, 'list_registry', { category: 'payments', limit: 5 });
      assert.deepEqual(registry.structuredContent, { results: await rest('/v1/registry?category=payments&limit=5') }, 'lists come wrapped as {results}');

      const search = await call(client, 'search_tools', { query: 'vector database', mcp: true });
      const restSearch = await rest('/v1/search', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ query: 'vector database', requirements: { mcp: true } }),
      });
      assert.deepEqual(search.structuredContent, { results: restSearch });

      const compare = await call(client, 'compare_products', { slugs: ['stripe', 'paypal'] });
      assert.deepEqual(
        compare.structuredContent,
        await rest('/v1/compare', { method: 'POST', headers: json, body: JSON.stringify({ slugs: ['stripe', 'paypal'] }) }),
      );

      const find = await call(client, 'find_tools_for_task', { task: 'send transactional email' });
      assert.equal(find.isError, undefined, text(find));
      assert.ok((find.structuredContent as { results: unknown[] }).results.length > 0);

      const resolved = await call(client, 'resolve', { task: 'send transactional email', mcp: true });
      const restResolved = await rest('/v1/resolve', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ task: 'send transactional email', requirements: { mcp: true } }),
      });
      assert.deepEqual(resolved.structuredContent, restResolved, 'flat booleans mean the same as nested requirements');
      assert.deepEqual((resolved.structuredContent as { requirements: unknown }).requirements, { mcp: true });

      const audit = await call(client, 'audit', { domain: 'site-1.test' });
      assert.equal(audit.isError, undefined, text(audit));
      assert.equal((audit.structuredContent as { domain: string }).domain, 'site-1.test');
      assert.match(text(audit), /readiness/);

      const howTo = await call(client, 'how_to', { task: 'send transactional email' });
      assert.equal(howTo.isError, undefined, text(howTo));
      assert.ok(Array.isArray((howTo.structuredContent as { steps: unknown[] }).steps));

      const usage = await call(client, 'get_usage', {});
      const meters = (usage.structuredContent as { meters: Array<{ eventType: string; used: number }> }).meters;
      assert.equal(meters.find((m) => m.eventType === 'audit_run')?.used, 1);
      for (const r of [profile, registry, search, compare, find, resolved, audit, howTo, usage])
        assert.ok(text(r).length < 8_000, 'text stays compact; the JSON is in structuredContent');

      assert.deepEqual(await sources(own.workspaceId), [
        'agent_discovery_check:api', // the REST resolve above, for comparison
        'agent_discovery_check:mcp',
        'agent_discovery_check:mcp',
        'audit_run:mcp',
        'workflow_execution:mcp',
      ]);
    } finally {
      await client.close();
    }
  });

  it('answers the five company tools from the company’s own site, each billed as workflow_execution with source mcp', async () => {
    const own = await createWorkspace(getInfra().db);
    const client = await connect({ 'x-api-key': own.key });
    try {
      const company = await call(client, 'get_company', { domain: 'quillstack.test' });
      assert.equal(company.isError, undefined, text(company));
      assert.equal((company.structuredContent as { domain: string }).domain, 'quillstack.test');
      const pricing = await call(client, 'get_pricing', { domain: 'quillstack.test' });
      assert.ok((pricing.structuredContent as { plans: unknown[] }).plans.length > 0, text(pricing));
      const competitors = await call(client, 'find_competitors', { domain: 'stripe.com', limit: 3 });
      assert.equal((competitors.structuredContent as { competitors: unknown[] }).competitors.length, 3);
      const research = await call(client, 'research_company', { domain: 'quillstack.test', question: 'Where is Quillstack based?' });
      assert.equal(research.isError, undefined, text(research));
      assert.ok(Array.isArray((research.structuredContent as { citations: unknown[] }).citations));
      const compare = await call(client, 'compare_companies', { domains: ['quillstack.test', 'tallyhive.test'] });
      assert.deepEqual(
        (compare.structuredContent as { companies: Array<{ domain: string }> }).companies.map((c) => c.domain),
        ['quillstack.test', 'tallyhive.test'],
      );
    } finally {
      await client.close();
    }
    const events = await getInfra().db('usage_events').where({ workspace_id: own.workspaceId }).select('event_type', 'source');
    assert.equal(events.length, 5);
    assert.ok(events.every((e) => e.event_type === 'workflow_execution' && e.source === 'mcp'));
  });

  it('accepts the key as Authorization: Bearer', async () => {
    const client = await connect({ authorization: `Bearer ${ws.key}` });
    try {
      assert.ok((await client.listTools()).tools.length >= 9);
    } finally {
      await client.close();
    }
  });

  it('refuses a missing, invalid or revoked key with JSON-RPC error -32001 before any tool runs', async () => {
    const revoked = await createWorkspace(getInfra().db);
    await fetch(`${app.baseUrl}/v1/account/keys/${revoked.keyId}`, { method: 'DELETE', headers: { 'x-api-key': revoked.key } });
    const refused: Array<Record<string, string>> = [{}, { 'x-api-key': 'adx_notakeynotakeynotakeynotakeyno' }, { 'x-api-key': revoked.key }];
    for (const headers of refused) {
      await assert.rejects(connect(headers), (err: unknown) => {
        assert.ok(err instanceof McpError, String(err));
        assert.equal(err.code, -32001);
        assert.match(err.message, /API key/);
        return true;
      });
    }
    const raw = await fetch(`${app.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'audit', arguments: { domain: 'site-2.test' } } }),
    });
    assert.equal(raw.status, 200, 'a JSON-RPC error, not an HTTP 401 that would send clients into OAuth');
    const body = await jsonOf(raw);
    assert.equal(body.id, 7);
    assert.equal(body.error.code, -32001);
  });

  it('reports a workspace over its call limits as a tool error naming RATE_LIMITED with the wait, and records nothing for it', async () => {
    const limited = await createWorkspace(getInfra().db, { callLimits: { rate: 0.2, burst: 1 } });
    const client = await connect({ 'x-api-key': limited.key });
    try {
      const first = await call(client, 'find_tools_for_task', { task: 'send email' });
      assert.equal(first.isError, undefined, text(first));
      const second = await call(client, 'find_tools_for_task', { task: 'send email' });
      assert.equal(second.isError, true);
      assert.match(text(second), /^Error 429 RATE_LIMITED: This workspace may start 0\.2 metered calls per second/);
      assert.match(text(second), /Retry in [1-5] s\.$/);
    } finally {
      await client.close();
    }
    assert.deepEqual(await sources(limited.workspaceId), ['agent_discovery_check:mcp'], 'the refused call is not billed');
  });

  it('reports a spent-out workspace as a tool error naming SPEND_LIMIT_REACHED, and records nothing', async () => {
    const spent = await createWorkspace(getInfra().db);
    const patch = await fetch(`${app.baseUrl}/v1/limits`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-api-key': spent.key },
      body: JSON.stringify({ hardLimitUsd: 0 }),
    });
    assert.equal(patch.status, 200);
    const client = await connect({ 'x-api-key': spent.key });
    try {
      const r = await call(client, 'find_tools_for_task', { task: 'send email' });
      assert.equal(r.isError, true);
      assert.match(text(r), /^Error 402 SPEND_LIMIT_REACHED: /);
      assert.match(text(r), /hardLimitUsd/, 'says what to change');
      const free = await call(client, 'get_profile', { slug: 'stripe' });
      assert.equal(free.isError, undefined, 'free tools still work');
    } finally {
      await client.close();
    }
    assert.deepEqual(await sources(spent.workspaceId), []);
  });

  it('reports invalid arguments and unknown slugs as tool errors that say what to change', async () => {
    const client = await connect({ 'x-api-key': ws.key });
    try {
      const missing = await call(client, 'resolve', { mcp: true });
      assert.equal(missing.isError, true);
      assert.match(text(missing), /invalid arguments for resolve: task: is required/);
      const wrong = await call(client, 'compare_products', { slugs: 'stripe' });
      assert.equal(wrong.isError, true);
      assert.match(text(wrong), /slugs: /);
      const unknown = await call(client, 'get_profile', { slug: 'no-such-product-here' });
      assert.equal(unknown.isError, true);
      assert.match(text(unknown), /^Error 404: No product with slug 'no-such-product-here'\. Find the right slug with search_tools first\./);
      await assert.rejects(client.callTool({ name: 'no_such_tool', arguments: {} }), /Unknown tool: no_such_tool/);
    } finally {
      await client.close();
    }
  });

  it('sends progress notifications on metered calls when the client asks for them', async () => {
    const client = await connect({ 'x-api-key': ws.key });
    const progress: number[] = [];
    try {
      const r = await client.callTool({ name: 'audit', arguments: { domain: 'site-3.test' } }, undefined, {
        onprogress: (p) => progress.push(p.progress),
        timeout: 60_000,
      });
      assert.equal((r as CallToolResult).isError, undefined, text(r as CallToolResult));
    } finally {
      await client.close();
    }
    assert.ok(progress.length >= 1, `progress notifications: ${progress.join(',')}`);
  });

  it('answers GET and DELETE with 405, and names the endpoint in the server card', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${app.baseUrl}/mcp`, { method, headers: { 'x-api-key': ws.key } });
      assert.equal(res.status, 405, method);
      assert.equal(res.headers.get('allow'), 'POST');
    }
    for (const path of ['/.well-known/mcp/server-card.json', '/.well-known/mcp.json']) {
      const card = await rest(path);
      assert.equal(card.name, 'agentdex');
      assert.deepEqual(
        card.remotes.map((r: { type: string; url: string }) => [r.type, r.url]),
        [['streamable-http', 'http://agentdex.test/mcp']],
      );
    }
  });
});
