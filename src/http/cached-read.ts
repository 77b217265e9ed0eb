import type { IncomingMessage, ServerResponse } from 'node:http';
import type Koa from 'koa';
import { recordRequest } from '../observability/http-metrics';
import { countCacheHit } from '../observability/metrics';
import { securityHeaderFields } from '../web/security-headers';
import { requestIdFor } from './request-id';
import { ResponseCache } from './response-cache';

/** Answers a request outright and says so, or leaves it to the app. */
export type FrontHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The hot path of an open read (issue 23): a GET or HEAD whose answer is in the response cache is written
 * with the status, headers and bytes the app's whole stack would give it (request id, security headers,
 * the entry's type, ETag and Cache-Control) and counted in the same request metrics. Measured layer by
 * layer (git show 4db9dfa:bench/RESULTS.md), the middleware cost a cached read 38% of a bare Koa route's throughput and
 * Koa's own context and response handling a further share; this path costs a look-up and one writeHead.
 * A request with If-None-Match goes the whole way, through the conditional GET that may answer it 304; so
 * does every miss, which fills the cache.
 */
export function cachedRead(cache: ResponseCache, o: { https: boolean }): FrontHandler {
  // Only JSON answers are cached under their bare URL (operation-routes); pages vary and use their own keys.
  const security = securityHeaderFields({ html: false, https: o.https }).flat();
  return (req, res) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers['if-none-match'] !== undefined) return false;
    const entry = cache.peek(ResponseCache.keyFor(req.method, req.url));
    if (!entry) return false;
    const started = process.hrtime.bigint();
    const id = requestIdFor(req.headers['x-request-id']);
    const headers = ['Content-Type', entry.type, 'ETag', entry.etag, 'Content-Length', String(entry.body.length), 'x-request-id', id, ...security];
    if (entry.cacheControl) headers.push('Cache-Control', entry.cacheControl);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : entry.body);
    countCacheHit();
    recordRequest(entry.route ?? 'unmatched', req.method, 200, Number(process.hrtime.bigint() - started) / 1e9);
    return true;
  };
}

/** Puts `front` before the app: what it answers never reaches Koa; everything else goes on as before. */
export function answerFirst(app: Koa, front: FrontHandler): void {
  const callback = app.callback.bind(app);
  app.callback = () => {
    const koa = callback();
    // Served over HTTP/1.1 only (runtime/http-server): the request is node:http's.
    return (req, res) => (front(req as IncomingMessage, res as ServerResponse) ? Promise.resolve() : koa(req, res));
  };
}
