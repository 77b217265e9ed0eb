import type { PageKind } from './types';

/** The kinds the crawler fetches after the homepage, in the order it asks for them (and lists them). */
const CHOSEN_KINDS: PageKind[] = ['about', 'pricing', 'docs', 'changelog', 'security', 'legal', 'careers', 'blog'];

/**
 * How many pages of a kind are worth fetching. Docs sites often split the overview from the API reference, and
 * terms and privacy are separate documents that answer different questions; one page of any other kind says it all.
 */
const PER_KIND: Partial<Record<PageKind, number>> = { docs: 2, legal: 2 };

// Path segments (lower-cased, decoded) that name a kind, in English, German and French.
const SEGMENT_RULES: Array<[Exclude<PageKind, 'home' | 'other'>, RegExp]> = [
  [
    'about',
    /^(about|about-us|about_us|aboutus|company|our-company|our-story|who-we-are|ueber-uns|uber-uns|über-uns|unternehmen|a-propos|à-propos|qui-sommes-nous)$/,
  ],
  ['pricing', /^(pricing|plans|prices|preise|tarifs|tarif|prix)$/],
  ['docs', /^(docs|doc|documentation|dokumentation|developers?|entwickler|developpeurs|développeurs|api-reference|api-docs|reference)$/],
  ['changelog', /^(changelog|change-log|changes|release-notes|releases|whats-new|what-s-new|whatsnew)$/],
  ['security', /^(security|trust|trust-center|trustcenter|compliance|sicherheit|securite|sécurité)$/],
  [
    'legal',
    /^(legal|terms|tos|terms-of-service|terms-of-use|terms-and-conditions|privacy|privacy-policy|privacy-notice|imprint|impressum|datenschutz|agb|mentions-legales|cgu|cgv|confidentialite)$/,
  ],
  ['careers', /^(careers|career|jobs|join-us|join-the-team|work-with-us|hiring|karriere|jobs-karriere|carrieres|carrières|recrutement)$/],
  ['blog', /^(blog|blogs|journal)$/],
];

