import assert from 'node:assert/strict';
import type http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { startHttp, type TestServer } from '../net/support';
import { callLog, HIDDEN_TEXT, type McpScenario, SCENARIOS, sampleOf, serveScenario, serveScenarioOverSse } from './mcp-servers';

const invalidOutput: McpScenario = {
  name: 'liar',
  version: '1.0.0',
  tools: [
    {
      name: 'get_count',
      description: 'Counts things.',
      inputSchema: { type: 'object', properties: {} },
      outputSchema: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] },
      behaviour: 'invalid-output',
    },
  ],
};

interface RpcReply {
  result: { serverInfo?: unknown; protocolVersion?: string; tools: Record<string, unknown>[]; structuredContent?: unknown };
}

let shiftyVersion: 'v1' | 'v2' = 'v1';
const shifty = () => (shiftyVersion === 'v1' ? SCENARIOS.changingV1 : SCENARIOS.changingV2);

/** /{scenario}/mcp is Streamable HTTP, /{scenario}/sse (+ /messages) the legacy transport. */
const table: Record<string, McpScenario | (() => McpScenario)> = {
  well: SCENARIOS.wellDefined,
  paginated: SCENARIOS.paginated,
  erroring: SCENARIOS.erroring,
  hanging: SCENARIOS.hanging,
  malformed: SCENARIOS.malformed,
  liar: invalidOutput,
  forty: SCENARIOS.forty,
  oversized: SCENARIOS.oversized,
  shifty,
};

function route(req: http.IncomingMessage, res: http.ServerResponse): void {
  const [, key = '', kind = ''] = new URL(req.url ?? '/', 'http://fixture').pathname.split('/');
  const scenario = table[key];
  const fail = (err: unknown) => {
    if (!res.headersSent) res.writeHead(500).end(String(err));
  };
  if (scenario && kind === 'mcp') serveScenario(req, res, scenario).catch(fail);
  else if (scenario && kind === 'sse') serveScenarioOverSse(req, res, `/${key}/sse`, scenario).catch(fail);
  else res.writeHead(404).end('not found');
}

