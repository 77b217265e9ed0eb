import assert from 'node:assert/strict';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { AgentdexClient } from '../../src/client';
import { FindToolsResultSchema, ResolveResultSchema } from '../../src/schemas/primitives';
import { startTestApp, type TestApp } from '../support/app';
import { runCommand } from '../support/command';
import { jsonOf } from '../support/http';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';
import { PageClient } from '../web/browser-session';

const BIN = path.resolve(__dirname, '../../src/cli/main.js');
const TASK = 'send an SMS to customers when their order ships';

// One ranking, every door: REST, the hosted MCP server, the CLI, the typed client and the web page give the
// same products in the same order with the same match and reason.
describe('task ranking through every door', function () {
  this.timeout(120_000);
  let app: TestApp;
  let key: string;
  before(async () => {
    app = await startTestApp();
    key = (await createWorkspace(getInfra().db)).key;
  });
  after(() => app.close());

  const rest = async (route: string) =>
    jsonOf(
      await fetch(`${app.baseUrl}/v1/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify({ task: TASK }),
      }),
    );
  const mcp = async (tool: string) => {
    const client = new Client({ name: 'agentdex-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${app.baseUrl}/mcp`), { requestInit: { headers: { 'x-api-key': key } } }));
    try {
      const { tools } = await client.listTools();
      const schema = tools.find((t) => t.name === tool)!.outputSchema as unknown as {
        properties: { results: { items: { properties: Record<string, { description?: string }> } } };
      };
      const result = await client.callTool({ name: tool, arguments: { task: TASK } });
      return { schema: schema.properties.results.items.properties, body: result.structuredContent };
    } finally {
      await client.close();
    }
  };
  const cli = async (command: string) => {
    const r = await runCommand(process.execPath, [BIN, command, TASK, '--json'], {
      env: { PATH: process.env.PATH, AGENTDEX_BASE_URL: app.baseUrl, AGENTDEX_API_KEY: key },
    });
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout);
  };

  it('find-tools: REST, MCP, CLI, client and the web page agree; MCP publishes match and reason in its output schema', async () => {
    const fromRest = FindToolsResultSchema.parse(await rest('find-tools'));
    assert.ok(fromRest.results.length >= 5);
    const fromMcp = await mcp('find_tools_for_task');
    assert.match(fromMcp.schema.match.description ?? '', /0\.\.1/);
    assert.match(fromMcp.schema.reason.description ?? '', /words/);
    const fromCli = FindToolsResultSchema.parse(await cli('find'));
    const fromClient = await new AgentdexClient({ baseUrl: app.baseUrl, apiKey: key }).findTools({ task: TASK });
    const ranked = (b: { results: Array<{ slug: string; match: number; reason: string }> }) => b.results.map((r) => `${r.slug} ${r.match} ${r.reason}`);
    for (const other of [FindToolsResultSchema.parse(fromMcp.body), fromCli, fromClient]) assert.deepEqual(ranked(other), ranked(fromRest));

    // The web page: a signed-in session runs the same operation and lists the same products in order.
    const browser = new PageClient(app.baseUrl);
    const signin = await browser.form('/dashboard/signin');
    assert.equal((await browser.post('/dashboard/signin', { _csrf: signin.csrf, key })).status, 303);
    const { csrf } = await browser.form(`/tools?task=${encodeURIComponent(TASK)}`);
    const page = await browser.post('/tools', { _csrf: csrf, task: TASK });
    assert.equal(page.status, 200);
    const html = await page.text();
    const listed = [...html.matchAll(/<a href="\/products\/([a-z0-9-]+)">/g)].map((m) => m[1]);
    assert.deepEqual(
      listed,
      fromRest.results.map((r) => r.slug),
    );
    assert.ok(html.includes(fromRest.results[0].match.toFixed(2)));
  });

  it('resolve: REST, MCP and CLI agree', async () => {
    const fromRest = ResolveResultSchema.parse(await rest('resolve'));
    const fromMcp = await mcp('resolve');
    assert.match(fromMcp.schema.match.description ?? '', /0\.\.1/);
    const fromCli = ResolveResultSchema.parse(await cli('resolve'));
    for (const other of [ResolveResultSchema.parse(fromMcp.body), fromCli]) {
      assert.deepEqual(other.capabilities, fromRest.capabilities);
      assert.deepEqual(
        other.results.map((r) => [r.slug, r.match, r.capScore, r.reason]),
        fromRest.results.map((r) => [r.slug, r.match, r.capScore, r.reason]),
      );
    }
  });

  it('a job (Prefer: respond-async) yields the same answers as the call, reasons included', async () => {
    for (const [route, schema] of [
      ['find-tools', FindToolsResultSchema],
      ['resolve', ResolveResultSchema],
    ] as const) {
      const direct = schema.parse(await rest(route));
      const res = await fetch(`${app.baseUrl}/v1/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key, prefer: 'respond-async' },
        body: JSON.stringify({ task: TASK }),
      });
      assert.equal(res.status, 202, route);
      const { location } = await jsonOf(res);
      let job: { status: string; result?: unknown } = { status: 'running' };
      for (let i = 0; i < 100 && job.status === 'running'; i++) {
        job = await jsonOf(await fetch(`${app.baseUrl}${location}`, { headers: { 'x-api-key': key } }));
        if (job.status === 'running') await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(job.status, 'completed', route);
      assert.deepEqual(schema.parse(job.result).results, direct.results, route);
    }
  });

  it('the web page escapes the task and says how to rank when the trial or quota refuses', async () => {
    const browser = new PageClient(app.baseUrl);
    const form = await browser.get('/tools?task=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    const html = await form.text();
    assert.ok(!html.includes('<script>alert(1)</script>') && html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    const search = await (await browser.get('/search?q=send%20sms')).text();
    assert.match(search, /href="\/tools\?task=send%20sms"/, 'the search page offers the ranking for a task');

    // Anonymous: the trial rules of the API (8 metered calls an hour per address), said on the page. The
    // visitor's own address (behind a trusted proxy), so the loopback's trial stays for the other tests.
    const proxied = await startTestApp({}, { TRUST_PROXY: 'true' });
    try {
      // A /64 of its own (the trial counts an IPv6 /64 as one address), used by no other test.
      const visitor = { 'x-forwarded-for': `2001:db8:21:${Math.floor(Math.random() * 0xffff).toString(16)}::1` };
      const page = new PageClient(proxied.baseUrl);
      const { csrf } = await page.form('/tools');
      const empty = await page.post('/tools', { _csrf: csrf, task: '' }, visitor);
      assert.equal(empty.status, 400);
      assert.match(await empty.text(), /The task/);
      let last: Response | undefined;
      for (let i = 0; i < 9; i++) {
        last = await page.post('/tools', { _csrf: csrf, task: 'send sms to customers' }, visitor);
        if (last.status !== 200) break;
        await last.text();
      }
      assert.equal(last?.status, 429);
      assert.ok(Number(last?.headers.get('retry-after')) > 0);
      assert.match(await last!.text(), /Sign up for a free workspace/);
      const other = await page.post('/tools', { _csrf: csrf, task: 'send sms to customers' }, { 'x-forwarded-for': '2001:db8:22::1' });
      assert.equal(other.status, 200, 'another address has its own trial');
    } finally {
      await proxied.close();
    }
  });
});
