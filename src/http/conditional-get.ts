import type { Middleware } from 'koa';

/**
 * 304 Not Modified when If-None-Match matches the response ETag (RFC 9110 §13.1.2, weak comparison).
 * Unlike the `fresh` helper, a request's `Cache-Control: no-cache` does not disable this: that directive
 * addresses caches, and fetch() adds it to every request that carries If-None-Match.
 */
export function conditionalGet(): Middleware {
  return async (ctx, next) => {
    await next();
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.status < 200 || ctx.status >= 300) return;
    const etag = ctx.response.get('etag');
    const ifNoneMatch = ctx.get('if-none-match');
    if (!etag || !ifNoneMatch) return;
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    if (ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((t) => opaque(t) === opaque(etag))) {
      ctx.status = 304;
      ctx.body = null;
    }
  };
}
