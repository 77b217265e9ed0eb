import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { LRUCache } from 'lru-cache';
import { countCacheHit, responseCache } from '../observability/metrics';
import { registryVersion } from '../store/registry-version';

interface Entry {
  /** Encoded once: a hit writes the bytes as they are. */
  body: Buffer;
  /** The route template that computed it, for the request metrics of a hit answered before routing. */
  route?: string;
  type: string;
  etag: string;
  cacheControl?: string;
  version: number;
}

/**
 * Serialised JSON bodies of open registry reads, with their ETags, held for a few seconds. Hits skip
 * Postgres, JSON.stringify and hashing; concurrent misses for one key share one query. Our own
 * Cache-Control already lets clients keep these responses for a minute, so a few seconds here promise
 * nothing new; a registry write in this process invalidates at once (see registry-version).
 */
export class ResponseCache {
  private readonly lru: LRUCache<string, Entry, { compute: () => Promise<string>; type: string; cacheControl?: string; route?: string }>;

  /**
   * `maxBytes` bounds the bodies and keys held (a GET's key is its whole URL): the API runs with a capped
   * heap (start:api), and expired entries stay until evicted, so a count alone would not bound memory.
   */
  constructor(ttlMs = 2_000, max = 5_000, maxBytes = 32 * 2 ** 20) {
    this.lru = new LRUCache({
      max,
      maxSize: maxBytes,
      sizeCalculation: (entry, key) => entry.body.length + entry.etag.length + key.length * 2,
      ttl: ttlMs,
      fetchMethod: async (_key, _stale, { context }) => {
        const version = registryVersion();
        responseCache.inc({ result: 'miss' });
        const body = Buffer.from(await context.compute());
        const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
        return { body, type: context.type, etag, cacheControl: context.cacheControl, route: context.route, version };
      },
    });
  }

  /** GET responses are keyed by their URL, so `serveCached` can answer them before routing. */
  static keyOf(ctx: Context): string {
    return ResponseCache.keyFor(ctx.method, ctx.url);
  }

  /** The key of a request by its method and URL (HEAD is answered from GET's entry). */
  static keyFor(method: string | undefined, url: string | undefined): string {
    return `${method === 'HEAD' ? 'GET' : method} ${url}`;
  }

  peek(key: string): Entry | undefined {
    const entry = this.lru.get(key);
    return entry && entry.version === registryVersion() ? entry : undefined;
  }

  sendJson(ctx: Context, key: string, compute: () => Promise<unknown>): Promise<void> {
    return this.send(ctx, key, JSON_TYPE, async () => JSON.stringify(await compute()));
  }

  /** Any text body (the web pages' HTML and markdown), under a key the caller makes unique per variant. */
  async send(ctx: Context, key: string, type: string, compute: () => Promise<string>): Promise<void> {
    const cached = this.lru.get(key);
    if (cached && cached.version === registryVersion()) {
      countCacheHit();
      return send(ctx, cached);
    }
    // Drop only an entry from an older registry version: deleting a key whose fetch is in flight would
    // abort the fetch other requests are waiting on.
    if (cached) this.lru.delete(key);
    const route = (ctx as { _matchedRoute?: string })._matchedRoute;
    const context = { compute, type, cacheControl: ctx.response.get('cache-control') || undefined, route };
    const entry = (await this.lru.fetch(key, { context })) ?? (await this.lru.fetch(key, { context, forceRefresh: true }));
    send(ctx, entry!);
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

function send(ctx: Context, entry: Entry): void {
  // The stored type is a whole Content-Type already: setting the header skips ctx.type's MIME lookup.
  ctx.set('Content-Type', entry.type);
  ctx.set('ETag', entry.etag);
  if (entry.cacheControl) ctx.set('Cache-Control', entry.cacheControl);
  ctx.body = entry.body;
}

/**
 * Answers a GET already in the cache before routing: only validated, successful open reads are ever
 * cached (under their exact URL), so the router, validation and handler would produce these same bytes.
 */
export function serveCached(cache: ResponseCache): Middleware {
  return async (ctx, next) => {
    if (ctx.method === 'GET' || ctx.method === 'HEAD') {
      const entry = cache.peek(ResponseCache.keyOf(ctx));
      if (entry) {
        countCacheHit();
        ctx.state.route = entry.route;
        return send(ctx, entry);
      }
    }
    return next();
  };
}
