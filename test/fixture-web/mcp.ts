import type http from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import { readBody, send } from './respond';

/** A real MCP server (stateless Streamable HTTP, JSON responses): a new server and transport per request. */
export async function serveMcp(req: http.IncomingMessage, res: http.ServerResponse, name = 'agent-native'): Promise<void> {
  if (req.method !== 'POST')
    return send(res, 405, 'application/json', JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed' }, id: null }), {
      allow: 'POST',
    });
  const server = new McpServer({ name, version: '1.0.0' });
  server.registerTool('search_docs', { description: 'Search the docs', inputSchema: { query: z.string() } }, async ({ query }) => ({
    content: [{ type: 'text', text: `results for ${query}` }],
  }));
  server.registerTool('create_widget', { description: 'Create a widget', inputSchema: { name: z.string() } }, async ({ name }) => ({
    content: [{ type: 'text', text: `created ${name}` }],
  }));
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    transport.close().catch(() => undefined);
    server.close().catch(() => undefined);
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, JSON.parse(await readBody(req)));
}
