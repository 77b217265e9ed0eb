import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport, SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { McpOutcome } from '../../src/domain/audit/artifacts';
import type { VerifiedCall } from '../../src/domain/mcp/section';
import type { ToolDefinition } from '../../src/domain/mcp/tool-definition';
import { OutboundError } from '../../src/net';
import { type Clock, systemClock } from '../../src/runtime/clock';
import { verifyCall } from './mcp-call';
import { listAllTools, serverFingerprint } from './mcp-tools';

export interface McpProbe {
  outcome: McpOutcome;
  serverName?: string;
  tools?: string[];
  /** Each tool's description, as far as its first sentence (what the tool does, in the server's words). */
  toolDescriptions?: string[];
  /** What initialize negotiated and the server said of itself. */
  protocolVersion?: string;
  serverVersion?: string;
  /** Every tool as tools/list defined it, bounded and fingerprinted (mcp-tools.ts), and how many were listed. */
  toolDefinitions?: ToolDefinition[];
  toolCount?: number;
  serverFingerprint?: string;
  listProblems?: string[];
  /** The verified read-only call (mcp-call.ts), made when the caller asked for it. */
  verifiedCall?: VerifiedCall;
  detail?: string;
  /** It answered over the legacy HTTP+SSE transport (2024-11-05), after Streamable HTTP was refused with a 4xx. */
  transport?: 'sse';
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
const EVENT_STREAM = /^\s*text\/event-stream\s*(;|$)/i;
/** How much of an event stream is read for its first event before it is judged not MCP. */
const FIRST_EVENT_MAX_CHARS = 64 * 1024;

/**
 * A live MCP handshake with the SDK's own client: initialize, then tools/list, with every request going
 * through the outbound guard. Streamable HTTP first; when that is refused with a 4xx other than 401/403 (a
 * legacy server 404s or 405s the POST), the legacy HTTP+SSE transport, as the SDK's backwards-compatibility
 * guide does, within what is left of `timeoutMs`. "Requires auth" (401/403) is told apart from "dead" (no
 * answer, 404/405) and "not MCP" (answers, but not with MCP); whether a 401 proves an MCP server depends on how
 * the URL was found, which the caller judges from `status` and `challenge`. Each handshake, initialize and
 * tools/list together, is bounded by `clock`'s timer; the SDK's own request timeout is only a backstop.
 */
export async function probeMcpEndpoint(
  url: string,
  fetchFn: typeof fetch,
  timeoutMs: number,
  clock: Clock = systemClock,
  o: { verify?: boolean } = {},
): Promise<McpProbe> {
  const deadline = clock.now() + timeoutMs;
  const streamable = await handshake(url, fetchFn, timeoutMs, false, clock, o.verify ?? false);
  const refused = streamable.error instanceof StreamableHTTPError ? (streamable.error.code ?? 0) : 0;
  if (refused < 400 || refused > 499 || refused === 401 || refused === 403) return streamable.probe;

  const legacy = await handshake(url, fetchFn, Math.max(1, deadline - clock.now()), true, clock, o.verify ?? false);
  // Judged over SSE when it proved something there: a handshake, an authorization wall, or an event stream
  // that is not MCP. Otherwise (the GET was refused too, or answered a page) the Streamable answer stands.
  if (legacy.probe.outcome === 'ok' || legacy.probe.outcome === 'auth-required' || legacy.eventStream) {
    return { ...legacy.probe, ...(legacy.probe.outcome === 'ok' ? { transport: 'sse' as const } : {}) };
  }
  return { ...streamable.probe, ...(legacy.probe.answeredHtml ? { answeredHtml: true } : {}) };
}

/** The stream was read far enough to know it is not MCP's: its first event is not `endpoint`. */
class NotMcpStream extends Error {}
/** The handshake did not finish within its time (opening a legacy stream has no timeout of its own). */
class ProbeTimeout extends Error {}

/**
 * The SDK's per-request timeout runs on the process's timers, which a test cannot move: it is set well past the
 * handshake's own bound, so the bound on `clock` is what ends a silent server's handshake.
 */
const SDK_BACKSTOP_MS = 60_000;

/**
 * One handshake: over Streamable HTTP, or over legacy HTTP+SSE (`legacy`), whose stream is checked for the
 * `endpoint` event first; the whole handshake is bounded by `timeoutMs`, and its requests are cancelled then.
 * With `verify`, a completed handshake goes on to the verified call, bounded on its own (mcp-call.ts).
 */
async function handshake(
  url: string,
  fetchFn: typeof fetch,
  timeoutMs: number,
  legacy: boolean,
  clock: Clock,
  verify: boolean,
): Promise<{ probe: McpProbe; error?: unknown; eventStream: boolean }> {
  let last: { status: number; challenge?: string; html: boolean } | undefined;
  let eventStream = false;
  let notMcp: (err: Error) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => {
    notMcp = reject;
  });
  failed.catch(() => undefined);
  const watched: typeof fetch = async (input, init) => {
    const res = await fetchFn(input, init);
    last = { status: res.status, challenge: res.headers.get('www-authenticate') ?? undefined, html: /text\/html/i.test(res.headers.get('content-type') ?? '') };
    // A legacy SSE session's GET: its first event must be the `endpoint` event (2024-11-05), else it is some
    // other event stream and waiting on it proves nothing.
    if (!legacy || (init?.method ?? 'GET').toUpperCase() !== 'GET' || !res.ok || !res.body || !EVENT_STREAM.test(res.headers.get('content-type') ?? ''))
      return res;
    eventStream = true;
    return withFirstEvent(res, (type) => {
      if (type !== 'endpoint')
        notMcp(new NotMcpStream(`an event stream whose first event is ${JSON.stringify(type)}, not "endpoint": not the MCP HTTP+SSE transport`));
    });
  };
  const client = new Client({ name: 'agentdex-audit', version: '0.1.0' });
  const transport: Transport = legacy
    ? new SSEClientTransport(new URL(url), { fetch: watched })
    : new StreamableHTTPClientTransport(new URL(url), { fetch: watched });
  let protocolVersion: string | undefined;
  const setProtocolVersion = transport.setProtocolVersion?.bind(transport);
  transport.setProtocolVersion = (version: string) => {
    protocolVersion = version;
    setProtocolVersion?.(version);
  };
  const cancel = new AbortController();
  let timer: unknown;
  const expired = new Promise<never>((_, reject) => {
    // Over Streamable HTTP the bound ends the handshake as the SDK's own request timeout would (a server that
    // takes the POST and never answers is judged as before); a legacy stream that never answers is a ProbeTimeout.
    timer = clock.setTimeout(() => {
      reject(
        legacy ? new ProbeTimeout(`no MCP answer within ${timeoutMs} ms`) : new McpError(ErrorCode.RequestTimeout, 'Request timed out', { timeout: timeoutMs }),
      );
      cancel.abort();
    }, timeoutMs);
  });
  expired.catch(() => undefined);
  try {
    const options = { timeout: Math.max(timeoutMs, SDK_BACKSTOP_MS), signal: cancel.signal };
    const run = async () => {
      await client.connect(transport, options);
      return listAllTools(client, options);
    };
    const listed = await Promise.race([run(), failed, expired]);
    clock.clearTimeout(timer);
    const tools = listed.tools;
    const server = client.getServerVersion();
    const verifiedCall = verify ? await verifyCall(client, tools, clock) : undefined;
    return {
      probe: {
        outcome: 'ok',
        serverName: server?.name,
        tools: tools.map((t) => t.name),
        toolDescriptions: tools.map((t) => firstSentence(t.description)),
        ...(protocolVersion ? { protocolVersion } : {}),
        ...(typeof server?.version === 'string' ? { serverVersion: server.version } : {}),
        toolDefinitions: tools,
        toolCount: listed.listed,
        serverFingerprint: serverFingerprint(tools),
        ...(listed.problems.length ? { listProblems: listed.problems } : {}),
        ...(verifiedCall ? { verifiedCall } : {}),
      },
      eventStream,
    };
  } catch (err) {
    const { outcome, detail } = classify(err, eventStream);
    const rpcAuthError = err instanceof McpError && outcome === 'auth-required';
    const cause = err instanceof OutboundError ? err : (err as { cause?: unknown })?.cause;
    const hostDown = cause instanceof OutboundError && (cause.connectFailed || /ENOTFOUND|EAI_AGAIN|ENODATA|resolve/i.test(cause.message));
    const probe: McpProbe = {
      outcome,
      detail,
      ...(last && (last.status === 401 || last.status === 403) ? { status: last.status, challenge: last.challenge } : {}),
      ...(last?.html ? { answeredHtml: true } : {}),
      ...(hostDown ? { hostDown } : {}),
      ...(rpcAuthError ? { rpcAuthError } : {}),
    };
    return { probe, error: err, eventStream };
  } finally {
    clock.clearTimeout(timer);
    await client.close().catch(() => undefined); // closes the transport too, even while it is still starting
  }
}

