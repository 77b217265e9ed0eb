import type Router from '@koa/router';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Context } from 'koa';
import { bearerCredential } from '../domain/oauth';
import type { Logger } from '../logger';
import { ApiError, describeFailure } from '../errors';
import { jsonBody } from '../http/json-body';
import type { Caller, ResolveCaller } from '../services/callers';
import type { Handlers } from '../services/operations';
import { API_VERSION } from '../schemas/openapi';
import { createMcpServer, SERVER_NAME } from './server';

export const MCP_PATH = '/mcp';

/** JSON-RPC error code for a missing, invalid or revoked key (interface spec, section 5). */
export const UNAUTHORIZED_CODE = -32001;

/**
 * The hosted MCP server: stateless Streamable HTTP, so every POST gets a fresh server and transport and
 * any API process can answer any request. The key is checked before the transport sees the request.
 */
export function mountMcp(router: Router, o: { handlers: Handlers; resolveCaller: ResolveCaller; logger: Logger }): void {
  router.post(MCP_PATH, jsonBody(), async (ctx) => {
    // An API key in x-api-key, or as `Authorization: Bearer` an API key or an OAuth access token (/oauth/token).
    const rawKey = ctx.get('x-api-key') || bearerCredential(ctx.get('authorization'));
    let caller: Caller;
    try {
      caller = await o.resolveCaller(rawKey, { keyRequired: true, ip: ctx.ip });
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 401) throw err;
      // A JSON-RPC error on HTTP 200: an HTTP 401 makes MCP clients start the authorization-code flow of the
      // MCP authorization spec, which this server does not offer (it has the client-credentials grant only),
      // and the user sees an OAuth prompt instead of this message.
      return rpcError(ctx, 200, UNAUTHORIZED_CODE, err.message);
    }
    const server = createMcpServer(o.handlers, caller, ctx.ip);
    // JSON answers unless the client asked for progress, which needs the event stream.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: !wantsProgress(ctx.request.body) });
    ctx.respond = false;
    ctx.res.on('close', () => {
      transport.close().catch(() => undefined);
      server.close().catch(() => undefined);
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(ctx.req, ctx.res, ctx.request.body);
    } catch (err) {
      o.logger.error({ err, requestId: ctx.state.requestId }, 'mcp request failed');
      if (!ctx.res.headersSent) {
        const failure = describeFailure(err);
        ctx.res.writeHead(failure.status, { 'content-type': 'application/json' });
        ctx.res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message: failure.message } }));
      }
    }
  });
  // Stateless: no server-initiated stream to GET, no session to DELETE.
  const notAllowed = (ctx: Context) => {
    ctx.set('Allow', 'POST');
    rpcError(ctx, 405, -32000, `Method ${ctx.method} is not allowed on ${MCP_PATH}: this server is stateless, POST JSON-RPC messages`);
  };
  router.get(MCP_PATH, notAllowed);
  router.delete(MCP_PATH, notAllowed);
}

/** `/.well-known/mcp/server-card.json` (and `/.well-known/mcp.json`): where the server is and what it needs. */
export function serverCard(publicBaseUrl: string) {
  return {
    name: SERVER_NAME,
    description: 'Agentdex: which third-party tools fit a task, how agent-ready each is, how to use them, and how they compare.',
    version: API_VERSION,
    remotes: [
      {
        type: 'streamable-http',
        url: `${publicBaseUrl}${MCP_PATH}`,
        headers: [{ name: 'x-api-key', description: 'Agentdex workspace API key (adx_...)', isRequired: true, isSecret: true }],
      },
    ],
  };
}

function wantsProgress(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((m) => (m as { params?: { _meta?: { progressToken?: unknown } } })?.params?._meta?.progressToken !== undefined);
}

function rpcError(ctx: Context, status: number, code: number, message: string): void {
  const body = ctx.request.body as { id?: unknown } | undefined;
  const id = body && !Array.isArray(body) && (typeof body.id === 'string' || typeof body.id === 'number') ? body.id : null;
  ctx.status = status;
  ctx.body = { jsonrpc: '2.0', id, error: { code, message } };
}
