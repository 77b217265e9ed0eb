import type { Db } from './db';
import { purgeOldCrawls } from './company-pages';
import { releaseStaleReservations } from './metering';
import { deleteExpiredAccessTokens } from './oauth-tokens';

export interface PurgeCounts {
  idempotencyRecords: number;
  trialBuckets: number;
  signupAttempts: number;
  jobs: number;
  expiredClaims: number;
  staleReservations: number;
  companyCrawls: number;
  accessTokens: number;
}

const JOB_RETENTION_DAYS = 7;
// Longer than any answer's time to live (research 7 days), so a cached answer's citations stay checkable.
const CRAWL_RETENTION_DAYS = 30;

/** Deletes what has outlived its retention (idempotency keys 24 h, idle trial buckets, old jobs, expired access tokens) and releases orphaned reservations. */
export async function purgeExpired(db: Db, now: Date): Promise<PurgeCounts> {
  const hourAgo = new Date(now.getTime() - 3600_000);
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const jobsBefore = new Date(now.getTime() - JOB_RETENTION_DAYS * 86_400_000);
  const [idempotencyRecords, trialBuckets, signupAttempts, jobs, expiredClaims, accessTokens] = await Promise.all([
    db('idempotency_records').where('expires_at', '<=', now).del(),
    db('trial_buckets').where('updated_at', '<=', hourAgo).del(),
    db('signup_attempts').where('created_at', '<=', dayAgo).del(),
    db('jobs').where('created_at', '<=', jobsBefore).del(),
    db('claims').where({ status: 'pending' }).andWhere('expires_at', '<=', now).update({ status: 'expired' }),
    deleteExpiredAccessTokens(db, now),
  ]);
  // A workflow settles within minutes (its metering retries for hours at most); a day-old reservation is orphaned.
  const staleReservations = await releaseStaleReservations(db, dayAgo);
  const companyCrawls = await purgeOldCrawls(db, new Date(now.getTime() - CRAWL_RETENTION_DAYS * 86_400_000));
  return { idempotencyRecords, trialBuckets, signupAttempts, jobs, expiredClaims, staleReservations, companyCrawls, accessTokens };
}
