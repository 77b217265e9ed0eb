import type { CompanyPage, PageKind } from '../domain/company/types';
import type { Db } from './db';

export interface CrawlRow {
  id: string;
  domain: string;
  finished_at: Date;
  reachable: boolean;
  error: string | null;
  skipped: Array<{ url: string; reason: string }>;
}

export async function startCrawl(db: Db, domain: string): Promise<string> {
  const [row] = await db('company_crawls').insert({ domain }).returning('id');
  return row.id;
}

export async function finishCrawl(
  db: Db,
  id: string,
  o: { reachable: boolean; error?: string; skipped: Array<{ url: string; reason: string }> },
): Promise<void> {
  await db('company_crawls')
    .where({ id })
    .update({ finished_at: db.fn.now(), reachable: o.reachable, error: o.error ?? null, skipped: JSON.stringify(o.skipped) });
}

/** The newest finished crawl of a domain younger than `maxAgeSeconds`, if any. */
export async function findFreshCrawl(db: Db, domain: string, maxAgeSeconds: number, now: Date): Promise<CrawlRow | undefined> {
  return db('company_crawls')
    .where({ domain })
    .whereNotNull('finished_at')
    .andWhere('finished_at', '>', new Date(now.getTime() - maxAgeSeconds * 1000))
    .orderBy('finished_at', 'desc')
    .first();
}

export async function findCrawl(db: Db, id: string): Promise<CrawlRow | undefined> {
  return db('company_crawls').where({ id }).first();
}

/** What a re-fetch of a URL may send to learn whether its page changed (If-None-Match). */
export async function latestPageVersion(db: Db, url: string): Promise<{ id: string; etag: string | null; content_hash: string } | undefined> {
  return db('company_pages').select('id', 'etag', 'content_hash').where({ url }).orderBy('fetched_at', 'desc').first();
}

export interface NewPage extends Omit<CompanyPage, 'fetchedAt'> {
  domain: string;
  contentHash: string;
  etag?: string;
}

/**
 * Records a fetched page for a crawl: a content already stored for this URL (same hash) is moved to this
 * crawl with a new fetchedAt instead of being stored twice; new content is a new row.
 */
export async function savePage(db: Db, crawlId: string, p: NewPage): Promise<string> {
  const [row] = await db('company_pages')
    .insert({
      domain: p.domain,
      url: p.url,
      final_url: p.finalUrl,
      kind: p.kind,
      title: p.title,
      text: p.text,
      html: p.html,
      content_type: p.contentType,
      content_hash: p.contentHash,
      etag: p.etag ?? null,
      fetched_at: db.fn.now(),
      crawl_id: crawlId,
    })
    .onConflict(['url', 'content_hash'])
    .merge({ crawl_id: crawlId, fetched_at: db.fn.now(), kind: p.kind, final_url: p.finalUrl, etag: p.etag ?? null })
    .returning('id');
  return row.id;
}

/** A page the server said is unchanged (304): the stored version joins this crawl, fetched now. */
export async function confirmPage(db: Db, crawlId: string, pageId: string, kind: PageKind): Promise<void> {
  await db('company_pages').where({ id: pageId }).update({ crawl_id: crawlId, fetched_at: db.fn.now(), kind });
}

/** The pages a crawl read (fetched or confirmed unchanged), as every answer built from it sees them. */
export async function crawlPages(db: Db, crawlId: string): Promise<CompanyPage[]> {
  const rows = await db('company_pages')
    .select('url', 'final_url', 'kind', 'title', 'text', 'html', 'content_type', 'fetched_at')
    .where({ crawl_id: crawlId })
    .orderBy('url');
  return rows.map((r) => ({
    url: r.url,
    finalUrl: r.final_url,
    kind: r.kind,
    title: r.title,
    text: r.text,
    html: r.html,
    contentType: r.content_type,
    fetchedAt: new Date(r.fetched_at).toISOString(),
  }));
}

/** Crawls older than the retention that are no longer their domain's newest (their unchanged pages moved on). */
export async function purgeOldCrawls(db: Db, before: Date): Promise<number> {
  return db('company_crawls as c')
    .where('c.started_at', '<', before)
    .whereExists(function newer() {
      this.select(db.raw('1')).from('company_crawls as n').whereRaw('n.domain = c.domain').andWhereRaw('n.started_at > c.started_at');
    })
    .del();
}
