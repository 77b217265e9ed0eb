import { STATUS_CODES } from 'node:http';
import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { ApiError, describeFailure, type ErrorHints, type RateLimitState } from '../errors';
import { HttpError } from './errors';

/**
 * Every error leaves as `{error}` (plus safe extra fields). Unknown failures become a 500 with a generic
 * message: stack traces and SQL stay in the log, keyed by the request id.
 */
export function errorHandler(logger: Logger, htmlPage?: HtmlErrorPage): Middleware {
  // A browser (asking for HTML first) outside the API's own paths gets the error as a page.
  const asPage = (ctx: Context) => htmlPage && !/^\/(v1|mcp)(\/|$)/.test(ctx.path) && ctx.accepts('json', 'html') === 'html';
  const send = (ctx: Context, status: number, error: string, body: unknown) => {
    ctx.body = asPage(ctx) ? htmlPage!(status, error) : body;
    if (asPage(ctx)) ctx.type = 'text/html; charset=utf-8';
    ctx.status = status; // assigning a body would otherwise turn the status into 200
  };
  return async (ctx, next) => {
    try {
      await next();
      // Unmatched routes (404) and wrong methods (405, Allow set by the router) arrive here without a body.
      if (ctx.status >= 400 && ctx.body == null) {
        const status = ctx.status;
        const error = status === 404 ? `No route for ${ctx.method} ${ctx.path}` : defaultMessage(status, ctx.method, ctx.path);
        send(ctx, status, error, { error });
      }
    } catch (err) {
      const { status, body, headers } = toResponse(err, ctx.method, ctx.path);
      if (status >= 500) logger.error({ err, requestId: ctx.state.requestId, path: ctx.path }, 'request failed');
      for (const [k, v] of Object.entries(headers)) ctx.set(k, v);
      send(ctx, status, body.error, body);
    }
  };
}

/** Renders an error as an HTML document (the web pages' error page). */
export type HtmlErrorPage = (status: number, message: string) => string;

/** Retry-After and the trial's RateLimit fields, the HTTP form of an error's hints. */
export function hintHeaders(hints: ErrorHints): Record<string, string> {
  const headers: Record<string, string> = {};
  if (hints.retryAfterSeconds !== undefined) headers['Retry-After'] = String(hints.retryAfterSeconds);
  if (hints.rateLimit) Object.assign(headers, rateLimitHeaders(hints.rateLimit));
  return headers;
}

/** The IETF RateLimit fields draft, as decisions.md publishes them (the trial, a workspace's limits). */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  const window = state.windowSeconds === undefined ? '' : `;w=${state.windowSeconds}`;
  return {
    'RateLimit-Policy': `"${state.policy}";q=${state.quota}${window}`,
    RateLimit: `"${state.policy}";r=${state.remaining};t=${state.resetSeconds}`,
  };
}

function defaultMessage(status: number, method: string, path: string): string {
  if (status === 405) return `Method ${method} is not allowed on ${path}`;
  if (status === 501) return `Method ${method} is not implemented`;
  return STATUS_CODES[status] ?? 'Error';
}

function toResponse(err: unknown, method: string, path: string) {
  // Errors thrown by Koa helpers carry an http status and an `expose` flag.
  const e = err as { status?: number; statusCode?: number; expose?: boolean; message?: string; headers?: Record<string, string> };
  const koaStatus = e?.status ?? e?.statusCode;
  if (!(err instanceof ApiError) && typeof koaStatus === 'number' && koaStatus >= 400 && koaStatus < 500) {
    return { status: koaStatus, body: { error: e.expose && e.message ? e.message : defaultMessage(koaStatus, method, path) }, headers: e.headers ?? {} };
  }
  const failure = describeFailure(err);
  const headers = { ...hintHeaders(failure.hints), ...(err instanceof HttpError ? err.headers : {}) };
  return { status: failure.status, body: { error: failure.message, ...failure.extra }, headers };
}
