import { STATUS_CODES } from 'node:http';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { HttpError, unavailableDependency } from './errors';

/**
 * Every error leaves as `{error}` (plus safe extra fields). Unknown failures become a 500 with a generic
 * message: stack traces and SQL stay in the log, keyed by the request id.
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      // Unmatched routes (404) and wrong methods (405, Allow set by the router) arrive here without a body.
      if (ctx.status >= 400 && ctx.body == null) {
        const status = ctx.status;
        ctx.body = { error: status === 404 ? `No route for ${ctx.method} ${ctx.path}` : defaultMessage(status, ctx.method, ctx.path) };
        ctx.status = status; // assigning a body would otherwise turn the status into 200
      }
    } catch (err) {
      const { status, body, headers } = toResponse(err, ctx.method, ctx.path);
      if (status >= 500) logger.error({ err, requestId: ctx.state.requestId, path: ctx.path }, 'request failed');
      ctx.status = status;
      for (const [k, v] of Object.entries(headers)) ctx.set(k, v);
      ctx.body = body;
    }
  };
}

function defaultMessage(status: number, method: string, path: string): string {
  if (status === 405) return `Method ${method} is not allowed on ${path}`;
  if (status === 501) return `Method ${method} is not implemented`;
  return STATUS_CODES[status] ?? 'Error';
}

function toResponse(err: unknown, method: string, path: string) {
  if (err instanceof HttpError) {
    return { status: err.status, body: { error: err.message, ...err.extra }, headers: err.headers };
  }
  const dependency = unavailableDependency(err);
  if (dependency) {
    const what = dependency === 'postgres' ? 'The database' : 'The workflow engine';
    return { status: 503, body: { error: `${what} is unreachable; retry shortly` }, headers: { 'Retry-After': '5' } };
  }
  // Errors thrown by Koa helpers and the body parser carry an http status and an `expose` flag.
  const e = err as { status?: number; statusCode?: number; expose?: boolean; message?: string; headers?: Record<string, string> };
  const status = e.status ?? e.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return {
      status,
      body: { error: e.expose && e.message ? e.message : defaultMessage(status, method, path) },
      headers: e.headers ?? {},
    };
  }
  return { status: 500, body: { error: 'Internal server error' }, headers: {} };
}
