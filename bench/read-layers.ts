import { randomUUID } from 'node:crypto';
import Koa from 'koa';
import { answerFirst, cachedRead } from '../src/http/cached-read';
import { conditionalGet } from '../src/http/conditional-get';
import { errorHandler } from '../src/http/error-handler';
import { requestId } from '../src/http/request-id';
import { ResponseCache, serveCached } from '../src/http/response-cache';
import { createLogger } from '../src/logger';
import { freePort } from '../src/runtime/free-port';
import { listen } from '../src/runtime/http-server';
import { htmlErrorPage } from '../src/web/error-page';
import { securityHeaders } from '../src/web/security-headers';

export interface Layer {
  name: string;
  port: number;
}

/**
 * Where an open read's time goes (issue 23): Koa apps that serve one registry answer's exact bytes, each
 * adding the next of the app's middleware in the app's order, the last serving it from the response
 * cache as a hit does. Driven beside the bare route and the real app, the steps between them are the
 * cost of each layer; the first against the bare route is the cost of the bytes themselves. The last row
 * is what the app does instead for a read in the cache (src/http/cached-read.ts).
 */
export async function startReadLayers(body: Buffer): Promise<Layer[]> {
  const logger = createLogger('silent');
  const cache = new ResponseCache();
  const answer: Koa.Middleware = (ctx) => {
    ctx.type = 'application/json; charset=utf-8';
    ctx.set('ETag', '"bench"');
    ctx.body = body;
  };
  const steps: Array<[string, Koa.Middleware]> = [
    ['+ request id', requestId()],
    ['+ security headers', securityHeaders({ https: false })],
    ['+ error handler', errorHandler(logger, htmlErrorPage)],
    ['+ conditional GET', conditionalGet()],
  ];
  const layers: Layer[] = [];
  // The floor of a read that keeps the contract: the same bytes with every header an open read must carry
  // (request id, nosniff, its CSP, ETag, Cache-Control), set in one handler with no middleware at all.
  const withHeaders = new Koa();
  withHeaders.use((ctx) => {
    ctx.set('x-request-id', randomUUID());
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.set('ETag', '"f5AAJXpJGNcHJlXqRoVAzcvULgw"');
    ctx.set('Content-Type', 'application/json; charset=utf-8');
    ctx.body = body;
  });
  const headersPort = await freePort();
  await listen(withHeaders, '127.0.0.1', headersPort);
  for (let n = 0; n <= steps.length + 1; n++) {
    const app = new Koa();
    for (const [, mw] of steps.slice(0, Math.min(n, steps.length))) app.use(mw);
    if (n === steps.length + 1) {
      app.use(serveCached(cache));
      app.use((ctx) => cache.send(ctx, ResponseCache.keyOf(ctx), 'application/json; charset=utf-8', async () => body.toString()));
    } else app.use(answer);
    const port = await freePort();
    await listen(app, '127.0.0.1', port);
    const name =
      n === 0 ? 'the answer’s bytes, no middleware' : n <= steps.length ? steps[n - 1][0] : '+ response cache hit (the whole stack of a cached read)';
    layers.push({ name, port });
    if (n === 0) layers.push({ name: 'the bytes and every header a read must carry, no middleware', port: headersPort });
  }
  // How the app answers a repeated read: the cached-read path first, writing the entry before the layers.
  const fast = new Koa();
  answerFirst(fast, cachedRead(cache, { https: false }));
  fast.use((ctx) => cache.send(ctx, ResponseCache.keyOf(ctx), 'application/json; charset=utf-8', async () => body.toString()));
  const fastPort = await freePort();
  await listen(fast, '127.0.0.1', fastPort);
  layers.push({ name: 'the cached-read path instead (as the app answers a repeated read: the entry written before Koa)', port: fastPort });
  return layers;
}
