import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { OutboundError } from './errors';
import type { ConnectTarget, Guard } from './guard';

// One HTTP request/response on a fresh socket, with the byte cap and the deadline enforced while reading: the
// socket is destroyed the moment either is exceeded, so a huge or trickling body never accumulates.

export interface ExchangeRequest {
  url: URL;
  target: ConnectTarget;
  method: string;
  headers: Record<string, string>;
  body?: Buffer;
  maxBytes: number;
  /** Keep the first maxBytes and stop reading instead of failing (robots.txt: RFC 9309 parses the first 500 KiB). */
  truncate?: boolean;
  /** Deadline for the whole exchange: connect, headers and body. Not a socket-idle timeout. */
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface ExchangeResult {
  status: number;
  statusText: string;
  headers: http.IncomingHttpHeaders;
  /** Header pairs as received (repeats kept), minus encoding headers when the body was decoded. */
  rawHeaders: [string, string][];
  body: Buffer;
}

export interface Transport {
  guard: Guard;
  httpAgent: http.Agent;
  httpsAgent: https.Agent;
}

const NO_BODY_STATUS = new Set([204, 205, 304]);

function decoderFor(encoding: string | undefined): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

export function exchange(t: Transport, req: ExchangeRequest): Promise<ExchangeResult> {
  const { url, target } = req;
  const href = url.href;
  const isHttps = url.protocol === 'https:';
  return new Promise<ExchangeResult>((resolve, reject) => {
    if (req.signal?.aborted) return reject(req.signal.reason);
    let settled = false;
    let connected = false; // TCP up (http) or TLS established (https): failures before that allow https→http fallback
    let response: http.IncomingMessage | undefined;
    let decoder: zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null = null;

    const cleanup = () => {
      settled = true;
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
      // Destroying the request destroys the socket (no keep-alive), which is what stops a server mid-body.
      request.destroy();
      response?.destroy();
      decoder?.destroy();
    };
    const fail = (err: unknown) => {
      if (settled) return;
      cleanup();
      reject(err);
    };
    const failWith = (err: Error & { code?: string }) => {
      if (err instanceof OutboundError) {
        // The lookup hook does not know the URL; restate the error for this hop.
        const { code, message } = err;
        return fail(new OutboundError(code, message, href, { connectFailed: err.connectFailed, cause: err.cause }));
      }
      const what = err.code ? `${err.code}: ${err.message}` : err.message;
      fail(new OutboundError('NETWORK', `${req.method} ${href} failed: ${what}`, href, { connectFailed: !connected, cause: err }));
    };
    const onAbort = () => fail(req.signal?.reason);
    const timer = setTimeout(() => {
      fail(new OutboundError('TIMEOUT', `${req.method} ${href} took longer than ${req.timeoutMs} ms`, href, { connectFailed: !connected }));
    }, req.timeoutMs);
    req.signal?.addEventListener('abort', onAbort, { once: true });

    const options: https.RequestOptions = {
      host: target.host,
      port: target.port,
      method: req.method,
      path: `${url.pathname}${url.search}`,
      // Host names the site, not the (possibly host-mapped) port the socket uses.
      headers: { ...req.headers, host: url.host },
      agent: isHttps ? t.httpsAgent : t.httpAgent,
      lookup: t.guard.lookup,
      ...(isHttps && target.servername ? { servername: target.servername } : {}),
    };
    const request = (isHttps ? https : http).request(options);
    request.on('socket', (socket) => socket.once(isHttps ? 'secureConnect' : 'connect', () => (connected = true)));
    request.on('error', failWith);
    request.on('response', (res) => {
      connected = true;
      response = res;
      const headersOnly = req.method === 'HEAD' || NO_BODY_STATUS.has(res.statusCode ?? 0);
      decoder = headersOnly ? null : decoderFor(res.headers['content-encoding']);
      const declared = Number(res.headers['content-length']);
      if (!decoder && !req.truncate && Number.isFinite(declared) && declared > req.maxBytes) {
        return fail(new OutboundError('TOO_LARGE', `${href} declares ${declared} bytes, over the ${req.maxBytes} byte cap`, href));
      }
      const chunks: Buffer[] = [];
      let total = 0;
      const finish = () => {
        if (settled) return;
        const rawHeaders: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i];
          if (decoder && /^content-(encoding|length)$/i.test(name)) continue;
          rawHeaders.push([name, res.rawHeaders[i + 1]]);
        }
        const headers = { ...res.headers };
        if (decoder) {
          delete headers['content-encoding'];
          delete headers['content-length'];
        }
        const result = { status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers, rawHeaders, body: Buffer.concat(chunks) };
        cleanup();
        resolve(result);
      };
      const body: Readable = decoder ?? res;
      body.on('data', (chunk: Buffer) => {
        if (settled) return;
        if (total + chunk.length > req.maxBytes) {
          if (!req.truncate) return fail(new OutboundError('TOO_LARGE', `${href} sent more than the ${req.maxBytes} byte cap`, href));
          chunks.push(chunk.subarray(0, req.maxBytes - total));
          total = req.maxBytes;
          return finish();
        }
        total += chunk.length;
        chunks.push(chunk);
      });
      body.on('end', finish);
      body.on('error', failWith);
      if (decoder) {
        res.on('error', failWith);
        res.pipe(decoder);
      }
      res.on('close', () => {
        if (!res.complete) failWith(new Error('connection closed before the response was complete'));
      });
    });
    request.end(req.body);
  });
}
