import type { Db } from './db';

export type IdempotencyClaim =
  | { state: 'claimed' }
  | { state: 'mismatch' }
  | { state: 'running'; workflowId: string }
  | { state: 'completed'; status: number; body: string; workflowId: string };

/**
 * Claims an Idempotency-Key for one request. The first caller owns it (and runs the call); later callers
 * with the same request learn whether it is still running or completed; a different request under the
 * same key is a mismatch. Expired records (past their 24 h) are treated as absent.
 */
export async function claimIdempotencyKey(
  db: Db,
  c: { scope: string; key: string; requestHash: string; workflowId: string; expiresAt: Date; now: Date },
): Promise<IdempotencyClaim> {
  await db('idempotency_records').where({ scope: c.scope, idempotency_key: c.key }).andWhere('expires_at', '<=', c.now).del();
  const inserted = await db('idempotency_records')
    .insert({ scope: c.scope, idempotency_key: c.key, request_hash: c.requestHash, workflow_id: c.workflowId, expires_at: c.expiresAt })
    .onConflict(['scope', 'idempotency_key'])
    .ignore()
    .returning('workflow_id');
  if (inserted.length) return { state: 'claimed' };
  const row = await findIdempotencyRecord(db, c.scope, c.key);
  if (!row) return claimIdempotencyKey(db, c); // released between our insert and read: try again
  if (row.request_hash !== c.requestHash) return { state: 'mismatch' };
  if (row.status === 'completed') return { state: 'completed', status: row.response_status, body: row.response_body, workflowId: row.workflow_id };
  return { state: 'running', workflowId: row.workflow_id };
}

export async function findIdempotencyRecord(db: Db, scope: string, key: string) {
  return db('idempotency_records').where({ scope, idempotency_key: key }).first();
}

/**
 * Stores the response exactly as serialised, so a replay returns the same bytes. The first answer stored
 * wins: a retry that stored it for a request whose API process died is never overwritten by another.
 */
export async function completeIdempotencyKey(db: Db, scope: string, key: string, status: number, body: string): Promise<void> {
  await db('idempotency_records')
    .where({ scope, idempotency_key: key, status: 'running' })
    .update({ status: 'completed', response_status: status, response_body: body });
}

/** Forget a claim whose request did not succeed (refused or failed), so a retry runs afresh. */
export async function releaseIdempotencyKey(db: Db, scope: string, key: string): Promise<void> {
  await db('idempotency_records').where({ scope, idempotency_key: key, status: 'running' }).del();
}
