import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import tls from 'node:tls';
import { type Clock, systemClock } from '../runtime/clock';
import { parseAllowEntry, parseHostLiteral } from './address-policy';
import { OutboundError } from './errors';
import { exchange, type ExchangeResult } from './exchange';
import { createGuard, normaliseName, systemResolver, type HostMapEntry, type Resolver } from './guard';
import { createHostQueue } from './host-queue';
import { createRobotsCache, ROBOTS_MAX_BYTES } from './robots';
import { createWebFetch } from './web-fetch';

// The single outbound HTTP layer: every crawler (audit, MCP handshakes, research, discovery, the headless
// browser) fetches through an instance of this, so the SSRF guard, caps, robots.txt and politeness rules live in
// one place. Configuration is a plain object; src/config.ts owns reading the environment (see settings.ts).

export const DEFAULT_USER_AGENT = 'AgentdexBot/0.1 (+https://agentdex.dev/bot)';

export interface OutboundOptions {
  /** name → address used instead of DNS (OUTBOUND_HOST_MAP). Mapped names still need the allowlist when the
   *  address is not public. */
  hostMap?: ReadonlyMap<string, HostMapEntry>;
  /** Host names (exact), IPs or CIDRs let through although not public (OUTBOUND_ALLOWLIST). */
  allowlist?: readonly string[];
  /** Name → addresses; default dns.lookup(all). Every address returned is checked. */
  resolve?: Resolver;
  userAgent?: string;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  robots?: boolean;
  /** Extra trusted CA certificates, added to Node's roots (private PKI, test fixtures). */
  ca?: string | Buffer | Array<string | Buffer>;
  /** Deadlines and robots.txt freshness run on it; the system's clock unless a test brings its own. */
  clock?: Clock;
  /**
   * One request in flight per host (default): polite to the sites we crawl. Off for webhook deliveries,
   * whose receivers asked for them: one slow receiver must not hold up others on the same host.
   */
  onePerHost?: boolean;
}

export interface FetchInit {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  maxBytes?: number;
  /** Deadline per HTTP exchange (each redirect hop and the robots.txt fetch get their own). */
  timeoutMs?: number;
  robots?: boolean;
  /** False: a redirect is answered as it is, never followed (webhook deliveries). Followed by default. */
  followRedirects?: boolean;
}

export interface OutboundResponse {
  /** Final URL, after redirects. */
  url: string;
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Decoded (gzip/br/deflate removed) body, at most maxBytes. */
  body: Buffer;
  text(): string;
  json(): unknown;
  /** Every URL that answered with a followed redirect, in order; the full chain is [...redirects, url]. */
  redirects: string[];
  elapsedMs: number;
}

export interface WebFetchDefaults {
  robots?: boolean;
  maxBytes?: number;
  timeoutMs?: number;
  /** Hand a 2xx `text/event-stream` body over as it arrives (under the cap and deadline) instead of buffering it. */
  streamEvents?: boolean;
}

export interface Outbound {
  fetch(url: string, init?: FetchInit): Promise<OutboundResponse>;
  fetchSite(host: string, path: string, init?: FetchInit): Promise<OutboundResponse>;
  /**
   * WHATWG fetch through the guard, robots.txt NOT consulted (API clients such as MCP). Event streams are
   * streamed (legacy MCP HTTP+SSE), every other body buffered.
   */
  webFetch: typeof globalThis.fetch;
  /** A WHATWG fetch with other defaults, e.g. {robots: true} for browser navigations made for a crawl. */
  webFetchWith(defaults: WebFetchDefaults): typeof globalThis.fetch;
  preflight(host: string): Promise<void>;
}

interface RunInit {
  method: string;
  headers: Record<string, string>;
  body?: Buffer;
  maxBytes: number;
  truncate?: boolean;
  timeoutMs: number;
  robots: boolean;
  followRedirects: boolean;
  maxRedirects: number;
  signal?: AbortSignal;
  streamEvents?: boolean;
}

interface RunResult {
  url: URL;
  redirects: string[];
  result: ExchangeResult;
}

const REDIRECT_STATUS = new Set([301, 302, 303, 307, 308]);
// Set by the layer itself (user-agent, accept-encoding, host, framing) or meaningless to forward.
const DROPPED_HEADERS = new Set([
  'host',
  'user-agent',
  'accept-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-connection',
  'proxy-authorization',
]);
const BODY_HEADERS = ['content-type', 'content-encoding', 'content-language', 'content-location'];
const CREDENTIAL_HEADERS = ['authorization', 'cookie'];

function badUrl(message: string, url: string): never {
  throw new OutboundError('BAD_URL', message, url);
}

function parseHttpUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return badUrl(`not a valid URL: ${JSON.stringify(raw)}`, raw);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') badUrl(`only http and https URLs can be fetched, not ${url.protocol}`, url.href);
  return url;
}

/** A user-supplied site: a URL (its host is taken) or a bare host[:port]. Returns an http URL for the host. */
function siteUrl(input: string): URL {
  const s = input.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(s)) return parseHttpUrl(s);
  if (s === '' || /[\s/?#@\\]/.test(s)) badUrl(`not a host: ${JSON.stringify(input)}`, input);
  const literal = parseHostLiteral(s);
  const authority = literal.kind === 'ipv6' && !s.startsWith('[') ? `[${s}]` : s; // bare IPv6 (no port possible)
  return parseHttpUrl(`http://${authority}/`);
}

function validateOptions(o: OutboundOptions): void {
  for (const entry of o.allowlist ?? []) {
    if (!parseAllowEntry(entry)) throw new TypeError(`outbound allowlist entry ${JSON.stringify(entry)} is not a host, IP or CIDR`);
  }
  for (const [name, { ip, port }] of o.hostMap ?? []) {
    if (parseHostLiteral(name).kind !== 'name') throw new TypeError(`outbound host map key ${JSON.stringify(name)} is not a host name`);
    if (!isIP(ip)) throw new TypeError(`outbound host map address for ${name} is not an IP: ${JSON.stringify(ip)}`);
    if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) throw new TypeError(`outbound host map port for ${name} is invalid`);
  }
  const positive = { maxBytes: o.maxBytes, timeoutMs: o.timeoutMs };
  for (const [key, value] of Object.entries(positive)) {
    if (value !== undefined && !(Number.isFinite(value) && value > 0)) throw new TypeError(`outbound ${key} must be a positive number`);
  }
  if (o.maxRedirects !== undefined && !(Number.isInteger(o.maxRedirects) && o.maxRedirects >= 0)) {
    throw new TypeError('outbound maxRedirects must be a non-negative integer');
  }
}

function cleanHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const key = name.toLowerCase();
    if (!DROPPED_HEADERS.has(key)) out[key] = value;
  }
  return out;
}

function charsetOf(contentType: string | undefined): string {
  return /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1] ?? 'utf-8';
}

function decodeText(body: Buffer, contentType: string | undefined): string {
  try {
    return new TextDecoder(charsetOf(contentType)).decode(body);
  } catch {
    return body.toString('utf8'); // unknown charset label
  }
}