describe('fixture MCP servers', function () {
  this.timeout(20_000);
  let server: TestServer;
  let base: string;
  const clients: Client[] = [];

  before(async () => {
    server = await startHttp(route);
    base = `http://127.0.0.1:${server.port}`;
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await server.close();
  });

  async function connect(path: string, opts: { sse?: boolean; headers?: Record<string, string> } = {}): Promise<Client> {
    const url = new URL(path, base);
    const requestInit = opts.headers ? { headers: opts.headers } : undefined;
    const client = new Client({ name: 'fixture-test', version: '1.0.0' });
    const transport = opts.sse ? new SSEClientTransport(url, { requestInit }) : new StreamableHTTPClientTransport(url, { requestInit });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  const callsTo = (server: string) => callLog.filter((c) => c.server === server);

  it('serves wellDefined over Streamable HTTP, and search_docs answers structuredContent that matches its outputSchema', async () => {
    const client = await connect('/well/mcp');
    assert.deepEqual(client.getServerVersion(), { name: 'acme-docs', version: '2.1.0' });
    const { tools, nextCursor } = await client.listTools();
    assert.equal(nextCursor, undefined);
    assert.deepEqual(
      tools.map((t) => t.name),
      ['search_docs', 'get_page', 'create_ticket'],
    );
    const search = tools[0];
    assert.equal(search.annotations?.readOnlyHint, true);
    assert.deepEqual(search.outputSchema?.required, ['results']);
    // listTools above taught the client the outputSchema: callTool checks structuredContent against it
    const before = callLog.length;
    const result = await client.callTool({ name: 'search_docs', arguments: { query: 'webhooks', limit: 1 } });
    assert.equal(result.isError, undefined);
    const structured = result.structuredContent as { results: { title: string; url: string }[] };
    assert.equal(structured.results.length, 1);
    assert.equal(typeof structured.results[0].title, 'string');
    assert.equal(typeof structured.results[0].url, 'string');
    assert.equal((result.content as { type: string }[])[0].type, 'text');
    assert.deepEqual(callLog.slice(before), [
      { server: 'acme-docs', tool: 'search_docs', arguments: { query: 'webhooks', limit: 1 }, authorization: false, cookie: false },
    ]);
  });

  it('records which credential headers reached a call', async () => {
    const client = await connect('/well/mcp', { headers: { authorization: 'Bearer secret', cookie: 'session=1' } });
    await client.listTools();
    await client.callTool({ name: 'get_page', arguments: { url: 'https://docs.acme.example/guides/webhooks' } });
    await client.callTool({ name: 'create_ticket', arguments: { title: 'Missing page' } });
    const last = callLog.slice(-2);
    assert.deepEqual(
      last.map((c) => [c.tool, c.authorization, c.cookie]),
      [
        ['get_page', true, true],
        ['create_ticket', true, true],
      ],
    );
  });

  it('answers every forty and oversized tool with structuredContent that passes the SDK client check', async () => {
    const client = await connect('/forty/mcp');
    const { tools } = await client.listTools();
    assert.equal(tools.length, 40);
    for (const tool of tools) {
      const result = await client.callTool({ name: tool.name, arguments: sampleOf(tool.inputSchema) as Record<string, unknown> });
      assert.ok(result.structuredContent, tool.name);
    }
    const bloated = await connect('/oversized/mcp');
    assert.equal((await bloated.listTools()).tools.length, 503);
    assert.deepEqual((await bloated.callTool({ name: 'ping', arguments: {} })).structuredContent, {});
  });

  it('serves wellDefined over the legacy HTTP+SSE transport', async () => {
    const client = await connect('/well/sse', { sse: true });
    const { tools } = await client.listTools();
    assert.equal(tools.length, 3);
    const result = await client.callTool({ name: 'search_docs', arguments: { query: 'webhooks' } });
    assert.equal((result.structuredContent as { results: unknown[] }).results.length, 2);
    const call = callLog.at(-1);
    assert.deepEqual(call, { server: 'acme-docs', tool: 'search_docs', arguments: { query: 'webhooks' }, authorization: false, cookie: false });
  });

  it('pages the paginated scenario 10 + 10 + 5 with opaque cursors, and refuses a bad cursor with -32602', async () => {
    const client = await connect('/paginated/mcp');
    const first = await client.listTools();
    assert.equal(first.tools.length, 10);
    assert.equal(typeof first.nextCursor, 'string');
    const second = await client.listTools({ cursor: first.nextCursor });
    assert.equal(second.tools.length, 10);
    assert.notEqual(second.nextCursor, first.nextCursor);
    const third = await client.listTools({ cursor: second.nextCursor });
    assert.equal(third.tools.length, 5);
    assert.equal(third.nextCursor, undefined);
    assert.deepEqual(
      [...first.tools, ...second.tools, ...third.tools].map((t) => t.name),
      SCENARIOS.paginated.tools.map((t) => t.name),
    );
    await assert.rejects(client.listTools({ cursor: 'not-a-cursor' }), (err: unknown) => err instanceof McpError && err.code === -32602);
  });

  it('pages over SSE too', async () => {
    const client = await connect('/paginated/sse', { sse: true });
    const first = await client.listTools();
    assert.equal(first.tools.length, 10);
    assert.equal((await client.listTools({ cursor: first.nextCursor })).tools[0].name, 'tool_11');
  });

  it('answers isError from the erroring scenario', async () => {
    const client = await connect('/erroring/mcp');
    const before = callsTo('flaky-reader').length; // the log is the process's: other suites' audits call it too
    const result = await client.callTool({ name: 'read_status', arguments: {} });
    assert.equal(result.isError, true);
    assert.deepEqual(result.content, [{ type: 'text', text: 'upstream unavailable' }]);
    assert.equal(callsTo('flaky-reader').length, before + 1);
  });

  it('answers structuredContent that breaks the outputSchema for invalid-output (the SDK client refuses it)', async () => {
    const client = await connect('/liar/mcp');
    await client.listTools();
    await assert.rejects(client.callTool({ name: 'get_count', arguments: {} }), /output schema/i);
  });

  it('never answers the hanging tool, and lets go when the client gives up', async () => {
    const client = await connect('/hanging/mcp');
    const controller = new AbortController();
    const before = callsTo('slowpoke').length;
    const pending = client.callTool({ name: 'wait_forever', arguments: {} }, undefined, { signal: controller.signal, timeout: 60_000 });
    while (callsTo('slowpoke').length === before) await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    await assert.rejects(pending);
    // the server is still there for the next request
    assert.equal((await client.listTools()).tools[0].name, 'wait_forever');
  });

  it('serves a changing scenario from a function', async () => {
    shiftyVersion = 'v1';
    const v1 = await connect('/shifty/mcp');
    assert.deepEqual(
      (await v1.listTools()).tools.map((t) => t.name),
      ['list_items', 'get_item', 'old_tool'],
    );
    shiftyVersion = 'v2';
    const v2 = await connect('/shifty/mcp');
    assert.equal(v2.getServerVersion()?.version, '1.1.0');
    const tools = (await v2.listTools()).tools;
    assert.deepEqual(
      tools.map((t) => t.name),
      ['list_items', 'get_item', 'new_tool'],
    );
    assert.deepEqual(tools[1].inputSchema.required, ['id', 'revision']);
  });

  it('serves the malformed tool list verbatim to a raw JSON-RPC POST', async () => {
    const post = async (body: unknown) => {
      const res = await fetch(`${base}/malformed/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (res.status === 200 ? await res.json() : undefined) as RpcReply };
    };
    const init = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    assert.equal(init.status, 200);
    assert.deepEqual(init.body.result.serverInfo, { name: 'broken-defs', version: '0.0.1' });
    assert.equal(init.body.result.protocolVersion, '2025-06-18');
    assert.equal((await post({ jsonrpc: '2.0', method: 'notifications/initialized' })).status, 202);
    const list = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
    assert.deepEqual(list.body, { jsonrpc: '2.0', id: 2, result: { tools: SCENARIOS.malformed.raw } });
    const tools = list.body.result.tools;
    assert.equal(typeof tools[1].inputSchema, 'string');
    assert.equal(typeof tools[2].name, 'number');
    assert.ok(Array.isArray(tools[3].annotations));
    const call = await post({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'ok_tool', arguments: { message: 'hi' } } });
    assert.deepEqual(call.body.result.structuredContent, { message: 'hi' });
    assert.deepEqual(callsTo('broken-defs').at(-1)?.arguments, { message: 'hi' });
    // and the SDK client, which validates, refuses the list: why the raw path exists
    const client = await connect('/malformed/mcp');
    await assert.rejects(client.listTools());
  });

  it('serves the malformed tool list verbatim over a raw event stream', async () => {
    const controller = new AbortController();
    const res = await fetch(`${base}/malformed/sse`, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
    assert.equal(res.headers.get('content-type'), 'text/event-stream');
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    const nextEvent = async (): Promise<{ event: string; data: string }> => {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) => block.match(new RegExp(`^${name}: ?(.*)$`, 'm'))?.[1];
          return { event: field('event') ?? 'message', data: field('data') ?? '' };
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += value;
      }
    };
    try {
      const endpoint = await nextEvent();
      assert.equal(endpoint.event, 'endpoint');
      const posted = await fetch(new URL(endpoint.data, base), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }),
      });
      assert.equal(posted.status, 202);
      const message = await nextEvent();
      assert.deepEqual(JSON.parse(message.data), { jsonrpc: '2.0', id: 7, result: { tools: SCENARIOS.malformed.raw } });
    } finally {
      controller.abort();
      await reader.cancel().catch(() => undefined);
    }
  });

  it('keeps the scenario contents the trust checks score', () => {
    const { wellDefined, poisoned, oversized, forty, destructiveOnly } = SCENARIOS;
    for (const tool of wellDefined.tools) {
      assert.ok(tool.description && tool.description.length >= 20 && tool.description.length <= 300, tool.name);
      assert.equal(tool.outputSchema?.type, 'object');
      const properties = tool.inputSchema?.properties as Record<string, { description?: string }>;
      for (const [name, p] of Object.entries(properties)) assert.ok(p.description, `${tool.name}.${name}`);
    }
    const tagged = [...(poisoned.tools[2].description ?? '')]
      .map((c) => c.codePointAt(0) ?? 0)
      .filter((cp) => cp >= 0xe0000 && cp <= 0xe007f)
      .map((cp) => String.fromCharCode(cp - 0xe0000))
      .join('');
    assert.equal(tagged, HIDDEN_TEXT.divide);
    assert.match(poisoned.tools[1].description ?? '', /\u200B/);
    assert.match(poisoned.tools[1].description ?? '', /\u200C/);
    assert.ok((oversized.tools[0].description ?? '').length >= 300 * 1024);
    assert.ok(JSON.stringify(oversized.tools[1].inputSchema).length >= 1024 * 1024);
    assert.equal(oversized.tools.length, 503);
    assert.equal(new Set(forty.tools.map((t) => t.name)).size, 40);
    assert.equal(forty.tools.filter((t) => t.annotations?.readOnlyHint).length, 20);
    assert.deepEqual(destructiveOnly.tools.find((t) => t.name === 'wipe')?.annotations?.destructiveHint, true);
  });

  it('records every call in callLog', () => {
    assert.ok(callLog.length >= 8);
    for (const entry of callLog) assert.deepEqual(Object.keys(entry).sort(), ['arguments', 'authorization', 'cookie', 'server', 'tool']);
    assert.deepEqual(callsTo('dangerous'), []);
  });
});
