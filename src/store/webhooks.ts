import type { Db } from './db';
import { lockWorkspace } from './watches';

export interface EndpointRow {
  id: string;
  workspace_id: string;
  url: string;
  events: string[] | null;
  enabled: boolean;
  disabled_reason: string | null;
  disabled_at: Date | null;
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: Date | null;
  secret_rotated_at: Date | null;
  created_at: Date;
}

export async function insertEndpoint(
  db: Db,
  workspaceId: string,
  e: { url: string; events: string[] | null; secretCiphertext: string },
  limit: number,
): Promise<EndpointRow | 'limit-reached'> {
  return db.transaction(async (trx) => {
    await lockWorkspace(trx, workspaceId, 'webhook-endpoints');
    const { n } = (await trx('webhook_endpoints').where({ workspace_id: workspaceId }).count('* as n').first()) as { n: string };
    if (Number(n) >= limit) return 'limit-reached';
    const [row] = await trx('webhook_endpoints')
      .insert({ workspace_id: workspaceId, url: e.url, events: e.events, secret_ciphertext: e.secretCiphertext })
      .returning('*');
    return row as EndpointRow;
  });
}

export async function listEndpoints(db: Db, workspaceId: string): Promise<EndpointRow[]> {
  return db('webhook_endpoints').where({ workspace_id: workspaceId }).orderBy('created_at', 'desc');
}

export async function findEndpoint(db: Db, workspaceId: string, id: string): Promise<EndpointRow | undefined> {
  return db('webhook_endpoints').where({ id, workspace_id: workspaceId }).first();
}

export async function deleteEndpoint(db: Db, workspaceId: string, id: string): Promise<boolean> {
  return (await db('webhook_endpoints').where({ id, workspace_id: workspaceId }).delete()) > 0;
}

/** A new signing secret; the one it replaces keeps verifying (and signing alongside) until `previousValidUntil`. */
export async function rotateSecret(
  db: Db,
  workspaceId: string,
  id: string,
  secretCiphertext: string,
  previousValidUntil: Date,
): Promise<EndpointRow | undefined> {
  const [row] = await db('webhook_endpoints')
    .where({ id, workspace_id: workspaceId })
    .update({
      previous_secret_ciphertext: db.ref('secret_ciphertext'),
      previous_secret_expires_at: previousValidUntil,
      secret_ciphertext: secretCiphertext,
      secret_rotated_at: db.fn.now(),
    })
    .returning('*');
  return row;
}

/** Enables or disables an endpoint, and sets its event types (null: every type), by the workspace's request. */
export async function updateEndpoint(
  db: Db,
  workspaceId: string,
  id: string,
  patch: { enabled?: boolean; events?: string[] | null },
): Promise<EndpointRow | undefined> {
  const enabled =
    patch.enabled === undefined
      ? {}
      : patch.enabled
        ? { enabled: true, disabled_reason: null, disabled_at: null }
        : { enabled: false, disabled_reason: 'disabled by the workspace', disabled_at: db.fn.now() };
  const [row] = await db('webhook_endpoints')
    .where({ id, workspace_id: workspaceId })
    .update({ ...enabled, ...(patch.events !== undefined ? { events: patch.events } : {}), id })
    .returning('*');
  return row;
}

/** Disables an endpoint for a delivery's reason (410 Gone, a whole retry window failed); the dashboard shows why. */
export async function disableEndpoint(db: Db, id: string, reason: string): Promise<void> {
  await db('webhook_endpoints').where({ id, enabled: true }).update({ enabled: false, disabled_reason: reason, disabled_at: db.fn.now() });
}

export interface Subscriber {
  endpoint_id: string;
  workspace_id: string;
  endpoint_events: string[] | null;
  watch_events: string[] | null;
  threshold: number;
}

/** Enabled endpoints of workspaces that watch this product, with each watch's and endpoint's filters. */
export async function subscribersOf(db: Db, productId: string): Promise<Subscriber[]> {
  return db('watches as w')
    .join('webhook_endpoints as e', 'e.workspace_id', 'w.workspace_id')
    .select('e.id as endpoint_id', 'e.workspace_id', 'e.events as endpoint_events', 'w.events as watch_events', 'w.threshold')
    .where('w.product_id', productId)
    .andWhere('e.enabled', true);
}

/** One delivery per event and endpoint: inserting again finds the first. Returns every delivery of the event. */
export async function ensureDeliveries(
  db: Db,
  eventId: string,
  targets: Array<{ endpoint_id: string; workspace_id: string }>,
): Promise<Array<{ id: string; run: number; status: string }>> {
  if (targets.length) {
    await db('webhook_deliveries')
      .insert(targets.map((t) => ({ event_id: eventId, endpoint_id: t.endpoint_id, workspace_id: t.workspace_id })))
      .onConflict(['event_id', 'endpoint_id'])
      .ignore();
  }
  return db('webhook_deliveries').select('id', 'run', 'status').where({ event_id: eventId });
}

export interface DeliveryForAttempt {
  id: string;
  run: number;
  status: string;
  attempts: number;
  /** This run has the round's attempt recorded already (the round is a retry of one that got that far). */
  attempted: boolean;
  event_id: string;
  endpoint_id: string;
  url: string;
  enabled: boolean;
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: Date | null;
}

