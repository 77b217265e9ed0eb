import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { LRUCache } from 'lru-cache';
import { registryVersion } from '../store/registry-version';

interface Entry {
  /** Encoded once: a hit writes the bytes as they are. */
  body: Buffer;
  etag: string;
  version: number;
}

/**
 * Serialised JSON bodies of open registry reads, with their ETags, held for a few seconds. Hits skip
 * Postgres, JSON.stringify and hashing; concurrent misses for one key share one query. Our own
 * Cache-Control already lets clients keep these responses for a minute, so a few seconds here promise
 * nothing new; a registry write in this process invalidates at once (see registry-version).
 */
export class ResponseCache {
  private readonly lru: LRUCache<string, Entry, () => Promise<unknown>>;

  constructor(ttlMs = 2_000, max = 5_000) {
    this.lru = new LRUCache<string, Entry, () => Promise<unknown>>({
      max,
      ttl: ttlMs,
      fetchMethod: async (_key, _stale, { context }) => {
        const version = registryVersion();
        const body = Buffer.from(JSON.stringify(await context()));
        return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, version };
      },
    });
  }

  async sendJson(ctx: Context, key: string, compute: () => Promise<unknown>): Promise<void> {
    let entry = this.lru.get(key);
    if (!entry || entry.version !== registryVersion()) {
      if (entry) this.lru.delete(key);
      entry = await this.lru.fetch(key, { context: compute });
    }
    ctx.type = 'application/json; charset=utf-8';
    ctx.set('ETag', entry!.etag);
    ctx.body = entry!.body;
  }
}
