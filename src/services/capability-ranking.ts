import { LRUCache } from 'lru-cache';
import { type CapabilityHit, productsByCapabilities } from '../store/capabilities';
import type { Db } from '../store/db';
import type { Requirement } from '../store/products';
import { registryVersion } from '../store/registry-version';

// Many tasks read as the same few capabilities ("send email", "email my users" and "transactional email
// from Node" are all email.send), so the ranking for a set of capabilities and requirements is kept, as
// search keeps its word facts: a registry write in this process (audits run in the worker that reads
// this) invalidates it at once, another process's write within a minute.
const rankings = new LRUCache<string, { version: number; hits: Promise<CapabilityHit[]> }>({ max: 5_000, ttl: 60_000 });

/**
 * The products covering the most of `capabilities`, then by readiness (productsByCapabilities), from the
 * cache when the registry has not changed since. Concurrent misses for one key share one query; a failed
 * query is not kept. Callers must not change the rows they get.
 */
export function rankedByCapabilities(db: Db, capabilities: string[], requirements: Requirement[], limit: number): Promise<CapabilityHit[]> {
  const key = `${[...capabilities].sort().join(',')}|${[...requirements].sort().join(',')}|${limit}`;
  const version = registryVersion();
  const cached = rankings.get(key);
  if (cached && cached.version === version) return cached.hits;
  const hits = productsByCapabilities(db, capabilities, requirements, limit);
  rankings.set(key, { version, hits });
  hits.catch(() => {
    if (rankings.get(key)?.hits === hits) rankings.delete(key);
  });
  return hits;
}
