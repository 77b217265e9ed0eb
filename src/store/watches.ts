import type { Knex } from 'knex';
import type { Db } from './db';

export interface WatchRow {
  id: string;
  product_id: string;
  slug: string;
  domain: string;
  name: string;
  events: string[] | null;
  threshold: number;
  created_at: Date;
}

const WATCH_COLUMNS = ['w.id', 'w.product_id', 'p.slug', 'p.domain', 'p.name', 'w.events', 'w.threshold', 'w.created_at'];

export type WatchInsert = { product_id: string; events: string[] | null; threshold: number };

/**
 * Watches a product, or updates the workspace's watch of it (its events and threshold). Counting and
 * inserting hold the workspace's lock, so two concurrent calls cannot pass the limit together.
 * `limit-reached` when a new watch would exceed `limit`.
 */
export async function upsertWatch(db: Db, workspaceId: string, w: WatchInsert, limit: number): Promise<WatchRow | 'limit-reached'> {
  return db.transaction(async (trx) => {
    await lockWorkspace(trx, workspaceId, 'watches');
    const existing = await trx('watches').select('id').where({ workspace_id: workspaceId, product_id: w.product_id }).first();
    if (existing) {
      await trx('watches').where({ id: existing.id }).update({ events: w.events, threshold: w.threshold });
    } else {
      const { n } = (await trx('watches').where({ workspace_id: workspaceId }).count('* as n').first()) as { n: string };
      if (Number(n) >= limit) return 'limit-reached';
      await trx('watches').insert({ workspace_id: workspaceId, ...w });
    }
    const row = await watchesOf(trx, workspaceId).where('w.product_id', w.product_id).first();
    return row as WatchRow;
  });
}

export function watchesOf(db: Db | Knex.Transaction, workspaceId: string) {
  return db('watches as w').join('products as p', 'p.id', 'w.product_id').select(WATCH_COLUMNS).where('w.workspace_id', workspaceId);
}

export async function listWatches(db: Db, workspaceId: string): Promise<WatchRow[]> {
  return watchesOf(db, workspaceId).orderBy('w.created_at', 'desc');
}

export async function deleteWatch(db: Db, workspaceId: string, id: string): Promise<boolean> {
  return (await db('watches').where({ id, workspace_id: workspaceId }).delete()) > 0;
}

/** Serialises one workspace's counted inserts of one kind (watches, endpoints) for the transaction. */
export async function lockWorkspace(trx: Knex.Transaction, workspaceId: string, kind: string): Promise<void> {
  await trx.raw("SELECT pg_advisory_xact_lock(hashtextextended(? || ':' || ?, 0))", [kind, workspaceId]);
}

/**
 * Domains of watched products not audited for `olderThan`, least recently audited first: the sweep's
 * first call on its budget, so a watched product is re-audited at least that often.
 */
export async function listStaleWatchedDomains(db: Db, olderThan: Date, limit: number): Promise<string[]> {
  const rows = await db('products as p')
    .select('p.domain')
    .whereExists(db('watches as w').select(db.raw('1')).whereRaw('w.product_id = p.id'))
    .andWhere((w) => w.whereNull('p.audited_at').orWhere('p.audited_at', '<', olderThan))
    .orderByRaw('p.audited_at asc nulls first, p.slug')
    .limit(limit);
  return rows.map((r) => r.domain);
}

export interface ProductRef {
  id: string;
  slug: string;
  domain: string;
}

export async function findProductRef(db: Db, by: { slug: string } | { domain: string }): Promise<ProductRef | undefined> {
  return db('products').select('id', 'slug', 'domain').where(by).first();
}
