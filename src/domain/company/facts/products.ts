/** Product names, from the "Products" menu, product sentences, product cards and the brand's own family of names. */
import { type CheerioAPI, load } from 'cheerio';
import { pageText } from '../../audit/parse/text';
import { kindOf } from '../page-kinds';
import type { CompanyPage } from '../types';
import { CHROME, type Parsed } from './pages';
import { escapeRegExp, squash } from './text';

/** A node of a parsed page, named without depending on cheerio's own DOM package. */
type DomNode = Exclude<Parameters<typeof load>[0], string | unknown[] | Buffer>;

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
export function productsOf(prose: Parsed[], brands: string[]): string[] {
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
export function brandsOf(name: string | undefined, pages: CompanyPage[], prose: Parsed[]): string[] {
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
