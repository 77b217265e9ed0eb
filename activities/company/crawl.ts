import { createHash } from 'node:crypto';
import { load } from 'cheerio';
import { parseRobots } from '../../src/domain/audit/parse/robots';
import { pageText } from '../../src/domain/audit/parse/text';
import { choosePages } from '../../src/domain/company/page-kinds';
import type { PageKind } from '../../src/domain/company/types';
import { OutboundError, type Outbound, type OutboundResponse } from '../../src/net';
import type { Db } from '../../src/store/db';
import { confirmPage, finishCrawl, latestPageVersion, savePage, startCrawl } from '../../src/store/company-pages';
import { describeFailure, isOk, SiteReader } from '../audit/site-reader';

export interface CrawlOptions {
  requestTimeoutMs: number;
  crawlTimeoutMs: number;
  /** Pages after the homepage. */
  maxPages: number;
  /** Renders a script-only page in the headless browser (its traffic through the same guard). */
  render?: (url: string, timeoutMs: number) => Promise<string>;
}

export interface CrawlResult {
  crawlId: string;
  domain: string;
  reachable: boolean;
  error?: string;
  pages: Array<{ url: string; kind: PageKind; title: string }>;
  skipped: Array<{ url: string; reason: string }>;
}

const HTML = { accept: 'text/html,application/xhtml+xml;q=0.9,application/pdf;q=0.8,*/*;q=0.5' };
/** Kept per page: the readable text is what answers cite; the HTML is what plan cards and JSON-LD are read from. */
const MAX_HTML_CHARS = 1_000_000;
const MIN_TEXT_CHARS = 200;

/**
 * A company crawl: the homepage, then the pages that answer questions about a company (chosen from the
 * homepage's links and the sitemap), through the guarded crawler: robots.txt obeyed, one request at a time
 * per host, byte caps, one deadline. Every page read is stored for citing; an unchanged one (304 to its
 * ETag, or the same content hash) is confirmed rather than stored again.
 */
export async function crawlCompanySite(db: Db, outbound: Outbound, domain: string, o: CrawlOptions): Promise<CrawlResult> {
  const crawlId = await startCrawl(db, domain);
  const site = new SiteReader(outbound, domain, Date.now() + o.crawlTimeoutMs, o.requestTimeoutMs);
  const pages: CrawlResult['pages'] = [];
  const skipped: CrawlResult['skipped'] = [];

  let home: OutboundResponse;
  try {
    home = await site.home({ headers: HTML });
  } catch (err) {
    const error = describeFailure(err);
    await finishCrawl(db, crawlId, { reachable: false, error, skipped });
    return { crawlId, domain, reachable: false, error, pages, skipped };
  }
  const homeHtml = await readable(home, o, site.remainingMs());
  await store({ url: site.url('/'), kind: 'home' }, home, homeHtml);

  const links = anchors(homeHtml, home.url);
  const wanted = choosePages(new URL(home.url).origin, links, await sitemapUrls(site), o.maxPages);
  for (const want of wanted) {
    try {
      const previous = await latestPageVersion(db, want.url);
      const res = await site.get(want.url, { headers: { ...HTML, ...(previous?.etag && { 'if-none-match': previous.etag }) } });
      if (res.status === 304 && previous) {
        await confirmPage(db, crawlId, previous.id, want.kind);
        pages.push({ url: want.url, kind: want.kind, title: '' });
      } else if (isOk(res)) {
        await store(want, res, await readable(res, o, site.remainingMs()));
      } else {
        skipped.push({ url: want.url, reason: `HTTP ${res.status}` });
      }
    } catch (err) {
      skipped.push({ url: want.url, reason: describeFailure(err) });
      if (err instanceof OutboundError && err.code === 'TIMEOUT' && site.remainingMs() <= 0) break;
    }
  }
  await finishCrawl(db, crawlId, { reachable: true, skipped });
  return { crawlId, domain, reachable: true, pages, skipped };

  async function store(want: { url: string; kind: PageKind }, res: OutboundResponse, html: string): Promise<void> {
    const contentType = res.headers['content-type'] ?? '';
    const isHtml = /html/i.test(contentType) || /^\s*</.test(html);
    const text = isHtml ? pageText(html, contentType) : /^text\//i.test(contentType) ? html : '';
    const title = isHtml ? load(html)('title').first().text().trim() : '';
    await savePage(db, crawlId, {
      domain,
      url: want.url,
      finalUrl: res.url,
      kind: want.kind,
      title,
      text,
      html: isHtml ? html.slice(0, MAX_HTML_CHARS) : '',
      contentType,
      contentHash: createHash('sha256').update(res.body).digest('hex'),
      etag: res.headers.etag,
    });
    pages.push({ url: want.url, kind: want.kind, title });
  }
}

/** The page as a reader sees it: a script-only shell is rendered in the browser first, when there is one. */
async function readable(res: OutboundResponse, o: CrawlOptions, remainingMs: number): Promise<string> {
  const contentType = res.headers['content-type'] ?? '';
  if (!/html/i.test(contentType) && !/^text\//i.test(contentType)) return '';
  const body = res.text();
  if (!o.render || !/html/i.test(contentType) || !scriptOnly(body)) return body;
  try {
    return await o.render(res.url, Math.min(o.requestTimeoutMs * 2, remainingMs));
  } catch {
    return body; // the shell is what there is
  }
}

function scriptOnly(html: string): boolean {
  const $ = load(html);
  const scripts = $('script').length;
  $('script, style, noscript, template').remove();
  return scripts > 0 && $('body').text().replace(/\s+/g, ' ').trim().length < MIN_TEXT_CHARS;
}

/** The homepage's links with their text, absolute. */
function anchors(html: string, base: string): Array<{ url: string; text: string }> {
  const $ = load(html);
  const out: Array<{ url: string; text: string }> = [];
  $('a[href]').each((_i, el) => {
    try {
      out.push({ url: new URL($(el).attr('href') ?? '', base).href, text: $(el).text().replace(/\s+/g, ' ').trim() });
    } catch {
      // not a URL
    }
  });
  return out;
}

/** URLs the sitemap lists (the one robots.txt names, else /sitemap.xml); none when there is no sitemap. */
async function sitemapUrls(site: SiteReader): Promise<string[]> {
  try {
    const robots = await site.get('/robots.txt', { robots: false, maxBytes: 512 * 1024 });
    const named = isOk(robots) ? parseRobots(site.base, robots.status, robots.text()).sitemaps[0] : undefined;
    const res = await site.get(named ?? '/sitemap.xml', { headers: { accept: 'application/xml,text/xml' }, maxBytes: 1024 * 1024 });
    if (!isOk(res)) return [];
    return [...res.text().matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/gi)].map((m) => m[1]).slice(0, 500);
  } catch {
    return [];
  }
}
