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
    const since = now.getTime() - windowMs;
    const hits = (row.hits as Date[])
      .map((d) => new Date(d))
      .filter((d) => d.getTime() > since)
      .sort((a, b) => a.getTime() - b.getTime());
    const admitted = hits.length < quota;
    if (admitted) hits.push(now);
    await trx('trial_buckets').where({ client_key: clientKey }).update({ hits, updated_at: now });
    const oldest = hits[0];
    const resetSeconds = oldest ? Math.max(1, Math.ceil((oldest.getTime() + windowMs - now.getTime()) / 1000)) : 0;
    return { admitted, remaining: Math.max(0, quota - hits.length), resetSeconds, hitAt: admitted ? now.toISOString() : undefined };
  });
}

/** Gives back an admitted call that did not succeed (a failure is never charged, not even to the trial). */
export async function refundTrialCall(db: Db, clientKey: string, hitAt: string): Promise<void> {
  await db('trial_buckets')
    .where({ client_key: clientKey })
    .update({ hits: db.raw('array_remove(hits, ?::timestamptz)', [hitAt]) });
}