/** The deliveries a round makes `attempt` of, with their endpoints. */
export async function findDeliveriesForAttempt(db: Db, deliveryIds: string[], attempt: number): Promise<DeliveryForAttempt[]> {
  if (!deliveryIds.length) return [];
  return db('webhook_deliveries as d')
    .join('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select(
      'd.id',
      'd.run',
      'd.status',
      'd.attempts',
      db.raw('EXISTS (SELECT 1 FROM webhook_attempts a WHERE a.delivery_id = d.id AND a.run = d.run AND a.attempt = ?) AS attempted', [attempt]),
      'd.event_id',
      'd.endpoint_id',
      'e.url',
      'e.enabled',
      'e.secret_ciphertext',
      'e.previous_secret_ciphertext',
      'e.previous_secret_expires_at',
    )
    .whereIn('d.id', deliveryIds);
}

export interface AttemptRecord {
  deliveryId: string;
  run: number;
  attempt: number;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** Where the delivery stands after this attempt. */
  status: 'pending' | 'delivered' | 'failed';
  nextAttemptAt: Date | null;
}

/**
 * Records a round's attempts and each delivery's state after its attempt, in one statement (a round is one
 * event's every endpoint: one round trip, not a transaction per POST). A repeated record of the same attempt
 * changes nothing; a record for an older run (a resend took over) keeps the attempt and leaves the delivery
 * alone. Returns the deliveries that still exist: one deleted meanwhile (its endpoint was) is not recorded;
 * one deleted during the statement fails it, and the round's retry finds it gone.
 */
export async function recordAttempts(db: Db, records: AttemptRecord[]): Promise<Set<string>> {
  if (!records.length) return new Set();
  const values = records.map((a) => ({
    id: a.deliveryId,
    run: a.run,
    attempt: a.attempt,
    status: a.status,
    status_code: a.statusCode,
    latency_ms: a.latencyMs,
    error: a.error,
    next_attempt_at: a.nextAttemptAt,
  }));
  const { rows } = await db.raw(
    `WITH v AS (
       SELECT * FROM jsonb_to_recordset(?::jsonb)
         AS v(id uuid, run int, attempt int, status text, status_code int, latency_ms int, error text, next_attempt_at timestamptz)
     ),
     present AS (SELECT d.id FROM webhook_deliveries d JOIN v ON v.id = d.id),
     inserted AS (
       INSERT INTO webhook_attempts (delivery_id, run, attempt, status_code, latency_ms, error)
       SELECT v.id, v.run, v.attempt, v.status_code, v.latency_ms, v.error FROM v JOIN present p ON p.id = v.id
       ON CONFLICT (delivery_id, run, attempt) DO NOTHING
       RETURNING delivery_id, run
     ),
     -- Runs although nothing reads it (Postgres runs every data-modifying WITH once, to completion).
     updated AS (
       UPDATE webhook_deliveries AS d
          SET attempts = d.attempts + 1, status = v.status, last_status_code = v.status_code, last_error = v.error,
              next_attempt_at = v.next_attempt_at,
              delivered_at = CASE WHEN v.status = 'delivered' THEN now() ELSE d.delivered_at END
         FROM v JOIN inserted i ON i.delivery_id = v.id AND i.run = v.run
        WHERE d.id = v.id AND d.run = v.run
     )
     SELECT id FROM present`,
    [JSON.stringify(values)],
  );
  return new Set(rows.map((r: { id: string }) => r.id));
}

/** Ends a run without an attempt (its endpoint was disabled or deleted meanwhile). */
export async function abandonDelivery(db: Db, deliveryId: string, run: number, reason: string): Promise<void> {
  await db('webhook_deliveries')
    .where({ id: deliveryId, run })
    .whereNot('status', 'delivered')
    .update({ status: 'failed', last_error: reason, next_attempt_at: null });
}

export interface DeliveryRow {
  id: string;
  event_id: string;
  type: string;
  status: string;
  attempts: number;
  run: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
}

function deliveriesOf(db: Db, workspaceId: string, endpointId: string) {
  return db('webhook_deliveries as d')
    .join('product_events as ev', 'ev.id', 'd.event_id')
    .select(
      'd.id',
      'd.event_id',
      'ev.type',
      'd.status',
      'd.attempts',
      'd.run',
      'd.last_status_code',
      'd.last_error',
      'd.next_attempt_at',
      'd.delivered_at',
      'd.created_at',
    )
    .where({ 'd.workspace_id': workspaceId, 'd.endpoint_id': endpointId });
}

export async function listDeliveries(db: Db, workspaceId: string, endpointId: string, limit: number): Promise<DeliveryRow[]> {
  return deliveriesOf(db, workspaceId, endpointId).orderBy('d.created_at', 'desc').limit(limit);
}

export async function findDelivery(db: Db, workspaceId: string, endpointId: string, deliveryId: string): Promise<DeliveryRow | undefined> {
  return deliveriesOf(db, workspaceId, endpointId).andWhere('d.id', deliveryId).first();
}

/** Starts another run of a delivery that is not pending (a resend): pending again, its next run number returned. */
export async function restartDelivery(db: Db, workspaceId: string, endpointId: string, deliveryId: string): Promise<{ id: string; run: number } | undefined> {
  const [row] = await db('webhook_deliveries')
    .where({ id: deliveryId, endpoint_id: endpointId, workspace_id: workspaceId })
    .whereNot('status', 'pending')
    .update({ run: db.raw('run + 1'), status: 'pending', last_error: null, next_attempt_at: db.fn.now() })
    .returning(['id', 'run']);
  return row;
}

export async function insertTestDelivery(db: Db, workspaceId: string, endpointId: string, eventId: string): Promise<{ id: string; run: number }> {
  const [row] = await db('webhook_deliveries').insert({ event_id: eventId, endpoint_id: endpointId, workspace_id: workspaceId }).returning(['id', 'run']);
  return row;
}