// Link texts (normalized: lower-case, single spaces, no trailing arrows or punctuation) that name a kind.
const TEXT_RULES: Array<[Exclude<PageKind, 'home' | 'other'>, RegExp]> = [
  ['about', /^(about|about us|company|our company|our story|who we are|über uns|ueber uns|unternehmen|à propos|a propos|qui sommes-nous)$/],
  ['pricing', /^(pricing|plans|plans (&|and) pricing|pricing (&|and) plans|preise|tarifs|prix)$/],
  ['docs', /^(docs|documentation|developers|developer docs|api docs|api reference|dokumentation|entwickler|développeurs)$/],
  ['changelog', /^(changelog|release notes|what's new|what’s new|releases)$/],
  ['security', /^(security|trust|trust center|compliance|sicherheit|sécurité)$/],
  [
    'legal',
    /^(legal|terms|terms of service|terms of use|terms (&|and) conditions|privacy|privacy policy|privacy notice|imprint|impressum|datenschutz|datenschutzerklärung|agb|mentions légales|cgu|cgv)$/,
  ],
  ['careers', /^(careers|jobs|join us|join the team|we're hiring|we’re hiring|karriere|carrières|recrutement)$/],
  ['blog', /^(blog|our blog)$/],
];

// Subdomains that name a kind (docs.acme.com): the crawler skips them (another host), but kindOf still says what they are.
const HOST_RULES: Array<[PageKind, RegExp]> = [
  ['docs', /^(docs|developers?|dev)\./],
  ['blog', /^blog\./],
  ['changelog', /^changelog\./],
  ['security', /^(trust|security)\./],
  ['careers', /^(careers|jobs)\./],
];

// A language prefix (/en/, /de-de/) says nothing about what a page is for.
const LOCALE = /^[a-z]{2}([-_][a-z]{2})?$/;
// Extensions of pages a browser renders as a document; anything else (images, archives, feeds) is not worth fetching.
const HTML_EXTENSIONS = /\.(html?|php|aspx?|jsp|shtml)$/;
// Query parameters that only say where a visitor came from: dropped so one page is not fetched twice.
const TRACKING_PARAM = /^(utm_\w+|ref|source|gclid|fbclid)$/i;

/** What a page is for, from its path first (the site's own naming), then its host, then the link's text. */
export function kindOf(url: string, linkText?: string): PageKind {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'other';
  }
  const segments = pathSegments(u);
  // The root is the homepage whatever a link calls it ("Company" in a logo's alt text, say).
  if (segments.length === 0) return hostKind(u.hostname) ?? 'home';
  return pathKind(segments) ?? hostKind(u.hostname) ?? (linkText ? textKind(linkText) : undefined) ?? 'other';
}

/**
 * Which same-site pages to fetch after the homepage, from its navigation links and the sitemap: the best one or two
 * per kind, kinds in crawl order, shorter paths first, at most `max`.
 */
export function choosePages(
  origin: string,
  links: Array<{ url: string; text: string }>,
  sitemapUrls: string[],
  max: number,
): Array<{ url: string; kind: PageKind }> {
  let home: URL;
  try {
    home = new URL(origin);
  } catch {
    return [];
  }
  const candidates = new Map<string, Candidate>();
  const offer = (href: string, text: string | undefined, fromSitemap: boolean) => {
    const c = candidate(home, href, text, fromSitemap);
    const seen = c && candidates.get(c.key);
    // Spellings of one page (www. or not, a trailing slash) are resolved the same way whatever order they came in.
    if (c && (!seen || byPreference(c, seen) < 0)) candidates.set(c.key, c);
  };
  for (const l of links) offer(l.url, l.text, false);
  for (const url of sitemapUrls) offer(url, undefined, true);

  const chosen: Array<{ url: string; kind: PageKind }> = [];
  for (const kind of CHOSEN_KINDS) {
    const ofKind = [...candidates.values()].filter((c) => c.kind === kind).sort(byPreference);
    for (const c of ofKind.slice(0, PER_KIND[kind] ?? 1)) chosen.push({ url: c.url, kind });
  }
  // What budget is left goes to the other pages the site's own navigation links (features, help, platform,
  // contact): a company's answers often live there. Not the sitemap's: it lists every post and product page.
  const others = [...candidates.values()].filter((c) => c.kind === 'other' && !c.fromSitemap).sort(byPreference);
  for (const c of others) chosen.push({ url: c.url, kind: 'other' });
  return chosen.slice(0, Math.max(0, max));
}

/** Pages of the product itself rather than of the company: sign-in, sign-up, checkout, the app. */
const APP_PATH =
  /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?(?:log-?in|sign-?in|sign-?up|register|join|auth|oauth|sso|account|app|dashboard|cart|checkout|download|status)(?:\/|$)/i;

interface Candidate {
  key: string;
  url: string;
  kind: PageKind;
  pathLength: number;
  /** Navigation links win ties over sitemap entries: the site chose to show them. */
  fromSitemap: boolean;
}

function candidate(home: URL, href: string, text: string | undefined, fromSitemap: boolean): Candidate | undefined {
  let u: URL;
  try {
    u = new URL(href, home);
  } catch {
    return undefined;
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || bareHost(u.hostname) !== bareHost(home.hostname)) return undefined;
  // A fragment names a place in a page, not another page: /pricing#faq is /pricing, and /#features is the homepage.
  u.hash = '';
  for (const p of [...u.searchParams.keys()]) if (TRACKING_PARAM.test(p)) u.searchParams.delete(p);
  const segments = pathSegments(u);
  const kind = kindOf(u.toString(), text);
  if (kind === 'home' || !isFetchable(segments, kind)) return undefined;
  if (kind === 'other' && (fromSitemap || APP_PATH.test(u.pathname))) return undefined;
  if (kind === 'blog' && !isBlogIndex(segments, u)) return undefined;
  const path = u.pathname.replace(/\/+$/, '') || '/';
  return { key: `${bareHost(u.hostname)}${path.toLowerCase()}${u.search}`, url: u.toString(), kind, pathLength: path.length + u.search.length, fromSitemap };
}

/** Shorter paths first (an index before its subpages), then navigation before sitemap, then the shorter, then lower URL: never input order. */
function byPreference(a: Candidate, b: Candidate): number {
  return (
    a.pathLength - b.pathLength || Number(a.fromSitemap) - Number(b.fromSitemap) || a.url.length - b.url.length || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0)
  );
}

/** HTML pages only, and a PDF only when it is a price list: many sites publish pricing as a PDF and nothing else. */
function isFetchable(segments: string[], kind: PageKind): boolean {
  const last = segments[segments.length - 1] ?? '';
  if (!/\.[a-z0-9]{1,5}$/.test(last)) return true;
  if (HTML_EXTENSIONS.test(last)) return true;
  return last.endsWith('.pdf') && kind === 'pricing';
}

/** The blog's index (/blog, /en/blog, blog.acme.com/ is another host) tells what a company writes about; one post does not. */
function isBlogIndex(segments: string[], u: URL): boolean {
  if (segments.length === 0) return /^blog\./.test(u.hostname);
  return SEGMENT_RULES.some(([kind, re]) => kind === 'blog' && re.test(segments[segments.length - 1].replace(HTML_EXTENSIONS, '')));
}

/**
 * The first segment names the section (/docs/security is documentation). About-like sections (/company/careers)
 * group other kinds, so there the deepest segment that names a kind decides.
 */
function pathKind(segments: string[]): PageKind | undefined {
  const kinds = segments.map((s) => segmentKind(s.replace(HTML_EXTENSIONS, '').replace(/\.pdf$/, '')));
  const first = kinds[0];
  if (first && first !== 'about') return first;
  return kinds.slice(1).reverse().find(Boolean) ?? first;
}

function segmentKind(segment: string): PageKind | undefined {
  return SEGMENT_RULES.find(([, re]) => re.test(segment))?.[0];
}

function hostKind(hostname: string): PageKind | undefined {
  return HOST_RULES.find(([, re]) => re.test(hostname))?.[0];
}

function textKind(text: string): PageKind | undefined {
  const t = text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s→›»>.:!]+$/u, '')
    .trim();
  return TEXT_RULES.find(([, re]) => re.test(t))?.[0];
}

/** Decoded, lower-cased path segments, without a leading language prefix. */
function pathSegments(u: URL): string[] {
  const segments = u.pathname
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s).toLowerCase();
      } catch {
        return s.toLowerCase();
      }
    });
  if (segments.length > 0 && LOCALE.test(segments[0])) segments.shift();
  if (segments.length === 1 && /^index\.(html?|php)$/.test(segments[0])) segments.shift();
  return segments;
}

/** acme.com and www.acme.com are one site. */
function bareHost(hostname: string): string {
  return hostname.toLowerCase().replace(/^www\./, '');
}
