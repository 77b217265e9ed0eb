import type Router from '@koa/router';
import type { AppDeps } from '../deps';
import type { ResponseCache } from '../http/response-cache';
import type { Handlers } from '../services/operations';
import { webSessionsService } from '../services/web-sessions';
import { ASSETS } from './assets';
import { mountDashboard } from './dashboard-routes';
import { mountPublicPages } from './public-routes';
import { sessionLookup } from './session';

export { siteFileRoutes } from './site-files';
export { securityHeaders } from './security-headers';

/** Mounts the web pages and their assets on the app's router (server-rendered from the same handlers). */
export function mountWeb(router: Router, o: { deps: AppDeps; handlers: Handlers; cache: ResponseCache }): void {
  const session = sessionLookup(webSessionsService(o.deps.db));
  for (const asset of Object.values(ASSETS)) {
    router.get(asset.path, (ctx) => {
      ctx.type = asset.type;
      // Content-hashed path: the bytes behind it never change.
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      ctx.set('ETag', asset.etag);
      ctx.body = asset.body;
    });
  }
  mountPublicPages(router, { ...o, session });
  mountDashboard(router, { deps: o.deps, handlers: o.handlers, session });
}
