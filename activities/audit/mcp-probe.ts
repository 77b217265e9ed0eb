import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { McpArtifact, McpOutcome } from '../../src/domain/audit/artifacts';
import { OutboundError } from '../../src/net';

type Endpoint = McpArtifact['endpoints'][number];

/**
 * A live MCP handshake with the SDK's own client: initialize, then tools/list, over Streamable HTTP,
 * with every request going through the outbound guard. "Requires auth" (401/403) is told apart from
 * "dead" (no answer, 404/405) and "not MCP" (answers, but not with MCP).
 */
export async function probeMcpEndpoint(url: string, declared: boolean, fetchFn: typeof fetch, timeoutMs: number): Promise<Endpoint> {
  const client = new Client({ name: 'agentdex-audit', version: '0.1.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), { fetch: fetchFn });
  try {
    await client.connect(transport, { timeout: timeoutMs });
    const { tools } = await client.listTools(undefined, { timeout: timeoutMs });
    return { url, declared, outcome: 'ok', serverName: client.getServerVersion()?.name, tools: tools.map((t) => t.name) };
  } catch (err) {
    const { outcome, detail } = classify(err);
    return { url, declared, outcome, detail };
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
  if (/unauthorized/i.test(message)) return { outcome: 'auth-required', detail: message.slice(0, 200) };
  return { outcome: 'not-mcp', detail: message.slice(0, 200) };
}
