/**
 * How the seed builder (scripts/build-seed.ts) names and describes a product from what the public data sets
 * list for its domain. A domain may carry several listings: a platform's many APIs (Abstract API's holidays,
 * screenshots and email validation), a maker's unrelated ones (starfile.org's clinical-trials index and FAA
 * aircraft registry), or one product listed twice (its site in llms-txt-hub, its API in public-apis). The
 * name and the description must speak of the same thing: never one API's name over another's description.
 */

/** One entry of a source for a domain: a public API (public-apis) or a site (llms-txt-hub). */
export interface Listing {
  kind: 'api' | 'site';
  name: string;
  description: string;
}

const compact = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Page titles that name no product: a site the hub lists by one lends no name (see siteName). */
const PAGE_TITLE = /^(home|home ?page|welcome|overview|introduction|getting started|quick ?start|documentation|docs|ai|index|about|about us|untitled|.)$/i;
const DOCS_SUFFIX = /\s+(developer\s+)?(docs|documentation|api\s+docs|api\s+reference|help\s+center|developer\s+portal|developers|dev\s+docs)$/i;

/**
 * A site's name from its page title: the first part that names something ("Paddle Developer Docs" →
 * "Paddle", "Home • Angular" → "Angular", "Welcome to HTMLHint" → "HTMLHint"), else none ("Overview"): the
 * listing then lends no name, and a product with no other is named by its domain.
 */
export function siteName(title: string): string {
  const parts = title
    .split(/\s*[|–—:•-]\s+/)
    .map((part) =>
      part
        .replace(/^welcome to\s+/i, '')
        .replace(DOCS_SUFFIX, '')
        .trim(),
    )
    .filter((part) => part && !PAGE_TITLE.test(part));
  return parts[0] ?? '';
}

/**
 * The product's name and description. Several APIs on one domain are one maker's: named by the words
 * their names share ("Hirak"), else by the one named after the domain ("IP2Location"), else by the domain,
 * and described by each API's offer, named. Otherwise it is one product listed more than once: the same
 * names, and its description from the site named after the domain (raycast.com's "Raycast", not its docs'
 * "Introduction"), else from the first listing with a substantial one.
 */
export function describeListings(domain: string, listings: Listing[]): { name: string; description: string } {
  const apis = listings.filter((l) => l.kind === 'api' && l.description);
  const shared = sharedName(listings);
  if (new Set(apis.map((l) => l.name)).size >= 2) {
    const site = listings.find((l) => l.kind === 'site' && l.description.length >= 12)?.description;
    const offers = new Map<string, Listing>(); // one entry per distinct offer, in the source's order
    for (const l of apis) if (!offers.has(compact(l.description))) offers.set(compact(l.description), l);
    const named = offers.size > 1 || site;
    const parts = [site, ...[...offers.values()].map((l) => (named ? `${l.name}: ${l.description}` : l.description))];
    return {
      name: shared || owner(domain, listings)?.name || domain,
      description: parts
        .filter((x): x is string => Boolean(x))
        .map((x) => x.replace(/[.;\s]+$/, ''))
        .join('; '),
    };
  }
  const site = owner(domain, listings, 'site');
  const primary =
    (site && site.description.length >= 12 ? site : undefined) ??
    listings.find((l) => l.description.length >= 12) ??
    listings.find((l) => l.description) ??
    listings[0];
  return { name: shared || owner(domain, listings)?.name || primary?.name || domain, description: primary?.description ?? '' };
}

/**
 * The listings' one name, or the leading words all their names share ("Yandex.Maps Geocoder", "Yandex.Weather"
 * → "Yandex"), without a trailing little word ("Tenders in Spain", "Tenders in Poland" → "Tenders").
 */
function sharedName(listings: Listing[]): string | undefined {
  const distinct = [...new Set(listings.map((l) => l.name).filter(Boolean))];
  if (distinct.length <= 1) return distinct[0];
  const words = distinct.map((n) => n.split(/[\s.]+/).filter(Boolean));
  const common: string[] = [];
  for (let i = 0; words.every((w) => w[i] && compact(w[i]) === compact(words[0][i])); i++) common.push(words[0][i]);
  while (common.length && LITTLE_WORDS.has(compact(common[common.length - 1]))) common.pop();
  return common.length ? common.join(' ') : undefined;
}

const LITTLE_WORDS = new Set(['', 'a', 'an', 'the', 'in', 'of', 'for', 'and', 'to', 'on', 'by', 'with']);

/** The listing (of a kind) named after the domain ("IP2Location" on ip2location.com, "Domainsdb.info" on domainsdb.info). */
function owner(domain: string, listings: Listing[], kind?: Listing['kind']): Listing | undefined {
  const owners = new Set([compact(domain), compact(domain.split('.')[0])]);
  return listings.find((l) => (!kind || l.kind === kind) && owners.has(compact(l.name)));
}
