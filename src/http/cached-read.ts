import type { Middleware } from 'koa';
import { recordRequest } from '../observability/http-metrics';
import { countCacheHit } from '../observability/metrics';
import { securityHeaderFields } from '../web/security-headers';
import { requestIdFor } from './request-id';
import type { ResponseCache } from './response-cache';

/**
 * The hot path of an open read (issue 23): a GET or HEAD whose answer is in the response cache is written
 * here, first in the stack, with the status, headers and bytes the whole stack would give it (request id,
 * security headers, the entry's type, ETag and Cache-Control) and counted in the same request metrics.
 * Each middleware layer costs a repeated read a few percent of its throughput (bench/RESULTS.md): through
 * them all a cached read ran at 57% of a bare Koa route. A request with If-None-Match goes the whole way,
 * through the conditional GET that may answer it 304; so does every miss.
 */
export function cachedRead(cache: ResponseCache, o: { https: boolean }): Middleware {
  // Only JSON answers are cached under their bare URL (operation-routes); pages vary and use their own keys.
  const security = securityHeaderFields({ html: false, https: o.https }).flat();
  return (ctx, next) => {
    const req = ctx.req;
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers['if-none-match'] !== undefined) return next();
    const entry = cache.peek(`GET ${req.url}`);
    if (!entry) return next();
    const started = process.hrtime.bigint();
    const id = requestIdFor(req.headers['x-request-id']);
    ctx.state.requestId = id;
    const headers = ['Content-Type', entry.type, 'ETag', entry.etag, 'Content-Length', String(entry.body.length), 'x-request-id', id, ...security];
    if (entry.cacheControl) headers.push('Cache-Control', entry.cacheControl);
    // Written outright: Koa's own response handling is the cost this path saves.
    ctx.respond = false;
    ctx.res.writeHead(200, headers);
    ctx.res.end(req.method === 'HEAD' ? undefined : entry.body);
    countCacheHit();
    recordRequest(entry.route ?? 'unmatched', req.method, 200, Number(process.hrtime.bigint() - started) / 1e9);
    return Promise.resolve();
  };
}
