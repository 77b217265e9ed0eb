import { load } from 'cheerio';

/** Visible text of an HTML page (code blocks included, scripts and styles not); plain text passes through. */
export function pageText(body: string, contentType: string): string {
  if (!/html/i.test(contentType) && !/^\s*</.test(body)) return body;
  const $ = load(body);
  $('script, style, noscript, template').remove();
  // Block elements end lines: without it "API reference" and "npm install" run together as one word.
  $('p, pre, code, div, li, td, th, h1, h2, h3, h4, h5, h6, br, section, article, header, footer, a').after('\n');
  return $('body')
    .text()
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n');
}

/** Count of <loc> entries in a sitemap (or sitemap index). */
export function sitemapUrlCount(xml: string): number {
  return (xml.match(/<loc>/gi) ?? []).length;
}

/** The links of an HTML page, absolute, with their text (a link without text gets its title or aria-label). */
export function pageLinks(html: string, baseUrl: string): Array<{ url: string; title: string }> {
  const $ = load(html);
  const out: Array<{ url: string; title: string }> = [];
  $('a[href]').each((_, el) => {
    const href = $(el).attr('href')!;
    let url: string;
    try {
      const u = new URL(href, baseUrl);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') return;
      u.hash = '';
      url = u.toString();
    } catch {
      return;
    }
    const title = ($(el).text() || $(el).attr('title') || $(el).attr('aria-label') || '').replace(/\s+/g, ' ').trim();
    out.push({ url, title });
  });
  return out;
}
