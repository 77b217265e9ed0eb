import type { Middleware } from 'koa';
import { answeredStatus, routeTemplate } from './answered';
import { recordRequest } from '../observability/http-metrics';

/**
 * Counts and times every request by route template (the router's, or the cached read's), method and status.
 * Outermost, so errors and cache hits are counted as the caller saw them. A path no route matched counts as
 * `unmatched`: raw paths would let any caller grow the label set without bound.
 */
export function requestMetrics(): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      recordRequest(routeTemplate(ctx) ?? 'unmatched', ctx.method, answeredStatus(ctx), Number(process.hrtime.bigint() - started) / 1e9);
    }
  };
}
