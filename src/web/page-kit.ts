import type { Context } from 'koa';
import { ApiError, DependencyUnavailableError } from '../errors';
import type { Caller } from '../services/callers';
import type { Invocation } from '../services/operations';
import type { ApiErrorLike } from './messages';
import { renderPage } from './layout';

export type { ApiErrorLike };

/** A page's HTML: never stored by shared caches unless the route says so. */
export function sendHtml(ctx: Context, page: unknown, o: { status?: number; cache?: 'public' | 'private' | 'no-store' } = {}): void {
  ctx.status = o.status ?? 200;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', o.cache === 'public' ? 'public, max-age=60' : o.cache === 'no-store' ? 'no-store' : 'private, no-cache');
  ctx.body = renderPage(page);
}

export function redirect(ctx: Context, to: string): void {
  ctx.set('Location', to);
  ctx.body = ''; // (a null body would turn the status into 204)
  ctx.status = 303;
}

/** A web call goes through the same handlers as REST and MCP, recorded as an API call. */
export function invocation(ctx: Context, caller?: Caller): Invocation {
  return { caller, source: 'api', ip: ctx.ip };
}

/** The safe message of an error from a handler; anything unexpected is rethrown for the error page. */
export function apiErrorOf(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof DependencyUnavailableError) return new ApiError(503, 'A service Agentdex depends on is unavailable; try again shortly');
  throw err;
}

/** Whether the client asked for markdown over HTML (agents reading pages). */
export function wantsMarkdown(ctx: Context): boolean {
  return ctx.accepts('text/html', 'text/markdown') === 'text/markdown';
}
