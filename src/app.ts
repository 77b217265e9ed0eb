import Router from '@koa/router';
import etag from '@koa/etag';
import Koa from 'koa';
import type { AppDeps } from './deps';
import { accessLog } from './http/access-log';
import { answerFirst, cachedRead } from './http/cached-read';
import { conditionalGet } from './http/conditional-get';
import { errorHandler } from './http/error-handler';
import { operationRoutes } from './http/operation-routes';
import { requestId } from './http/request-id';
import { requestMetrics } from './http/request-metrics';
import { requestTracing } from './http/request-tracing';
import { metricsRegistry, observePool } from './observability/metrics';
import { scrapeMetrics } from './observability/metrics-server';
import { ResponseCache, serveCached } from './http/response-cache';
import { mountRoute, type RouteDef } from './http/route';
import { mountMcp } from './mcp/routes';
import { badgeRoute } from './routes/badge';
import { billingWebhookRoute } from './routes/billing-webhook';
import { descriptorRoutes } from './routes/descriptors';
import { oauthRoutes } from './routes/oauth';
import { billingService } from './services/billing';
import { callerResolver } from './services/callers';
import { operationHandlers } from './services/operations';
import { registryService } from './services/registry';
import { htmlErrorPage } from './web/error-page';
import { mountWeb, securityHeaders, siteFileRoutes } from './web';

declare module 'koa' {
  interface Request {
    body?: unknown;
  }
}

/** Builds the Koa app from its parts; starting and stopping servers is the caller's business. */
export function createApp(deps: AppDeps): Koa {
  const app = new Koa({ proxy: deps.config.trustProxy });
  const router = new Router();
  const cache = new ResponseCache();
  const handlers = operationHandlers(deps);
  // Every REST route but the descriptors, which describe these: the declared operations, the badge,
  // Stripe's webhook (which verifies its own signature; it needs no payment processor) and OAuth.
  const routes: RouteDef[] = [
    ...operationRoutes(handlers, cache),
    badgeRoute(registryService(deps.db)),
    billingWebhookRoute(billingService(deps)),
    ...oauthRoutes(deps),
    ...siteFileRoutes(deps),
  ];
  const resolveCaller = callerResolver(deps.db);
  observePool(deps.db);
  // Prometheus text for operators: not part of the published API (not in /openapi.json), never limited.
  router.get('/metrics', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metricsRegistry.contentType;
    ctx.body = await scrapeMetrics(deps.sdkMetricsUrl);
  });
  for (const route of [...descriptorRoutes(deps, () => routes), ...routes]) mountRoute(router, route, resolveCaller);
  mountMcp(router, { handlers, resolveCaller, logger: deps.logger });
  mountWeb(router, { deps, handlers, cache });

  const https = deps.config.publicBaseUrl.startsWith('https://');
  const accessLogged = deps.logger.isLevelEnabled('debug');
  // A repeated open read is answered before the app, with what its layers would add (the request's span and
  // its access-log line apart: where an operator asks for those, every read goes the whole way).
  if (!deps.config.tracing && !accessLogged) answerFirst(app, cachedRead(cache, { https }));
  app.use(requestMetrics());
  app.use(requestId());
  if (deps.config.tracing) app.use(requestTracing());
  app.use(securityHeaders({ https }));
  app.use(errorHandler(deps.logger, htmlErrorPage));
  // A line per request only at debug: below that the layer would cost every read for nothing.
  if (accessLogged) app.use(accessLog(deps.logger));
  // ETags on GET responses and 304 for a matching If-None-Match.
  app.use(conditionalGet());
  app.use(serveCached(cache));
  // ETags for what a client may revalidate (GET, HEAD): a metered POST's answer is never asked for again
  // by If-None-Match, and hashing it cost a second serialisation of every such body.
  const etags = etag();
  app.use((ctx, next) => (ctx.method === 'GET' || ctx.method === 'HEAD' ? etags(ctx, next) : next()));
  app.use(router.routes());
  app.use(methodNotAllowed(router));
  // Koa would log every thrown error to stderr; ours are handled (and logged) by errorHandler.
  app.silent = true;
  return app;
}

/**
 * 405 with `Allow` for a known path and any other method, TRACE and friends included (the router alone
 * answers 501 to methods it does not implement, which says the server is lacking, not the request).
 */
function methodNotAllowed(router: Router): Koa.Middleware {
  const allowed = router.allowedMethods();
  return async (ctx, next) => {
    await allowed(ctx as Parameters<typeof allowed>[0], next);
    if (ctx.status === 501) ctx.status = 405;
  };
}
