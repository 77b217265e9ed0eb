import type { Db } from '../../src/store/db';

/**
 * Lets `ms` pass for one workspace's call gate without waiting: the token bucket and the in-flight slots run on
 * Postgres' clock (one clock for every API process, so a test cannot move it), so the gate's stored times move
 * back instead, exactly as that much time passing would leave them.
 */
export async function passTimeInGate(db: Db, workspaceId: string, ms: number): Promise<void> {
  await db('workspace_call_gates')
    .where({ workspace_id: workspaceId })
    .update({
      tat_ms: db.raw('tat_ms - ?', [ms]),
      slots: db.raw('ARRAY(SELECT s - ?::bigint FROM unnest(slots) s ORDER BY s)', [Math.round(ms)]),
    });
}
