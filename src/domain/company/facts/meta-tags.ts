/** The homepage's meta and OpenGraph tags: the second source, after JSON-LD. */
import type { CheerioAPI } from 'cheerio';
import { openGraphTags } from '../../audit/parse/homepage';

export function metaFacts($: CheerioAPI): { description?: string; siteName?: string; ogTitle?: string } {
  const og = openGraphTags($);
  const meta = (name: string) => $(`meta[name="${name}"]`).attr('content')?.trim() || undefined;
  return {
    description: meta('description') ?? (og['og:description'] || undefined),
    siteName: og['og:site_name'] || meta('application-name'),
    ogTitle: og['og:title'] || undefined,
  };
}
