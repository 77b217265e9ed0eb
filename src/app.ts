import Router from '@koa/router';
import Koa from 'koa';
import etag from '@koa/etag';
import type { Config } from './config';
import { accessLog } from './http/access-log';
import { keyAuthenticator } from './http/auth';
import { ResponseCache, serveCached } from './http/response-cache';
import { conditionalGet } from './http/conditional-get';
import { errorHandler } from './http/error-handler';
import { requestId } from './http/request-id';
import { mountRoute, type RouteDef } from './http/route';
import type { Logger } from './logger';
import type { Outbound } from './net';
import { accountRoutes } from './routes/account';
import { descriptorRoutes } from './routes/descriptors';
import { primitiveRoutes } from './routes/primitives';
import { registryRoutes } from './routes/registry';
import type { Db } from './store/db';
import type { TemporalClientHandle } from './temporal/connection';

declare module 'koa' {
  interface Request {
    body?: unknown;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  temporal: TemporalClientHandle;
  logger: Logger;
  /** Validates audit targets before any work starts (the same guard the crawler uses). */
  outbound: Outbound;
}

/** Every route except the descriptors, which describe these. */
export function apiRoutes(deps: AppDeps, cache = new ResponseCache()): RouteDef[] {
  return [...registryRoutes(deps, cache), ...primitiveRoutes(deps), ...accountRoutes(deps)];
}

/** Builds the Koa app from its parts; starting and stopping servers is the caller's business. */
export function createApp(deps: AppDeps): Koa {
  const app = new Koa({ proxy: deps.config.trustProxy });
  const router = new Router();
  const cache = new ResponseCache();
  const routes = apiRoutes(deps, cache);
  const authenticate = keyAuthenticator(deps.db);
  for (const route of [...descriptorRoutes(deps, () => routes), ...routes]) mountRoute(router, route, authenticate);

  app.use(requestId());
  app.use(errorHandler(deps.logger));
  app.use(accessLog(deps.logger));
  app.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    await next();
  });
  // ETags on GET responses and 304 for a matching If-None-Match.
  app.use(conditionalGet());
  app.use(serveCached(cache));
  app.use(etag());
  app.use(router.routes());
  app.use(router.allowedMethods());
  // Koa would log every thrown error to stderr; ours are handled (and logged) by errorHandler.
  app.silent = true;
  return app;
}
