import { type CheerioAPI, load } from 'cheerio';
import { jsonLdNodes, openGraphTags } from '../audit/parse/homepage';
import { pageText } from '../audit/parse/text';
import { kindOf } from './page-kinds';
import type { CompanyFacts, CompanyPage } from './types';

interface Parsed {
  page: CompanyPage;
  $?: CheerioAPI;
  text: string;
}

/** What JSON-LD says about the company, field by field. */
interface OrgFacts {
  name?: string;
  description?: string;
  founded?: number;
  headquarters?: string;
}

type Json = Record<string, unknown>;
/** A node of a parsed page, named without depending on cheerio's own DOM package. */
type DomNode = Exclude<Parameters<typeof load>[0], string | unknown[] | Buffer>;

/**
 * Facts about a company from its pages, most trusted source first: JSON-LD the company published about itself,
 * then its meta and OpenGraph tags, then the prose of its about page and homepage. What no page states is left out.
 */
export function extractCompanyFacts(pages: CompanyPage[]): CompanyFacts {
  const parsed = byTrust(pages).map(parse);
  const home = parsed.find((p) => p.page.kind === 'home');
  const about = parsed.find((p) => p.page.kind === 'about');
  const latestYear = latestPlausibleYear(pages);
  const org = organizationFacts(parsed, latestYear);
  const meta = home?.$ ? metaFacts(home.$) : {};
  const prose = parsed.filter((p) => p.page.kind === 'about' || p.page.kind === 'home');
  const legal = parsed.filter((p) => p.page.kind === 'legal');

  const name = org.name ?? meta.siteName ?? websiteName(parsed);
  // The about page's first paragraph is the last resort: it describes the company too, if less sharply than the homepage.
  const paragraph = (home && firstParagraph(home)) ?? (about && firstParagraph(about));
  const facts: CompanyFacts = { summary: clipSentences(org.description ?? meta.description ?? paragraph ?? '') };
  if (name) facts.name = name;
  const tagline = home?.$ ? taglineOf(home.$, meta.ogTitle, name) : undefined;
  if (tagline) facts.tagline = tagline;
  const brands = brandsOf(name, pages, prose);
  const products = productsOf(prose, brands);
  if (products.length > 0) facts.products = products;
  const founded = org.founded ?? foundedYear(prose, latestYear, brands);
  if (founded !== undefined) facts.founded = founded;
  const headquarters = org.headquarters ?? headquartersOf(prose, legal);
  if (headquarters) facts.headquarters = headquarters;
  return facts;
}

// ---------------------------------------------------------------------------------------------------------------
// Pages

const TRUST_ORDER = ['home', 'about'];

/** The homepage speaks for the company first, then the about page, then the rest in crawl order. */
function byTrust(pages: CompanyPage[]): CompanyPage[] {
  const rank = (p: CompanyPage) => (TRUST_ORDER.includes(p.kind) ? TRUST_ORDER.indexOf(p.kind) : TRUST_ORDER.length);
  return pages
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i)
    .map(({ p }) => p);
}

function parse(page: CompanyPage): Parsed {
  if (!page.html) return { page, text: page.text };
  const $ = load(page.html);
  // Without this "Payments<br>for agents" reads as one word "Paymentsfor".
  $('br').replaceWith(' ');
  return { page, $, text: page.text || pageText(page.html, 'text/html') };
}

/** A founding year cannot be later than the newest fetch (the clock is not read: the result depends on the pages only). */
function latestPlausibleYear(pages: CompanyPage[]): number {
  const years = pages.map((p) => Number(p.fetchedAt.slice(0, 4))).filter((y) => Number.isInteger(y) && y > 1900);
  return years.length > 0 ? Math.max(...years) : 9999;
}

// ---------------------------------------------------------------------------------------------------------------
// JSON-LD

const ORG_TYPE = /^(Organization|Corporation|LocalBusiness|OnlineBusiness|ProfessionalService|NGO)$/;
// Properties by which an application, product or site names the organization behind it.
const ORG_PROPERTIES = ['publisher', 'provider', 'author', 'creator', 'manufacturer', 'producer', 'brand'];

