import type { Db } from './db';

/** A cached answer (company, pricing, research, how-to) still within its time to live, else undefined. */
export async function readCached(db: Db, kind: string, key: string, now: Date): Promise<unknown | undefined> {
  const row = await db('research_cache')
    .select('payload')
    .where({ kind, cache_key: key })
    .andWhereRaw("fetched_at + ttl_seconds * interval '1 second' > ?", [now])
    .first();
  return row?.payload;
}

export async function writeCached(db: Db, e: { kind: string; key: string; payload: unknown; sources: string[]; ttlSeconds: number }): Promise<void> {
  await db('research_cache')
    .insert({ kind: e.kind, cache_key: e.key, payload: JSON.stringify(e.payload), sources: e.sources, ttl_seconds: e.ttlSeconds, fetched_at: db.fn.now() })
    .onConflict(['kind', 'cache_key'])
    .merge();
}

/** A cached entry with when it was written and its time to live, for answers that report their freshness. */
export async function readCachedEntry(
  db: Db,
  kind: string,
  key: string,
  now: Date,
): Promise<{ payload: unknown; fetchedAt: Date; ttlSeconds: number } | undefined> {
  const row = await db('research_cache')
    .select('payload', 'fetched_at', 'ttl_seconds')
    .where({ kind, cache_key: key })
    .andWhereRaw("fetched_at + ttl_seconds * interval '1 second' > ?", [now])
    .first();
  return row ? { payload: row.payload, fetchedAt: new Date(row.fetched_at), ttlSeconds: row.ttl_seconds } : undefined;
}
