import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { AuditSnapshot, DetectedChange } from '../domain/watch/changes';
import type { WebhookEventType } from '../domain/watch/event-types';
import type { Db } from './db';

/** An event's public id: `evt_` and 24 hex characters (also each delivery's `webhook-id`). */
export function newEventId(): string {
  return `evt_${randomBytes(12).toString('hex')}`;
}

export interface ProductEventRow {
  id: string;
  seq: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
  occurred_at: Date;
  product_id: string | null;
  slug: string | null;
  domain: string | null;
  name: string | null;
}

const EVENT_COLUMNS = ['e.id', 'e.seq', 'e.type', 'e.data', 'e.occurred_at', 'e.product_id', 'p.slug', 'p.domain', 'p.name'];

/**
 * The product's latest audit (any outcome), as change detection reads it, under the caller's transaction.
 * Undefined for a product never audited (a seed): its first audit has nothing to differ from.
 */
export async function latestAuditSnapshot(trx: Knex.Transaction, productId: string): Promise<AuditSnapshot | undefined> {
  const row = await trx('audits')
    .select('status', 'readiness', 'discovery', 'understanding', 'adoption', 'operability', 'findings', trx.raw("mcp->'security' as security"))
    .where({ product_id: productId })
    .orderBy('started_at', 'desc')
    .first();
  if (!row) return undefined;
  if (row.status !== 'completed') return { reachable: false };
  return {
    reachable: true,
    scores: { readiness: row.readiness, discovery: row.discovery, understanding: row.understanding, adoption: row.adoption, operability: row.operability },
    checks: Array.isArray(row.findings) ? row.findings.filter((c: { id?: unknown }) => typeof c?.id === 'string') : [],
    security: Array.isArray(row.security) ? row.security : [],
  };
}

/** Writes an audit's detected changes to the outbox, once per audit and type; returns the ids written. */
export async function insertAuditEvents(trx: Knex.Transaction, productId: string, auditId: string, changes: DetectedChange[]): Promise<string[]> {
  if (!changes.length) return [];
  const rows = changes.map((c) => ({ id: newEventId(), product_id: productId, audit_id: auditId, type: c.type, data: JSON.stringify(c.data) }));
  const written = await trx('product_events').insert(rows).onConflict(['audit_id', 'type']).ignore().returning('id');
  return written.map((r: { id: string }) => r.id);
}

/** A `webhook.test` event of one workspace, for one endpoint's test delivery. */
export async function insertTestEvent(db: Db, workspaceId: string, data: Record<string, unknown>): Promise<string> {
  const id = newEventId();
  await db('product_events').insert({ id, workspace_id: workspaceId, type: 'webhook.test', data: JSON.stringify(data), dispatched_at: db.fn.now() });
  return id;
}

export async function findEvent(db: Db, id: string): Promise<ProductEventRow | undefined> {
  return db('product_events as e').leftJoin('products as p', 'p.id', 'e.product_id').select(EVENT_COLUMNS).where('e.id', id).first();
}

export interface EventQuery {
  types?: string[];
  productId?: string;
  /** Events older than this cursor (the `seq` of the last event of the page before). */
  beforeSeq?: string;
  limit: number;
}

/**
 * Events of the products a workspace watches, newest first, each limited to the types its watch asks for.
 * Readiness moves smaller than the watch's threshold are left out, as they are from its webhooks.
 */
export async function listWatchedEvents(db: Db, workspaceId: string, q: EventQuery): Promise<ProductEventRow[]> {
  const query = db('product_events as e')
    .join('watches as w', (j) => j.on('w.product_id', 'e.product_id').andOn('w.workspace_id', db.raw('?', [workspaceId])))
    .join('products as p', 'p.id', 'e.product_id')
    .select(EVENT_COLUMNS)
    .whereRaw('(w.events IS NULL OR e.type = ANY(w.events))')
    .whereRaw("(e.type NOT LIKE 'readiness.%' OR (e.data->>'delta')::numeric >= w.threshold)")
    .orderBy('e.seq', 'desc')
    .limit(q.limit);
  if (q.types?.length) query.whereIn('e.type', q.types);
  if (q.productId) query.where('e.product_id', q.productId);
  if (q.beforeSeq) query.where('e.seq', '<', q.beforeSeq);
  return query;
}

/** Events whose deliveries were never fanned out (a worker died between the audit and its dispatch). */
export async function listUndispatchedEvents(db: Db, olderThan: Date, limit: number): Promise<string[]> {
  const rows = await db('product_events').select('id').whereNull('dispatched_at').andWhere('occurred_at', '<', olderThan).orderBy('seq').limit(limit);
  return rows.map((r) => r.id);
}

export async function markEventDispatched(db: Db, id: string): Promise<void> {
  await db('product_events').where({ id }).whereNull('dispatched_at').update({ dispatched_at: db.fn.now() });
}

/** Keeps an OpenAPI description once per content hash (a second audit of the same text writes nothing). */
export async function storeOpenApiDocument(db: Db, hash: string, document: unknown, bytes: number): Promise<void> {
  await db('openapi_documents')
    .insert({ hash, document: JSON.stringify(document), bytes })
    .onConflict('hash')
    .ignore();
}

export async function loadOpenApiDocument(db: Db, hash: string): Promise<unknown | undefined> {
  const row = await db('openapi_documents').select('document').where({ hash }).first();
  return row?.document;
}

/**
 * The OpenAPI hash a new audit of this domain is compared with: its product's latest completed audit's
 * (an outage in between does not hide a change made during it). Undefined when that audit kept none.
 */
export async function previousOpenApiHash(db: Db | Knex.Transaction, domain: string): Promise<string | undefined> {
  const row = await db('audits as a')
    .join('products as p', 'p.id', 'a.product_id')
    .select(db.raw("a.artifacts->'openapi'->'value'->>'hash' as hash"))
    .where('p.domain', domain)
    .andWhere('a.status', 'completed')
    .orderBy('a.started_at', 'desc')
    .first();
  return row?.hash ?? undefined;
}