function classify(err: unknown, eventStream: boolean): { outcome: McpOutcome; detail: string } {
  const message = err instanceof Error ? err.message : String(err);
  // An event stream was open: whatever went wrong after, it answered, and not with MCP.
  if (eventStream && !(err instanceof McpError && CREDENTIALS_WANTED.test(message)))
    return { outcome: 'not-mcp', detail: `HTTP+SSE: ${message.slice(0, 200)}` };
  if (err instanceof OutboundError || (err as { cause?: unknown })?.cause instanceof OutboundError) {
    return { outcome: 'dead', detail: message };
  }
  if (err instanceof ProbeTimeout) return { outcome: 'dead', detail: message };
  if (err instanceof StreamableHTTPError || err instanceof SseError) {
    const code = err.code ?? -1;
    if (code === 401 || code === 403) return { outcome: 'auth-required', detail: `HTTP ${code}` };
    if (code === 404 || code === 405 || code === 410 || code >= 500) return { outcome: 'dead', detail: `HTTP ${code}` };
    return { outcome: 'not-mcp', detail: message.slice(0, 200) };
  }
  if (err instanceof McpError ? CREDENTIALS_WANTED.test(message) : /unauthorized/i.test(message))
    return { outcome: 'auth-required', detail: message.slice(0, 200) };
  return { outcome: 'not-mcp', detail: message.slice(0, 200) };
}