/** Fields of the company's Organization nodes, first stated wins; nodes naming another organization are ignored. */
function organizationFacts(parsed: Parsed[], latestYear: number): OrgFacts {
  const orgs = parsed.flatMap((p) => (p.$ ? organizationNodes(p.$) : []));
  const first = orgs[0];
  if (!first) return {};
  const firstName = str(first.name);
  const same = orgs.filter((o) => !firstName || !str(o.name) || str(o.name)!.toLowerCase() === firstName.toLowerCase());
  const pick = <T>(read: (o: Json) => T | undefined) => same.map(read).find((v) => v !== undefined);
  return {
    name: pick((o) => str(o.name) ?? str(o.legalName)),
    description: pick((o) => str(o.description)),
    founded: pick((o) => plausibleYear(String(o.foundingDate ?? '').match(/^\s*(\d{4})/)?.[1], latestYear)),
    headquarters: pick((o) => postalAddress(o)),
  };
}

/** Organization nodes on one page: those typed so first, then those an application or site names as its publisher. */
function organizationNodes($: CheerioAPI): Json[] {
  const nodes = $('script[type="application/ld+json"]')
    .toArray()
    .flatMap((el) => jsonLdNodes($(el).text()));
  const byId = new Map(nodes.filter((n) => typeof n['@id'] === 'string').map((n) => [n['@id'] as string, n]));
  const resolve = (v: unknown): Json | undefined => {
    const n = first(v);
    if (!n || typeof n !== 'object') return undefined;
    const ref = (n as Json)['@id'];
    return typeof ref === 'string' && byId.has(ref) ? byId.get(ref) : (n as Json);
  };
  const direct = nodes.filter(isOrganization);
  const named = nodes.flatMap((n) => ORG_PROPERTIES.map((p) => resolve(n[p]))).filter((n): n is Json => !!n && isOrganization(n));
  return [...direct, ...named];
}

function isOrganization(node: Json): boolean {
  return types(node).some((t) => ORG_TYPE.test(t));
}

/**
 * "City, Country" from a PostalAddress (or a Place's). Of several addresses the one labelled headquarters wins, else
 * the first: sites list their head office first. A free-text address is not split up (that would be guessing).
 */
function postalAddress(org: Json): string | undefined {
  const candidates = [...list(org.address), ...list(org.location).flatMap((l) => (l && typeof l === 'object' ? list((l as Json).address) : []))].filter(
    (a): a is Json => !!a && typeof a === 'object',
  );
  const hq = candidates.find((a) => /head ?quarters|\bHQ\b|hauptsitz|siège/i.test(`${str(a.name) ?? ''} ${str(a.description) ?? ''}`));
  for (const a of hq ? [hq, ...candidates] : candidates) {
    const city = str(a.addressLocality);
    const country = countryName(a.addressCountry);
    if (city || country) return [city, country].filter(Boolean).join(', ');
  }
  return undefined;
}

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

/** "DE" is Germany; a Country node gives its name; a longer string is already a name. */
function countryName(v: unknown): string | undefined {
  const raw = v && typeof v === 'object' ? str((v as Json).name) : str(v);
  if (!raw || !/^[A-Za-z]{2}$/.test(raw)) return raw;
  try {
    return REGION_NAMES.of(raw.toUpperCase()) ?? raw;
  } catch {
    return raw;
  }
}

