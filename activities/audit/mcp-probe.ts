import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { McpOutcome } from '../../src/domain/audit/artifacts';
import { OutboundError } from '../../src/net';

export interface McpProbe {
  outcome: McpOutcome;
  serverName?: string;
  tools?: string[];
  detail?: string;
  /** The 401/403 answer's `WWW-Authenticate`, which tells an MCP authorization challenge from any gateway's. */
  status?: number;
  challenge?: string;
  /** It answered with an HTML page: perhaps a page about the MCP server, worth reading for the endpoint. */
  answeredHtml?: boolean;
  /** Nothing answered at all (no name, no connection): the other common paths on that host are not worth trying. */
  hostDown?: boolean;
  /**
   * It answered initialize with a JSON-RPC error asking for credentials (some servers say "key required" on
   * HTTP 200 rather than 401, so that clients do not start an OAuth flow): an MCP server, proven by its answer.
   */
  rpcAuthError?: boolean;
}

// A JSON-RPC error to initialize that asks for credentials, not a protocol or method error.
const CREDENTIALS_WANTED = /unauthori[sz]ed|api[ _-]?key|authenticat|credential|forbidden|access token/i;

/**
 * A live MCP handshake with the SDK's own client: initialize, then tools/list, over Streamable HTTP,
 * with every request going through the outbound guard. "Requires auth" (401/403) is told apart from
 * "dead" (no answer, 404/405) and "not MCP" (answers, but not with MCP); whether a 401 proves an MCP
 * server depends on how the URL was found, which the caller judges from `status` and `challenge`.
 */
export async function probeMcpEndpoint(url: string, fetchFn: typeof fetch, timeoutMs: number): Promise<McpProbe> {
  let last: { status: number; challenge?: string; html: boolean } | undefined;
  const watched: typeof fetch = async (input, init) => {
    const res = await fetchFn(input, init);
    last = { status: res.status, challenge: res.headers.get('www-authenticate') ?? undefined, html: /text\/html/i.test(res.headers.get('content-type') ?? '') };
    return res;
  };
  const client = new Client({ name: 'agentdex-audit', version: '0.1.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), { fetch: watched });
  try {
    await client.connect(transport, { timeout: timeoutMs });
    const { tools } = await client.listTools(undefined, { timeout: timeoutMs });
    return { outcome: 'ok', serverName: client.getServerVersion()?.name, tools: tools.map((t) => t.name) };
  } catch (err) {
    const { outcome, detail } = classify(err);
    const rpcAuthError = err instanceof McpError && outcome === 'auth-required';
    const cause = err instanceof OutboundError ? err : (err as { cause?: unknown })?.cause;
    const hostDown = cause instanceof OutboundError && (cause.connectFailed || /ENOTFOUND|EAI_AGAIN|ENODATA|resolve/i.test(cause.message));
    return {
      outcome,
      detail,
      ...(last && (last.status === 401 || last.status === 403) ? { status: last.status, challenge: last.challenge } : {}),
      ...(last?.html ? { answeredHtml: true } : {}),
      ...(hostDown ? { hostDown } : {}),
      ...(rpcAuthError ? { rpcAuthError } : {}),
    };
  } finally {
    await client.close().catch(() => undefined);
  }
}

function classify(err: unknown): { outcome: McpOutcome; detail: string } {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof OutboundError || (err as { cause?: unknown })?.cause instanceof OutboundError) {
    return { outcome: 'dead', detail: message };
  }
  if (err instanceof StreamableHTTPError) {
    const code = err.code ?? -1;
    if (code === 401 || code === 403) return { outcome: 'auth-required', detail: `HTTP ${code}` };
    if (code === 404 || code === 405 || code === 410 || code >= 500) return { outcome: 'dead', detail: `HTTP ${code}` };
    return { outcome: 'not-mcp', detail: message.slice(0, 200) };
  }
  if (err instanceof McpError ? CREDENTIALS_WANTED.test(message) : /unauthorized/i.test(message))
    return { outcome: 'auth-required', detail: message.slice(0, 200) };
  return { outcome: 'not-mcp', detail: message.slice(0, 200) };
}
