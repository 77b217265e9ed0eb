import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { Clock } from '../runtime/clock';
import { OutboundError } from './errors';
import type { ConnectTarget, Guard } from './guard';

// One HTTP request/response on a fresh socket, with the byte cap and the deadline enforced while reading: the
// socket is destroyed the moment either is exceeded, so a huge or trickling body never accumulates. An event
// stream (`streamEvents`) is handed over as soon as its headers arrive, still under the same cap and deadline.

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
  /**
   * Resolve a 2xx `text/event-stream` answer at its headers, its body in `stream` (legacy MCP HTTP+SSE opens
   * one and answers on it). The byte cap and the deadline keep applying to the stream: exceeding either, or
   * the signal aborting, errors it and destroys the socket.
   */
  streamEvents?: boolean;
}

export interface ExchangeResult {
  status: number;
  statusText: string;
  headers: http.IncomingHttpHeaders;
  /** Header pairs as received (repeats kept), minus encoding headers when the body was decoded. */
  rawHeaders: [string, string][];
  body: Buffer;
  /** With `streamEvents`, an event stream's body as it arrives (`body` is then empty). */
  stream?: ReadableStream<Uint8Array>;
}

export interface Transport {
  guard: Guard;
  /** Runs the deadline timer. */
  clock: Clock;
  httpAgent: http.Agent;
  httpsAgent: https.Agent;
}

const NO_BODY_STATUS = new Set([204, 205, 304]);
const EVENT_STREAM = /^\s*text\/event-stream\s*(;|$)/i;

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
    // Set while a streamed body is being read: failures after the promise resolved error the stream instead.
    let streaming: ReadableStreamDefaultController<Uint8Array> | undefined;

    const cleanup = () => {
      settled = true;
      t.clock.clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
      // Destroying the request destroys the socket (no keep-alive), which is what stops a server mid-body.
      request.destroy();
      response?.destroy();
      decoder?.destroy();
    };
    const fail = (err: unknown) => {
      if (streaming) {
        const controller = streaming;
        streaming = undefined;
        cleanup();
        controller.error(err);
        return;
      }
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
    const timer = t.clock.setTimeout(() => {
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
      const head = () => {
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
        return { status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers, rawHeaders };
      };
      const body: Readable = decoder ?? res;
      if (decoder) {
        res.on('error', failWith);
        res.pipe(decoder);
      }
      res.on('close', () => {
        if (!res.complete) failWith(new Error('connection closed before the response was complete'));
      });
      body.on('error', failWith);

      const status = res.statusCode ?? 0;
      if (req.streamEvents && !headersOnly && status >= 200 && status < 300 && EVENT_STREAM.test(res.headers['content-type'] ?? '')) {
        // Handed over now; the timer, the cap and the abort listener stay until the stream ends or fails.
        let total = 0;
        const stream = new ReadableStream<Uint8Array>({
          start: (controller) => {
            streaming = controller;
          },
          cancel: () => {
            streaming = undefined;
            cleanup();
          },
        });
        body.on('data', (chunk: Buffer) => {
          if (!streaming) return;
          total += chunk.length;
          if (total > req.maxBytes) return fail(new OutboundError('TOO_LARGE', `${href} sent more than the ${req.maxBytes} byte cap`, href));
          streaming.enqueue(new Uint8Array(chunk));
        });
        body.on('end', () => {
          const controller = streaming;
          if (!controller) return;
          streaming = undefined;
          cleanup();
          controller.close();
        });
        settled = true;
        resolve({ ...head(), body: Buffer.alloc(0), stream });
        return;
      }

      const chunks: Buffer[] = [];
      let total = 0;
      const finish = () => {
        if (settled) return;
        const result = { ...head(), body: Buffer.concat(chunks) };
        cleanup();
        resolve(result);
      };
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
    });
    request.end(req.body);
  });
}
