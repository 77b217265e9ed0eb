import { load } from 'cheerio';

/** Visible text of an HTML page (code blocks included, scripts and styles not); plain text passes through. */
export function pageText(body: string, contentType: string): string {
  if (!/html/i.test(contentType) && !/^\s*</.test(body)) return body;
  const $ = load(body);
  $('script, style, noscript, template').remove();
  // Block elements end lines: without it "API reference" and "npm install" run together as one word.
  $('p, pre, code, div, li, td, th, h1, h2, h3, h4, h5, h6, br, section, article, header, footer, a').after('\n');
  return $('body').text().replace(/[ \t]+/g, ' ').replace(/\n\s*\n+/g, '\n');
}

/** Count of <loc> entries in a sitemap (or sitemap index). */
export function sitemapUrlCount(xml: string): number {
  return (xml.match(/<loc>/gi) ?? []).length;
}
