import { load } from 'cheerio';

/** Visible text of an HTML page (code blocks included, scripts and styles not); plain text passes through. */
export function pageText(body: string, contentType: string): string {
  if (!/html/i.test(contentType) && !/^\s*</.test(body)) return body;
  const $ = load(body);
  $('script, style, noscript, template').remove();
  return $('body').text().replace(/[ \t]+/g, ' ').replace(/\n\s*\n+/g, '\n');
}

/** Count of <loc> entries in a sitemap (or sitemap index). */
export function sitemapUrlCount(xml: string): number {
  return (xml.match(/<loc>/gi) ?? []).length;
}