function toResponse({ url, redirects, result }: RunResult, started: number, now: number): OutboundResponse {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(result.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const body = result.body;
  return {
    url: url.href,
    status: result.status,
    headers,
    body,
    text: () => decodeText(body, headers['content-type']),
    json: () => JSON.parse(decodeText(body, headers['content-type'])) as unknown,
    redirects,
    elapsedMs: now - started,
  };
}

export function createOutbound(options: OutboundOptions = {}): Outbound {
  validateOptions(options);
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRedirects = options.maxRedirects ?? 5;
  const robotsByDefault = options.robots ?? true;
  const hostMap = new Map([...(options.hostMap ?? [])].map(([name, entry]) => [normaliseName(name), entry] as const));
  const guard = createGuard({ hostMap, allowlist: options.allowlist ?? [], resolve: options.resolve ?? systemResolver });
  const extraCa = options.ca === undefined ? [] : Array.isArray(options.ca) ? options.ca : [options.ca];
  const clock = options.clock ?? systemClock;
  const transport = {
    guard,
    clock,
    // Fresh sockets per request: a pooled socket would skip the connect-time check for its next user.
    httpAgent: new http.Agent({ keepAlive: false }),
    httpsAgent: new https.Agent({ keepAlive: false, ...(extraCa.length ? { ca: [...tls.rootCertificates, ...extraCa] } : {}) }),
  };
  const runExclusive = options.onePerHost === false ? <T>(_host: string, work: () => Promise<T>) => work() : createHostQueue();
  const robots = createRobotsCache(
    async (robotsUrl) => {
      const { result } = await run(robotsUrl, {
        method: 'GET',
        headers: { accept: 'text/plain, */*;q=0.5' },
        maxBytes: ROBOTS_MAX_BYTES,
        truncate: true,
        timeoutMs,
        robots: false,
        followRedirects: true,
        maxRedirects: 5, // RFC 9309 §2.3.1.2: follow at least five
      });
      return { status: result.status, body: result.body };
    },
    userAgent,
    clock,
  );
  const siteSchemes = new Map<string, 'https' | 'http'>();

  async function run(rawUrl: string, init: RunInit): Promise<RunResult> {
    let url = parseHttpUrl(rawUrl);
    let { method, body } = init;
    let headers = cleanHeaders(init.headers);
    const redirects: string[] = [];
    for (;;) {
      const target = guard.target(url); // scheme and IP literals, before robots or any socket
      if (init.robots) await robots.check(url);
      const hop = url;
      const result = await runExclusive(target.hostKey, () =>
        exchange(transport, {
          url: hop,
          target,
          method,
          headers: { accept: '*/*', ...headers, 'user-agent': userAgent, 'accept-encoding': 'gzip, br' },
          body,
          maxBytes: init.maxBytes,
          truncate: init.truncate,
          timeoutMs: init.timeoutMs,
          signal: init.signal,
          streamEvents: init.streamEvents,
        }),
      );
      const location = result.headers.location;
      if (!init.followRedirects || !REDIRECT_STATUS.has(result.status) || !location) return { url, redirects, result };
      if (redirects.length >= init.maxRedirects) {
        throw new OutboundError('TOO_MANY_REDIRECTS', `more than ${init.maxRedirects} redirects starting at ${rawUrl}`, url.href);
      }
      const next = parseHttpUrl(location, url);
      redirects.push(url.href);
      // Fetch standard §4.4: 303 (except HEAD) and POST after 301/302 become a bodiless GET.
      if ((result.status === 303 && method !== 'HEAD') || ((result.status === 301 || result.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !BODY_HEADERS.includes(k)));
      }
      // Credentials meant for one origin are not handed to another.
      if (next.origin !== url.origin) headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !CREDENTIAL_HEADERS.includes(k)));
      url = next;
    }
  }

  async function fetch(url: string, init: FetchInit = {}): Promise<OutboundResponse> {
    const started = clock.now();
    const body = typeof init.body === 'string' ? Buffer.from(init.body) : init.body;
    const result = await run(url, {
      method: init.method ?? 'GET',
      headers: init.headers ?? {},
      body,
      maxBytes: init.maxBytes ?? maxBytes,
      timeoutMs: init.timeoutMs ?? timeoutMs,
      robots: init.robots ?? robotsByDefault,
      followRedirects: init.followRedirects ?? true,
      maxRedirects,
    });
    return toResponse(result, started, clock.now());
  }

  async function fetchSite(host: string, path: string, init?: FetchInit): Promise<OutboundResponse> {
    const site = siteUrl(host).host; // host[:port], normalised; a URL argument contributes only its host
    const rest = path.startsWith('/') ? path : `/${path}`;
    const known = siteSchemes.get(site);
    if (known === 'http') return fetch(`http://${site}${rest}`, init);
    try {
      const res = await fetch(`https://${site}${rest}`, init);
      siteSchemes.set(site, 'https');
      return res;
    } catch (err) {
      // Plain http only when https could not even be set up on this host (refused, reset, TLS failure): an
      // https answer of any kind, or a failure on a later redirect hop, is final.
      const httpsOrigin = `https://${site}`;
      const setupFailed = err instanceof OutboundError && err.connectFailed && (err.code === 'NETWORK' || err.code === 'TIMEOUT');
      if (known === 'https' || !setupFailed || new URL(err.url).origin !== new URL(httpsOrigin).origin) throw err;
      const res = await fetch(`http://${site}${rest}`, init);
      siteSchemes.set(site, 'http');
      return res;
    }
  }

  async function preflight(input: string): Promise<void> {
    const trimmed = input.trim();
    const literal = parseHostLiteral(trimmed);
    if (literal.kind === 'ipv6' && trimmed.includes('%')) return guard.permit(literal.ip, literal.ip, input); // zone ids have no URL form
    const url = siteUrl(trimmed);
    const host = parseHostLiteral(url.hostname);
    if (host.kind === 'invalid') badUrl(`invalid host ${url.hostname}: ${host.reason}`, input);
    if (host.kind === 'name') await guard.resolveChecked(host.name, url.href);
    else guard.permit(host.ip, host.ip, url.href);
  }

  function webFetchWith(defaults: WebFetchDefaults): typeof globalThis.fetch {
    return createWebFetch(async (url, w) => {
      const r = await run(url, {
        ...w,
        maxBytes: defaults.maxBytes ?? maxBytes,
        timeoutMs: defaults.timeoutMs ?? timeoutMs,
        robots: defaults.robots ?? false,
        streamEvents: defaults.streamEvents ?? false,
        maxRedirects,
      });
      return { url: r.url.href, redirected: r.redirects.length > 0, result: r.result };
    });
  }

  return { fetch, fetchSite, webFetch: webFetchWith({ streamEvents: true }), webFetchWith, preflight };
}