/**
 * The response with its body passed through unchanged, calling `seen` with the type of the first event the
 * stream dispatches (an event with data; comments and `retry:`-only blocks dispatch nothing), or with "" when
 * the first 64 KiB hold none.
 */
function withFirstEvent(res: Response, seen: (type: string) => void): Response {
  const decoder = new TextDecoder();
  let text = '';
  let done = false;
  const inspect = (chunk: Uint8Array) => {
    if (done) return;
    text += decoder.decode(chunk, { stream: true });
    let type = '';
    let data = false;
    let start = 0;
    for (;;) {
      const m = /\r\n|\r|\n/.exec(text.slice(start));
      if (!m) break;
      const line = text.slice(start, start + m.index);
      start += m.index + m[0].length;
      if (line === '') {
        if (data) {
          done = true;
          return seen(type || 'message');
        }
        type = '';
        continue;
      }
      if (line.startsWith(':')) continue;
      const field = line.includes(':') ? line.slice(0, line.indexOf(':')) : line;
      const value = line.includes(':') ? line.slice(line.indexOf(':') + 1).replace(/^ /, '') : '';
      if (field === 'event') type = value;
      else if (field === 'data') data = true;
    }
    if (text.length > FIRST_EVENT_MAX_CHARS) {
      done = true;
      seen('');
    }
  };
  const body = res.body!.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        inspect(chunk);
        controller.enqueue(chunk);
      },
    }),
  );
  const tapped = new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  Object.defineProperty(tapped, 'url', { value: res.url });
  Object.defineProperty(tapped, 'redirected', { value: res.redirected });
  return tapped;
}

/** A description's first sentence, at most 200 characters (tool lists can be long; the ranking reads the gist). */
function firstSentence(text: string | undefined): string {
  return (text ?? '').split(/(?<=[.!?])\s/)[0].slice(0, 200);
}