function websiteName(parsed: Parsed[]): string | undefined {
  for (const p of parsed) {
    if (!p.$) continue;
    const $ = p.$;
    const site = $('script[type="application/ld+json"]')
      .toArray()
      .flatMap((el) => jsonLdNodes($(el).text()))
      .find((n) => types(n).includes('WebSite') && str(n.name));
    if (site) return str(site.name);
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Meta tags

function metaFacts($: CheerioAPI): { description?: string; siteName?: string; ogTitle?: string } {
  const og = openGraphTags($);
  const meta = (name: string) => $(`meta[name="${name}"]`).attr('content')?.trim() || undefined;
  return {
    description: meta('description') ?? (og['og:description'] || undefined),
    siteName: og['og:site_name'] || meta('application-name'),
    ogTitle: og['og:title'] || undefined,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Summary and tagline

// Paragraphs in these say nothing about the company: navigation, cookie banners, footers, forms.
const CHROME = 'nav, header, footer, aside, form, [class*="cookie"], [id*="cookie"], [class*="consent"], [role="dialog"]';
const BOILERPLATE = /cookie|javascript|all rights reserved|©|sign up for our newsletter/i;

/** The homepage's first paragraph that is a real sentence, not a button label or a cookie notice. */
function firstParagraph(home: Parsed): string | undefined {
  const $ = home.$;
  const paragraphs = $
    ? $('p')
        .toArray()
        .filter((el) => $(el).closest(CHROME).length === 0)
        .map((el) => squash($(el).text()))
    : home.text.split('\n').map(squash);
  return paragraphs.find((p) => p.length >= 60 && p.split(' ').length >= 8 && /[.!]$/.test(p) && !BOILERPLATE.test(p));
}

/** One or two sentences: a summary, not the page. */
function clipSentences(text: string): string {
  const sentences = squash(text).split(/(?<=[.!?])\s+(?=[\p{Lu}\d"“])/u);
  const two = sentences.slice(0, 2).join(' ');
  return two.length <= 400 ? two : sentences[0].slice(0, 400);
}

const NOT_TAGLINE = /^(welcome|home|homepage|sign in|log ?in|404|page not found|untitled|loading)\b/i;
const TITLE_SEPARATOR = /\s+[|–—·-]\s+|:\s+/;

/**
 * The homepage's h1, else og:title with the brand cut off ("Acme | Payments for agents"), when it reads like a
 * tagline: a short phrase, not a greeting, a question or the bare company name.
 */
function taglineOf($: CheerioAPI, ogTitle: string | undefined, name: string | undefined): string | undefined {
  const h1 = squash($('h1').first().text());
  for (const candidate of [h1, ...(ogTitle ?? '').split(TITLE_SEPARATOR)].map(squash)) {
    if (readsLikeTagline(candidate, name)) return candidate;
  }
  return undefined;
}

function readsLikeTagline(text: string, name: string | undefined): boolean {
  const words = text.split(' ').filter(Boolean);
  if (words.length < 2 || words.length > 14 || text.length > 120) return false;
  if (name && text.toLowerCase() === name.toLowerCase()) return false;
  return /\p{L}/u.test(text) && !NOT_TAGLINE.test(text) && !text.endsWith('?');
}

// ---------------------------------------------------------------------------------------------------------------
// Founding year

const YEAR = '((?:18|19|20)\\d{2})';
const MONTH = '(?:[A-Z][a-zäéû]+\\s+)?';
// Explicit founding statements, in English, German and French.
const FOUNDED_PATTERNS = [
  new RegExp(`\\b(?:founded|established|incorporated|started)\\s*(?:in|:|-|–)?\\s*${MONTH}${YEAR}\\b`, 'i'),
  new RegExp(`\\bfounded\\b[^.!?\\n]{0,60}?\\bin\\s+${MONTH}${YEAR}\\b`, 'i'),
  new RegExp(`\\best\\.\\s*${YEAR}\\b`, 'i'),
  new RegExp(`\\bgegründet\\s*(?:im\\s+Jahr\\s+|in\\s+|:\\s*)?${MONTH}${YEAR}\\b`, 'i'),
  new RegExp(`\\b${YEAR}\\s+gegründet\\b`, 'i'),
  new RegExp(`\\b(?:fondée?s?|créée?s?)\\s+en\\s+${MONTH}${YEAR}\\b`, 'i'),
  new RegExp(`\\bdate de création\\s*:\\s*${YEAR}\\b`, 'i'),
];
// "Since 2014" usually means founding on an about page, but can mean anything else, so it counts only when nothing explicit does.
const SINCE_PATTERNS = [new RegExp(`\\b(?:since|seit|depuis)\\s+${YEAR}\\b`, 'i')];

function foundedYear(prose: Parsed[], latestYear: number, brands: string[]): number | undefined {
  // "We started Acme in 2020", "Acme began in 2021 as a side project": the company (by its brand) is what began.
  const subject = ['the company', 'the business', 'the project', ...brands.map(escapeRegExp)].join('|');
  const begun = [
    new RegExp(`\\b(?:started|founded|co-founded|launched|created)\\s+(?:${subject})\\s+in\\s+${MONTH}${YEAR}\\b`, 'iu'),
    new RegExp(`(?:^|[^\\p{L}])(?:${subject})\\s+(?:began|started)(?:\\s+(?:life|out))?\\s+in\\s+${MONTH}${YEAR}\\b`, 'iu'),
  ];
  for (const patterns of [[...FOUNDED_PATTERNS, ...begun], SINCE_PATTERNS]) {
    for (const p of prose) {
      for (const re of patterns) {
        const year = plausibleYear(p.text.match(re)?.[1], latestYear);
        if (year !== undefined) return year;
      }
    }
  }
  return undefined;
}

function plausibleYear(digits: string | undefined, latestYear: number): number | undefined {
  const year = Number(digits);
  return digits && year >= 1800 && year <= latestYear ? year : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Headquarters

// A place: capitalized words, with the small words inside names such as Frankfurt am Main or Newcastle upon Tyne.
// A period ends the place ("Sitz: Hamburg. Registergericht ...") unless it abbreviates Saint, Mount or Fort (St. Louis).
const PLACE_WORD = "(?:(?:St|Mt|Ft)\\.[ \\t]*)?\\p{Lu}[\\p{L}'-]*";
const PLACE = `(${PLACE_WORD}(?:[ \\t]+(?:${PLACE_WORD}|am|an der|upon|sur|de|del)(?=[ \\t]+\\p{Lu}|[^\\p{L}]|$))*)`;
const HQ_PATTERNS = [
  'headquartered\\s+in',
  'head ?quarters?(?:\\s+(?:is|are))?\\s*(?:in|:)',
  'HQ(?:\\s+(?:is\\s+)?in|\\s*:)',
  '(?:home\\s+base|head\\s+office|main\\s+office)(?:\\s+(?:is|remains))?(?:\\s+(?:still\\s+)?(?:located\\s+)?in|\\s*:|\\s+(?=\\p{Lu}))',
  'based\\s+(?:in|out\\s+of)',
  'Hauptsitz\\s*(?:in|:)',
  'Sitz\\s+(?:der\\s+Gesellschaft\\s*:?|in|:)',
  'bas[ée]e?s?\\s+à',
  'siège(?:\\s+social)?(?:\\s+est)?\\s*(?:à|:)',
].map((t) => new RegExp(`\\b${t}`, 'giu'));
// Imprints and terms state the registered office; their other "based in"s are about servers and data.
const REGISTERED_PATTERNS = ['Sitz\\s+(?:der\\s+Gesellschaft\\s*:?|in|:)', 'registered\\s+office\\s*(?:in|:|at)', 'siège(?:\\s+social)?\\s*(?:à|:)'].map(
  (t) => new RegExp(`\\b${t}`, 'giu'),
);
// "Raleigh is still our headquarters", "Antwerp remains our head office": the place opens the sentence, the trigger follows.
const HQ_BEFORE = new RegExp(
  `(?:^|[.!?;]\\s+|\\n)${PLACE}[ \\t]+(?:is|remains)[ \\t]+(?:still[ \\t]+)?(?:our|its|the company['’]s)[ \\t]+(?:head ?quarters|HQ|head office|main office|home base)\\b`,
  'gu',
);
// "The company is registered in Montevideo": a city; a bare state or country ("registered in Delaware") is a jurisdiction, not a seat.
const REGISTERED_IN = [/\bregistered\s+in\b/giu];
// "Offices in Berlin, London and Paris" names places the company works, the first usually being home.
const OFFICE_PATTERNS = [/\boffices?\s+in\b/giu];
// Triggers are matched in any case, the place after one case-sensitively: "based in the cloud" names no place.
const PLACE_AFTER_TRIGGER = new RegExp(`^[ \\t]*${PLACE}`, 'u');

function headquartersOf(prose: Parsed[], legal: Parsed[]): string | undefined {
  const rounds: Array<[RegExp[], Parsed[], boolean]> = [
    [HQ_PATTERNS, prose, false],
    [REGISTERED_PATTERNS, legal, false],
    [REGISTERED_IN, prose, true],
    [OFFICE_PATTERNS, prose, false],
  ];
  for (const [patterns, pages, cityOnly] of rounds) {
    for (const p of pages) {
      for (const re of patterns) {
        const place = placeAfter(p.text, re);
        if (place && !(cityOnly && knownRegions().has(place.split(',')[0]))) return place;
      }
      if (patterns === HQ_PATTERNS) {
        const before = placeBefore(p.text);
        if (before) return before;
      }
    }
  }
  return undefined;
}

function placeBefore(text: string): string | undefined {
  return [...text.matchAll(HQ_BEFORE)][0]?.[1].replace(/\.$/, '');
}

function placeAfter(text: string, trigger: RegExp): string | undefined {
  for (const m of text.matchAll(trigger)) {
    const rest = text.slice(m.index + m[0].length);
    const place = rest.match(PLACE_AFTER_TRIGGER);
    if (place) return withRegion(place[1], rest.slice(place[0].length));
  }
  return undefined;
}

let regionNames: Set<string> | undefined;

/** Country names (English, German, French), ISO codes and US states: what may follow a city after a comma. */
function knownRegions(): Set<string> {
  if (regionNames) return regionNames;
  const names = new Set(['USA', 'U.S.', 'U.S.A.', 'UK', 'U.K.', 'EU', ...US_STATES]);
  const display = ['en', 'de', 'fr'].map((l) => new Intl.DisplayNames([l], { type: 'region' }));
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      for (const d of display) {
        const name = d.of(code);
        if (name && name !== code) names.add(name).add(code);
      }
    }
  }
  regionNames = names;
  return names;
}

const US_STATES = (
  'Alabama AL Alaska AK Arizona AZ Arkansas AR California CA Colorado CO Connecticut CT Delaware DE Florida FL Georgia GA Hawaii HI Idaho ID ' +
  'Illinois IL Indiana IN Iowa IA Kansas KS Kentucky KY Louisiana LA Maine ME Maryland MD Massachusetts MA Michigan MI Minnesota MN Mississippi MS ' +
  'Missouri MO Montana MT Nebraska NE Nevada NV Ohio OH Oklahoma OK Oregon OR Pennsylvania PA Tennessee TN Texas TX Utah UT Vermont VT Virginia VA ' +
  'Washington WA Wisconsin WI Wyoming WY'
)
  .split(' ')
  .concat(['New Hampshire', 'NH', 'New Jersey', 'NJ', 'New Mexico', 'NM', 'New York', 'NY', 'North Carolina', 'NC', 'North Dakota', 'ND'])
  .concat(['Rhode Island', 'RI', 'South Carolina', 'SC', 'South Dakota', 'SD', 'West Virginia', 'WV', 'District of Columbia', 'DC']);

/**
 * "San Francisco, CA, USA" keeps its region and country; "Berlin, London and Paris" is a list, of which the first
 * place is kept. Only known regions may follow the city, so a list is never read as "City, Region".
 */
function withRegion(place: string, rest: string): string {
  const parts = [place.replace(/\.$/, '')];
  let tail = rest;
  for (let i = 0; i < 2; i++) {
    const m = tail.match(/^,[ \t]*(\p{Lu}[\p{L}.]*(?:[ \t]+\p{Lu}[\p{L}.]*)*)/u);
    const region = m?.[1].replace(/\.$/, '');
    if (!m || !region || !(knownRegions().has(region) || knownRegions().has(m[1]))) break;
    parts.push(knownRegions().has(m[1]) ? m[1] : region);
    tail = tail.slice(m[0].length);
  }
  return parts.join(', ');
}

// ---------------------------------------------------------------------------------------------------------------
// Products

const MENU_HEADING = /^(our )?(products?|produkte?|produits?|nos produits|unsere produkte)$/i;
const GENERIC_LINK =
  /^(all|view|see|explore|learn|browse|compare|discover|get|try|book|request|contact|sign|log|start|watch|read)\b|^(overview|products?|features|pricing|plans|integrations|solutions|enterprise|docs|documentation|api|platform|resources|blog|about|company|careers|customers|changelog|security|status|support|help|partners|marketplace|roadmap|demo|use cases|templates|new|beta|produkte?|preise|funktionen|lösungen|entwickler|sicherheit|karriere|über uns|unternehmen|kontakt|hilfe|ressourcen|kunden|produits?|tarifs|fonctionnalités|développeurs|sécurité|carrières|à propos|entreprise|aide|clients)$/i;
// Each word capitalized (Acme Pay, Widgets 2, Notion AI); inner "for"/"by" as in "Acme for Teams". At most five words.
const PRODUCT_NAME = /^[\p{Lu}\d][\p{L}\d.+&'-]*(?: (?:for|by|&|[\p{Lu}\d][\p{L}\d.+&'-]*)){0,4}$/u;
// The same, read from the start of a phrase: "Acme Wiki for internal docs" names "Acme Wiki".
const LEADING_NAME = /^[\p{Lu}\d][\p{L}\d.+&'-]*(?: (?:(?:for|by|&) )?[\p{Lu}\d][\p{L}\d.+&'-]*){0,4}/u;
const COUNT = '(?:(?:two|three|four|five|six|\\d+|zwei|drei|vier|fünf|deux|trois|quatre|cinq)\\s+)?';
const PRODUCTS_WORD = '(?:products?|produkte?|produits?)';
// "Our products are X and Y", "our two products, X and Y,", "unsere Produkte sind X und Y".
const PRODUCT_SENTENCE = new RegExp(
  `\\b(?:our|unsere|nos)\\s+${COUNT}${PRODUCTS_WORD}(?:\\s*[,:]\\s*|\\s+)(?:(?:include|includes|including|are|is|such as|like|namely|sind|umfassen|wie|sont|comme)\\s+)?([^.;:!?()\\n]{2,200})`,
  'giu',
);
const MAKE_VERB =
  '(?:build|builds|make|makes|offer|offers|sell|sells|ship|ships|develop|develops|provide|provides|maintain|maintains|entwickeln|entwickelt|bieten|bietet|développons|développe|proposons|propose)';
// "We make two products: X and Y", "We build three products that share one record: X, Y and Z": the colon opens the list.
const PRODUCT_COLON_LIST = new RegExp(`\\b${MAKE_VERB}\\s+${COUNT}${PRODUCTS_WORD}\\b[^.!?:\\n]{0,80}:\\s*([^.;!?()\\n]{2,200})`, 'giu');
// A "Products:" label, as in footers: "Products: Acme Pay · Acme Ledger".
const PRODUCT_LABEL = new RegExp(`(?:^|\\n)[ \\t]*${PRODUCTS_WORD}[ \\t]*:[ \\t]*([^\\n]{2,200})`, 'giu');
const LIST_SPLIT = /\s*(?:[,;·•|]|\s[-–—/]\s)\s*(?:(?:and|und|et|or|oder|ou)\s+)?|\s+(?:and|und|et|&|or|oder|ou|as well as|sowie)\s+/u;
// Articles before a name, and the words that open an appositive ("X, our design tool, and Y") rather than end the list.
const ARTICLE = /^(?:(?:the|a|an|der|die|das|le|la|les)\s+|l[’']\s*)/iu;
const APPOSITIVE = /^(?:our|its|their|a|an|the|unser\w*|notre|nos)\s+\p{Ll}/u;
// Words after a brand that make a company, a team or a section of the site, not a product: "Acme Technologies, Inc.", "Acme Blog".
const NOT_PRODUCT_WORD =
  /^(inc|inc\.|llc|ltd|ltd\.|limited|gmbh|ag|ab|as|sa|sas|sarl|bv|nv|oy|plc|pvt|pty|corp|corp\.|corporation|co|co\.|company|technologies|technology|labs|group|holdings|software|systems|foundation|team|teams|blog|docs|community|academy|university|news|press|careers|jobs|status|support|partners|hq|is|was|has|and|the)$/i;

/**
 * Product names from the homepage and about page: "Products" menus, product sentences ("our two products, X and Y",
 * "we make two products: X and Y", "Products: X · Y"), cards in a products section, and names in the brand's own
 * family ("Acme Pay") wherever the prose uses them. A menu's short name ("Pay") gives way to the full one ("Acme Pay").
 */
function productsOf(prose: Parsed[], brands: string[]): string[] {
  const names = [
    ...prose.flatMap(menuProducts),
    ...prose.flatMap((p) => sentenceProducts(p.text, brands)),
    ...prose.flatMap(cardProducts),
    ...prose.flatMap((p) => brandProducts(p, brands)),
  ].map((n) => n.replace(/[.,]$/, ''));
  const full = (n: string) => names.find((other) => other.toLowerCase().endsWith(` ${n.toLowerCase()}`)) ?? n;
  const seen = new Set<string>();
  return names
    .map(full)
    .filter((n) => !seen.has(n.toLowerCase()) && seen.add(n.toLowerCase()))
    .slice(0, 12);
}

/**
 * The company's brand as its pages spell it: its name without a legal form ("Acme Technologies, Inc." is Acme), and
 * the site's own domain label ("acme" in acme.com) where the prose spells it as a word ("Acme", "AcMe").
 */
function brandsOf(name: string | undefined, pages: CompanyPage[], prose: Parsed[]): string[] {
  const brands = new Set<string>();
  const words = (name ?? '').split(/[\s,]+/).filter(Boolean);
  while (words.length > 1 && NOT_PRODUCT_WORD.test(words[words.length - 1])) words.pop();
  if (words.length > 0 && /^\p{Lu}/u.test(words[0])) brands.add(words.join(' '));
  const home = pages.find((p) => p.kind === 'home') ?? pages[0];
  let label: string | undefined;
  try {
    label = home && new URL(home.finalUrl || home.url).hostname.replace(/^www\./, '').split('.')[0];
  } catch {
    label = undefined;
  }
  if (label && /^[a-z0-9]{3,}$/i.test(label)) {
    const re = new RegExp(`(?<![\\p{L}\\d])${label}(?![\\p{L}\\d])`, 'giu');
    for (const p of prose) for (const m of p.text.matchAll(re)) if (/^\p{Lu}/u.test(m[0])) brands.add(m[0]);
  }
  return [...brands];
}

function menuProducts(p: Parsed): string[] {
  const $ = p.$;
  if (!$) return [];
  const names: string[] = [];
  $('nav, header, footer')
    .find('a, button, span, summary, strong, p, h2, h3, h4, h5, h6, div, label')
    .filter((_, el) => MENU_HEADING.test(squash($(el).text())))
    .each((_, el) => {
      for (const a of menuLinks($, el)) {
        const name = anchorName($, a);
        if (name && isProductLink(p.page.finalUrl || p.page.url, $(a).attr('href')!, name)) names.push(name);
      }
    });
  return names;
}

/**
 * The links a menu heading opens: the panel it controls (aria-controls), else those of the smallest enclosing element
 * that has any. A container holding a whole site map is not a product menu and is skipped, and neither is a flat bar of
 * links in which "Products" is one entry among its peers (those links are the rest of the site, not its products).
 */
function menuLinks($: CheerioAPI, heading: DomNode): DomNode[] {
  const controls = $(heading).attr('aria-controls');
  const panel = controls ? $(`[id="${controls}"]`) : undefined;
  if (panel && panel.length > 0) return panel.find('a[href]').toArray();
  const entry = $(heading).closest('li').length > 0 ? $(heading).closest('li') : $(heading).closest('a[href]');
  let container = $(heading).parent();
  for (let depth = 0; depth < 3 && container.length > 0; depth++, container = container.parent()) {
    const links = container
      .find('a[href]')
      .toArray()
      .filter((a) => a !== heading && !MENU_HEADING.test(squash($(a).text())));
    if (links.length > 12) return [];
    if (entry.length > 0 && links.some((a) => isPeer($, entry, a))) return [];
    if (links.length > 0) return links;
  }
  return [];
}

/** A link beside the heading's own entry (the next <a> or <li> of the same bar), not inside it. */
function isPeer($: CheerioAPI, entry: ReturnType<CheerioAPI>, link: DomNode): boolean {
  const own0 = entry.get(0);
  if (
    own0 === link ||
    $(link)
      .parents()
      .toArray()
      .some((n) => n === own0)
  )
    return false;
  const own = entry.is('li') ? $(link).closest('li') : $(link);
  return own.length > 0 && own.parent().get(0) === entry.parent().get(0);
}

/** A menu entry's name is its first line: entries often carry a one-line description after the name. */
function anchorName($: CheerioAPI, a: DomNode): string | undefined {
  const texts = $(a)
    .find('*')
    .addBack()
    .contents()
    .toArray()
    .filter((n) => n.type === 'text')
    .map((n) => squash($(n).text()))
    .filter(Boolean);
  return texts[0];
}

/** A product lives on the company's own site (or a subdomain) at a page that is not pricing, docs or the like. */
function isProductLink(pageUrl: string, href: string, name: string): boolean {
  if (!PRODUCT_NAME.test(name) || GENERIC_LINK.test(name)) return false;
  try {
    const site = new URL(pageUrl).hostname.replace(/^www\./, '');
    const u = new URL(href, pageUrl);
    const host = u.hostname.replace(/^www\./, '');
    // A product may have its own subdomain (pay.acme.com/), whose root is that product's home, not the company's.
    const kind = kindOf(u.toString());
    return host === site ? kind === 'other' : host.endsWith(`.${site}`) && (kind === 'other' || kind === 'home');
  } catch {
    return false;
  }
}

/**
 * Names listed after a product cue. "Our products, Widgets and Gadgets, help..." → Widgets, Gadgets. The list runs while
 * its items begin with a name; an appositive ("X, our design tool, and Y") is passed over, any other phrase ends it.
 * A list opened by a bare verb ("We build X, Y and Z") counts only when its names share the brand or a first word.
 */
function sentenceProducts(text: string, brands: string[]): string[] {
  const names: string[] = [];
  for (const re of [PRODUCT_SENTENCE, PRODUCT_COLON_LIST, PRODUCT_LABEL]) {
    for (const m of text.matchAll(re)) names.push(...listedNames(m[1]));
  }
  const subjects = ['we', 'wir', 'nous', 'the company', 'the project', 'the team', ...brands.map(escapeRegExp)].join('|');
  const bareVerb = new RegExp(`(?:^|[^\\p{L}])(?:${subjects})\\s+(?:also\\s+)?${MAKE_VERB}\\s+(?=(?:the\\s+)?\\p{Lu})([^.;:!?()\\n]{2,200})`, 'giu');
  for (const m of text.matchAll(bareVerb)) {
    const listed = listedNames(m[1]);
    const firstWords = new Set(listed.map((n) => n.split(' ')[0]));
    const family = listed.every((n) => inBrand(n, brands)) || (listed.length > 1 && firstWords.size === 1 && listed.every((n) => n.includes(' ')));
    if (listed.length > 0 && family) names.push(...listed);
  }
  return names;
}

function listedNames(list: string): string[] {
  const names: string[] = [];
  for (const raw of list.split(LIST_SPLIT)) {
    const item = squash(raw);
    if (!item) continue;
    if (APPOSITIVE.test(item)) continue;
    const name = item.replace(ARTICLE, '').match(LEADING_NAME)?.[0];
    if (!name || GENERIC_LINK.test(name) || !PRODUCT_NAME.test(name)) break;
    names.push(name);
  }
  return names;
}

/** "Acme Pay" is in the family of brand "Acme": the brand and one to four more capitalized words, none of them a company form. */
function inBrand(name: string, brands: string[]): boolean {
  return brands.some((b) => {
    if (!name.startsWith(`${b} `)) return false;
    const rest = name.slice(b.length + 1).split(' ');
    return rest.length <= 4 && !rest.some((w) => NOT_PRODUCT_WORD.test(w)) && !GENERIC_LINK.test(rest.join(' '));
  });
}

// Sections that hold product cards: <section id="products">, <div class="produkte">.
const PRODUCTS_SECTION = /(?:^|[\s_-])(?:our-)?(?:products?|produkte?|produits?)(?:$|[\s_-])/i;

/** Headings of the cards in a products section (each card a child of the section, its heading inside the card). */
function cardProducts(p: Parsed): string[] {
  const $ = p.$;
  if (!$) return [];
  const names: string[] = [];
  $('h2, h3, h4').each((_, el) => {
    if ($(el).closest(CHROME).length > 0) return;
    const section = $(el)
      .parents()
      .filter((_, a) => PRODUCTS_SECTION.test(`${$(a).attr('id') ?? ''} ${$(a).attr('class') ?? ''}`))
      .first();
    // The section's own title ("Our products") sits directly in it; a card's heading sits one element deeper at least.
    if (section.length === 0 || $(el).parent().get(0) === section.get(0)) return;
    const name = squash($(el).text());
    if (PRODUCT_NAME.test(name) && !GENERIC_LINK.test(name) && !MENU_HEADING.test(name)) names.push(name);
  });
  return names;
}

/** Names in the brand's family ("Acme Pay", "Acme Edge Functions") used in the page's own prose and headings, not its chrome. */
function brandProducts(p: Parsed, brands: string[]): string[] {
  if (brands.length === 0 || !p.$) return [];
  const $ = load(p.$.html());
  $(`${CHROME}, script, style, noscript, template`).remove();
  const text = pageText($.html(), 'text/html');
  const names: string[] = [];
  const word = "[\\p{Lu}\\d][\\p{L}\\d+&'-]*";
  for (const brand of brands) {
    const re = new RegExp(`(?<![\\p{L}\\d])${escapeRegExp(brand)}((?:[ \\t]+${word}){1,4})(?![\\p{L}\\d])`, 'gu');
    for (const m of text.matchAll(re)) {
      const name = `${brand}${m[1]}`.replace(/[ \t]+/g, ' ');
      // Cut at the first company form or section word: "Acme Technologies" and "Acme Blog" are no products.
      const words = name.slice(brand.length + 1).split(' ');
      const cut = words.findIndex((w) => NOT_PRODUCT_WORD.test(w));
      const kept = cut < 0 ? words : words.slice(0, cut);
      if (kept.length > 0 && inBrand(`${brand} ${kept.join(' ')}`, [brand])) names.push(`${brand} ${kept.join(' ')}`);
    }
  }
  return names;
}

// ---------------------------------------------------------------------------------------------------------------
// Small helpers

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function squash(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? squash(v) : undefined;
}

function list(v: unknown): unknown[] {
  return v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];
}

function first(v: unknown): unknown {
  return Array.isArray(v) ? v[0] : v;
}

function types(node: Json): string[] {
  return list(node['@type']).map(String);
}
