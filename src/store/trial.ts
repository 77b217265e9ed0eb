import type { Db } from './db';

export interface TrialAdmission {
  admitted: boolean;
  remaining: number;
  /** Seconds until the oldest call in the window leaves it (a slot frees). */
  resetSeconds: number;
  /** The admitted call's timestamp, to refund it if the call fails. */
  hitAt?: string;
}

/**
 * Admits one anonymous metered call if the client has made fewer than `quota` in the rolling window.
 * The bucket row is locked for the decision, so concurrent calls from one client, through any number of
 * API processes, are admitted exactly `quota` times.
 */
export async function admitTrialCall(db: Db, clientKey: string, now: Date, quota: number, windowMs: number): Promise<TrialAdmission> {
  return db.transaction(async (trx) => {
    await trx('trial_buckets').insert({ client_key: clientKey }).onConflict('client_key').ignore();
    const row = await trx('trial_buckets').select('hits').where({ client_key: clientKey }).forUpdate().first();
    const stored = (row.hits as Date[]).map((d) => new Date(d)).sort((a, b) => a.getTime() - b.getTime());
    // A call that waited for the lock behind calls stamped later than its own clock reading is judged at
    // the newest of them: hits stay in order, and the time to a free slot never exceeds the window.
    const at = new Date(Math.max(now.getTime(), stored.at(-1)?.getTime() ?? 0));
    const hits = stored.filter((d) => d.getTime() > at.getTime() - windowMs);
    const admitted = hits.length < quota;
    if (admitted) hits.push(at);
    await trx('trial_buckets').where({ client_key: clientKey }).update({ hits, updated_at: at });
    const resetSeconds = Math.max(1, Math.ceil(((hits[0] ?? at).getTime() + windowMs - at.getTime()) / 1000));
    return { admitted, remaining: Math.max(0, quota - hits.length), resetSeconds, hitAt: admitted ? at.toISOString() : undefined };
  });
}

/** Gives back an admitted call that did not succeed (a failure is never charged, not even to the trial). */
export async function refundTrialCall(db: Db, clientKey: string, hitAt: string): Promise<void> {
  await db('trial_buckets')
    .where({ client_key: clientKey })
    .update({ hits: db.raw('array_remove(hits, ?::timestamptz)', [hitAt]) });
}
