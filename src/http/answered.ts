import type { Context } from 'koa';

/**
 * What a request came to, for the layers that report on it (metrics, traces, the access log): the route
 * template that answered it (the router's, or, for a cached read answered before routing, the template
 * that computed the entry), and the status the caller got (a handler that wrote the response itself, as
 * MCP's streams do, set it on the raw response).
 */
export function routeTemplate(ctx: Context): string | undefined {
  return (ctx as { _matchedRoute?: string })._matchedRoute ?? (ctx.state.route as string | undefined);
}

export function answeredStatus(ctx: Context): number {
  return ctx.respond === false ? ctx.res.statusCode : ctx.status;
}
