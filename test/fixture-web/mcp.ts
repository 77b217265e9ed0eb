import type http from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import { readBody, send } from './respond';

/** The fixture MCP server: two tools. */
function mcpServer(name: string): McpServer {
  const server = new McpServer({ name, version: '1.0.0' });
  server.registerTool('search_docs', { description: 'Search the docs', inputSchema: { query: z.string() } }, async ({ query }) => ({
    content: [{ type: 'text', text: `results for ${query}` }],
  }));
  server.registerTool('create_widget', { description: 'Create a widget', inputSchema: { name: z.string() } }, async ({ name }) => ({
    content: [{ type: 'text', text: `created ${name}` }],
  }));
  return server;
}

/** A real MCP server (stateless Streamable HTTP, JSON responses): a new server and transport per request. */
export async function serveMcp(req: http.IncomingMessage, res: http.ServerResponse, name = 'agent-native'): Promise<void> {
  if (req.method !== 'POST')
    return send(res, 405, 'application/json', JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed' }, id: null }), {
      allow: 'POST',
    });
  const server = mcpServer(name);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    transport.close().catch(() => undefined);
    server.close().catch(() => undefined);
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, JSON.parse(await readBody(req)));
}

const legacySessions = new Map<string, SSEServerTransport>();

/**
 * A real MCP server on the legacy HTTP+SSE transport (protocol 2024-11-05), routed the way Express servers of
 * that era were: `GET {path}` opens the event stream, whose `endpoint` event names `{path}/messages?sessionId=`;
 * each POST there is answered 202 and its response goes out on the stream. Anything else, including the
 * Streamable HTTP client's POST to `{path}`, is 404.
 */
export async function serveLegacySseMcp(req: http.IncomingMessage, res: http.ServerResponse, path: string, name: string): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://fixture');
  if (req.method === 'GET' && url.pathname === path) {
    const transport = new SSEServerTransport(`${path}/messages`, res);
    const server = mcpServer(name);
    legacySessions.set(transport.sessionId, transport);
    res.on('close', () => {
      legacySessions.delete(transport.sessionId);
      server.close().catch(() => undefined);
    });
    await server.connect(transport); // writes the headers and the endpoint event
    return;
  }
  const session = legacySessions.get(url.searchParams.get('sessionId') ?? '');
  if (req.method === 'POST' && url.pathname === `${path}/messages` && session) return session.handlePostMessage(req, res);
  return send(res, 404, 'text/html; charset=utf-8', `<!DOCTYPE html><pre>Cannot ${req.method} ${url.pathname}</pre>`);
}

/**
 * Not MCP, at an MCP-looking URL: a live event stream of price ticks (no `endpoint` event; POST is 405), the
 * kind of generic SSE feed that sits at `/sse` or `/events` on many APIs.
 */
export function serveTickStream(req: http.IncomingMessage, res: http.ServerResponse): void {
  if (req.method !== 'GET') {
    send(res, 405, 'application/json', JSON.stringify({ error: 'method_not_allowed' }), { allow: 'GET' });
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.write('retry: 1000\n\n');
  let n = 0;
  const tick = () => res.write(`event: tick\nid: ${++n}\ndata: ${JSON.stringify({ symbol: 'ACME', price: 100 + (n % 7) })}\n\n`);
  tick();
  const timer = setInterval(tick, 100);
  res.on('close', () => clearInterval(timer));
}

/**
 * Half an MCP server: the stream names a message endpoint, which accepts every POST with 202 but never answers
 * on the stream (a proxy that buffers, a half-deployed server). Not MCP, however MCP it looks.
 */
export function serveSilentSse(req: http.IncomingMessage, res: http.ServerResponse, path: string): void {
  const url = new URL(req.url ?? '/', 'http://fixture');
  if (req.method === 'GET' && url.pathname === path) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(`event: endpoint\ndata: ${path}/messages?sessionId=silent\n\n`);
    const timer = setInterval(() => res.write(': ping\n\n'), 200);
    res.on('close', () => clearInterval(timer));
    return;
  }
  if (req.method === 'POST' && url.pathname === `${path}/messages`) {
    req.resume();
    req.on('end', () => send(res, 202, 'text/plain', 'Accepted'));
    return;
  }
  send(res, 404, 'text/plain', 'not found');
}
