import { type CheerioAPI, load } from 'cheerio';
import {
  type BillingPeriod,
  billingPeriod,
  type Money,
  pageDollar,
  parseAmount,
  priceRegex,
  readMoney,
  readUnit,
  roundCents,
  type Unit,
} from './pricing-money';
import { ATTR_POINT, type DomNode, inheritedMarks, isElement, lines, type Mark, marksAt, monthlyAttribute, plain, render, wrap } from './pricing-render';
import type { CompanyPage, PricingExtraction, PricingModel, PricingPlan } from './types';

/**
 * Reads a company's plans from the pages a crawl fetched. Only pricing pages (then the homepage, which may carry plan
 * cards) are read: an example price in documentation or an amount in terms of service is not a plan. The promise is
 * facts an agent can trust, so every figure carries the verbatim text it was read from, and whatever the page does not
 * state (a conversion, a price behind "Contact sales") stays null rather than guessed.
 */
export function extractPricing(pages: CompanyPage[]): PricingExtraction {
  const pricing = pages.filter((p) => p.kind === 'pricing').map(readPage);
  const home = pages.filter((p) => p.kind === 'home').map(readPage);
  // The pricing page with the most plans wins; a homepage counts only when it shows figures, not just a sales button.
  const best = [...pricing].sort((a, b) => b.drafts.length - a.drafts.length)[0];
  const chosen = best?.drafts.length ? best : home.find((r) => r.drafts.some((d) => d.kind !== 'contact'));
  if (chosen) return summarise(chosen);
  const salesOnly = pricing.find((r) => r.salesOnly);
  if (salesOnly) return { model: 'contact', freeTier: false, currency: salesOnly.dollar, plans: [], sourceUrl: salesOnly.page.finalUrl };
  return { model: 'unknown', freeTier: false, currency: best?.dollar ?? 'USD', plans: [], sourceUrl: null };
}

/** A plan as read, before duplicates are merged: with what ranks it against another copy of the same plan. */
interface Draft {
  name: string;
  kind: 'priced' | 'free' | 'contact';
  period: BillingPeriod;
  usage: boolean;
  plan: PricingPlan;
}

interface PageReading {
  page: CompanyPage;
  drafts: Draft[];
  dollar: string;
  /** The page asks visitors to contact sales and shows no figure at all. */
  salesOnly: boolean;
}

function readPage(page: CompanyPage): PageReading {
  const $ = load(page.html.trim() ? page.html : textAsHtml(page.text));
  const bodyText = plain(render(($('body')[0] ?? $.root()[0]) as DomNode));
  const dollar = pageDollar(bodyText);
  const verbatim = new Verbatim(page.text || bodyText);
  const read: Reader = { dollar, verbatim };
  let drafts = merge([...cardDrafts($, read), ...tableDrafts($, read)]);
  if (!drafts.length) drafts = merge(gridDrafts($, read));
  const salesOnly = !priceRegex().test(bodyText) && CONTACT_ANYWHERE.test(bodyText);
  return { page, drafts, dollar, salesOnly };
}

function textAsHtml(text: string): string {
  const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<body>${text
    .split('\n')
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join('')}</body>`;
}

function summarise(r: PageReading): PricingExtraction {
  const stated = r.drafts.map((d) => d.plan);
  const currencies = stated.filter((p) => p.priceMonthlyUsd || p.priceMonthly).map((p) => p.currency ?? 'USD');
  const currency = mostCommon(currencies) ?? r.dollar;
  // On a page priced in another currency, a "Contact sales" plan would be quoted in it too: say so, with no figure.
  const foreign = currencies.length > 0 && currency !== 'USD';
  const plans = r.drafts.map((d) => (foreign && d.kind === 'contact' ? reorder({ ...d.plan, priceMonthly: null, currency }) : d.plan));
  const model = modelOf(r.drafts);
  const freeTier = r.drafts.some((d) => d.kind === 'free') || (model === 'usage' && /free tier/i.test(r.page.text) && !/no free tier/i.test(r.page.text));
  return { model, freeTier, currency, plans, sourceUrl: r.page.finalUrl };
}

function modelOf(drafts: Draft[]): PricingModel {
  const priced = drafts.filter((d) => d.kind === 'priced');
  const free = drafts.some((d) => d.kind === 'free');
  if (!drafts.length) return 'unknown';
  if (priced.length && priced.every((d) => d.usage)) return 'usage';
  if (free) return drafts.length > 1 ? 'freemium' : 'free';
  return priced.length ? 'paid' : 'contact';
}

function mostCommon(values: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

interface Reader {
  dollar: string;
  verbatim: Verbatim;
}

// ---------------------------------------------------------------------------------------------------------------
// Plan cards: a heading per plan; the card is the largest block around it that holds no other heading of its rank.

const HEADINGS = 'h1, h2, h3, h4, h5, h6';
const CLASS_HEADING = /(^|[\s_-])(plan|tier|package|pricing|product|card|price)[-_]*(name|title|heading|header)([\s_-]|$)/i;
// Section headings of a pricing page, not plan names.
const SECTION_HEADING =
  /(?<!\p{L})(pricing|prices|plans|preise|preisübersicht|tarifs|compare|comparison|faq|frequently asked|questions|features|vergleich|fragen|comparer|comparatif)(?!\p{L})/iu;
const BADGES =
  /(?<!\p{L})(most popular|popular|recommended|best value|best deal|beliebtest(e|er)?|am beliebtesten|empfohlen|populaire|recommandé|le plus populaire)(?!\p{L})/giu;

function cardDrafts($: CheerioAPI, read: Reader): Draft[] {
  const headings = findHeadings($);
  // Price headings ("<h3>$19</h3>") sit inside cards; they neither name a plan nor bound one.
  const bounding = headings.filter((h) => !priceRegex().test(textOf(h.el)));
  const named = bounding.filter((h) => isPlanName(textOf(h.el)));
  let best: Draft[] = [];
  let bestScore = 0;
  for (const rank of [...new Set(named.map((h) => h.rank))].sort()) {
    const drafts = named
      .filter((h) => h.rank === rank)
      .flatMap((h) => {
        const card = cardAround(h, bounding);
        const d = card ? readCard(card, planName(textOf(h.el)), read) : undefined;
        return d ? [d] : [];
      });
    const score = drafts.filter((d) => d.kind !== 'contact').length + drafts.filter((d) => d.kind === 'contact').length / 2;
    if (score > bestScore) [best, bestScore] = [drafts, score];
  }
  return best.filter((d) => d.kind !== 'contact' || d.plan.features.length || d.name.split(' ').length < 4);
}

interface Heading {
  el: DomNode;
  rank: number;
}

function findHeadings($: CheerioAPI): Heading[] {
  const seen = new Set<DomNode>();
  const out: Heading[] = [];
  for (const el of $(HEADINGS).toArray() as DomNode[]) {
    seen.add(el);
    if (!inTable(el) || inCardCell(el)) out.push({ el, rank: Number(el.name!.slice(1)) });
  }
  for (const el of $('[class], [itemprop="name"]').toArray() as DomNode[]) {
    if (seen.has(el) || (inTable(el) && !inCardCell(el)) || $(el as never).find(HEADINGS).length) continue;
    if (el.attribs?.itemprop === 'name' || CLASS_HEADING.test(el.attribs?.class ?? '')) out.push({ el, rank: 7 });
  }
  return out;
}

function isPlanName(text: string): boolean {
  return text.length > 0 && text.length <= 60 && !text.endsWith('?') && !SECTION_HEADING.test(text);
}

function planName(text: string): string {
  return text.replace(BADGES, '').replace(/\s+/g, ' ').trim() || text;
}

function cardAround(h: Heading, headings: Heading[]): DomNode | undefined {
  let node = h.el;
  for (let parent = node.parent; isElement(parent) && parent.name !== 'body' && parent.name !== 'html'; parent = parent.parent) {
    const p = parent;
    if (headings.some((g) => g.el !== h.el && g.rank <= h.rank && contains(p, g.el) && !contains(h.el, g.el) && !contains(g.el, h.el))) break;
    node = p;
  }
  return node === h.el ? undefined : node;
}

function contains(ancestor: DomNode, node: DomNode): boolean {
  for (let n: DomNode | null | undefined = node; n; n = n.parent) if (n === ancestor) return true;
  return false;
}

/**
 * A table used for layout holds whole cards in its cells (a heading, the price, the pitch): a heading is a card heading
 * when its own cell also states a figure, "Free" or "Contact sales". A comparison table's header cells hold names only.
 */
function inCardCell(el: DomNode): boolean {
  let cell = el.parent;
  while (cell && cell.name !== 'td' && cell.name !== 'th') cell = cell.parent;
  if (!cell) return false;
  const said = lines(render(cell)).filter((l) => l.text !== textOf(el));
  return said.some((l) => priceRegex().test(l.text) || FREE_LINE.test(l.text) || CONTACT_LINE.test(l.text));
}

function inTable(el: DomNode): boolean {
  for (let n = el.parent; n; n = n.parent) if (n.name === 'table') return true;
  return false;
}

function textOf(el: DomNode): string {
  return plain(render(el));
}

/** One card as a plan: its price (or Free, or Contact sales), its features, the text the price was read from. */
function readCard(card: DomNode, name: string, read: Reader): Draft | undefined {
  const attrElements: DomNode[] = [];
  // Cards are often the items of a list (<ul class="plans"><li>…): the card's own item mark does not make it a feature.
  const rendered = render(card, { skipTables: true, attrElements, cardRoot: true }, inheritedMarks(card));
  if (plain(rendered).length > 3000) return undefined;
  const features = [
    ...new Set(
      lines(rendered)
        .filter((l) => l.marks.has('item') && l.text.length <= 120)
        .map((l) => l.text),
    ),
  ];
  return draftFrom(rendered, attrElements, name, features, read);
}

/**
 * Cards without headings (a styled paragraph names the plan): the container whose children most often carry a price
 * is the grid, each priced child a card named by its first line. Read only when no heading-led card or table is found.
 */
function gridDrafts($: CheerioAPI, read: Reader): Draft[] {
  let best: DomNode[] = [];
  for (const el of $('body *').toArray() as DomNode[]) {
    if (inTable(el) || el.name === 'table') continue;
    const priced = (el.children ?? []).filter((c) => isElement(c) && priceRegex().test(textOf(c)));
    if (priced.length >= 2 && priced.length >= best.length) best = priced;
  }
  return best.flatMap((card) => {
    const first = lines(render(card, { skipTables: true }))[0]?.text ?? '';
    if (!isPlanName(first) || first.length > 40 || priceRegex().test(first) || CONTACT_LINE.test(first)) return [];
    const d = readCard(card, planName(first), read);
    return d ? [d] : [];
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Comparison tables: plans as columns with a price row, or (usage price lists) one priced item per row.

const CHECK = /^(✓|✔|✔️|☑|✅|yes|ja|oui|included|inklusive|inklusiv|inclus|incluse|•|●)$/i;
const CROSS = /^(✗|✕|×|❌|-|–|—|no|nein|non|n\/a)?$/i;
const PRICE_LABEL = /price|pricing|cost|preis|prix|tarif|billed|abgerechnet|factur/i;
// A column headed "Monthly" or "Annual" is a billing period, not a plan.
const PERIOD_LABEL = /^(monthly|annual(ly)?|yearly|per (month|year)|monatlich|jährlich|mensuel|annuel)$/i;

function tableDrafts($: CheerioAPI, read: Reader): Draft[] {
  return ($('table').toArray() as DomNode[]).flatMap((table) => {
    const grid = (
      $(table as never)
        .find('tr')
        .toArray() as DomNode[]
    )
      .filter((tr) => closestTable(tr) === table)
      .map((tr) => tr.children!.filter((c) => isElement(c) && (c.name === 'td' || c.name === 'th')));
    if (grid.length < 2) return [];
    const planColumns = grid[0].length >= 3 && !grid[0].slice(1).some((c) => PRICE_LABEL.test(textOf(c)) || PERIOD_LABEL.test(textOf(c)));
    const columns = planColumns ? columnDrafts(grid, read) : [];
    return columns.filter((d) => d.kind !== 'contact').length >= 2 ? columns : rowDrafts(grid, read);
  });
}

function closestTable(el: DomNode): DomNode | undefined {
  for (let n = el.parent; n; n = n.parent) if (n.name === 'table') return n;
  return undefined;
}

function columnDrafts(grid: DomNode[][], read: Reader): Draft[] {
  const drafts: Draft[] = [];
  for (let j = 1; j < grid[0].length; j++) {
    const name = columnName(grid[0][j]);
    if (!name || !isPlanName(name)) continue;
    const attrElements: DomNode[] = [];
    const parts = [render(grid[0][j], { attrElements })];
    const features: string[] = [];
    for (const row of grid.slice(1)) {
      const cell = row[j];
      if (!cell) continue;
      const label = textOf(row[0]);
      const value = textOf(cell);
      const priced = PRICE_LABEL.test(label) || priceRegex().test(value);
      parts.push(priced ? labelled(render(cell, { attrElements }), label) : '');
      if (!priced && label) feature(features, label, value);
    }
    const d = draftFrom(parts.join('\n'), attrElements, name, features, read);
    if (d) drafts.push(d);
  }
  return drafts;
}

/** A price row labelled "Annual" or "Monthly" puts its figures in that toggle side. */
function labelled(rendered: string, label: string): string {
  const marks: Mark[] = [];
  if (/annual|yearly|year|jährlich|jahr|annuel/i.test(label)) marks.push('annual');
  else if (/monthly|month|monatlich|monat|mensuel|mois/i.test(label)) marks.push('monthly');
  return marks.reduce((s, m) => wrap(s, m), `\n${rendered}\n`);
}

function feature(features: string[], label: string, value: string): void {
  if (CHECK.test(value)) features.push(label);
  else if (!CROSS.test(value)) features.push(`${label}: ${value}`.slice(0, 120));
}

function columnName(cell: DomNode): string | undefined {
  const heading = findFirst(cell, (n) => /^h[1-6]$/.test(n.name ?? '') || CLASS_HEADING.test(n.attribs?.class ?? ''));
  const text = heading ? textOf(heading) : lines(render(cell))[0]?.text;
  return text ? planName(text) : undefined;
}

function findFirst(node: DomNode, test: (n: DomNode) => boolean): DomNode | undefined {
  for (const c of node.children ?? []) {
    if (isElement(c) && test(c)) return c;
    const found = findFirst(c, test);
    if (found) return found;
  }
  return undefined;
}

/**
 * A rate table lists one item per row. Rows with a figure are plans; a "Free" or "Contact sales" row is one too when it
 * says so in a column where the priced rows keep their figures (a feature table's "Contact us" note is not).
 */
function rowDrafts(grid: DomNode[][], read: Reader): Draft[] {
  const rows = grid.flatMap((row) => {
    const name = row[0] ? planName(textOf(row[0])) : '';
    if (row.length < 2 || !isPlanName(name) || priceRegex().test(name)) return [];
    const attrElements: DomNode[] = [];
    const rendered = row
      .slice(1)
      .map((c, j) => labelled(render(c, { attrElements }), grid[0][j + 1] ? textOf(grid[0][j + 1]) : ''))
      .join('\n');
    const d = draftFrom(rendered, attrElements, name, [], read);
    return d ? [{ d, row }] : [];
  });
  const priced = rows.filter((r) => r.d.kind === 'priced');
  const priceColumns = new Set(priced.flatMap((r) => r.row.flatMap((c, j) => (j > 0 && priceRegex().test(textOf(c)) ? [j] : []))));
  const saysSo = (r: (typeof rows)[number]) =>
    [...priceColumns].some((j) => r.row[j] && draftFrom(render(r.row[j]), [], r.d.name, [], read)?.kind === r.d.kind);
  return rows.filter((r) => r.d.kind === 'priced' || (priced.length > 0 && saysSo(r))).map((r) => r.d);
}

// ---------------------------------------------------------------------------------------------------------------
// Reading one plan's figures.

interface Mention {
  money: Money;
  raw: string;
  struck: boolean;
  hidden: boolean;
  inList: boolean;
  example: boolean;
  period: BillingPeriod;
  unit?: Unit;
  quotes: string[];
  index: number;
  /** The figure came from a toggle's data attribute, not from the visible text. */
  fromAttribute?: boolean;
}

const PERIOD_RANK: Record<BillingPeriod, number> = { month: 0, none: 1, 'month-annual': 2, year: 3 };
// "was $29", "regularly $29", "statt 29 €", "au lieu de 29 €": the list price beside a promotion.
const WAS = /(?<!\p{L})(was|previously|regular(ly)?|normally|originally|reg\.|instead of|statt|bisher|vorher|au lieu de|avant|prix normal)\s*:?\s*$/iu;
const EXAMPLE = /(?<!\p{L})(example|e\.g\.|for instance|zum beispiel|z\.\s?b\.|beispiel|par exemple|exemple)(?!\p{L})/iu;
// "Free up to 10k requests" is a free tier; "Free for 14 days" is a trial and is not matched.
const FREE_LINE =
  /^((free|kostenlos|gratis|gratuit)( forever| plan| up to .{1,40}| bis zu .{1,40}| jusqu'à .{1,40})?|forever free|always free|umsonst|0 €|€ ?0|\$0)[\s.!]*$/i;
const CONTACT =
  "contact( us| sales| sales team| our sales team)?|talk to (sales|us|an expert|our team)|let['’]?s talk|get a quote|request a quote|request pricing|custom( pricing| price| quote| plan)?|book a demo|request a demo|schedule a demo|kontakt|kontaktieren|kontaktieren sie uns|vertrieb kontaktieren|kontakt aufnehmen|auf anfrage|preis auf anfrage|individuell|individuelle preise|angebot anfordern|nous contacter|contactez[- ]nous|contacter (les ventes|le service commercial|l'équipe commerciale)|sur devis|sur mesure|demander un devis|parlons-en";
const CONTACT_LINE = new RegExp(`^(${CONTACT})[\\s.!→›>]*$`, 'iu');
const CONTACT_ANYWHERE = /(?<!\p{L})(contact sales|talk to sales|contact us for pricing|vertrieb kontaktieren|nous contacter)(?!\p{L})/iu;

function draftFrom(rendered: string, attrElements: DomNode[], name: string, features: string[], read: Reader): Draft | undefined {
  const mentions = [...findMentions(rendered, read.dollar), ...attributeMentions(rendered, attrElements, read.dollar)].filter((m) => !m.example);
  const outside = mentions.filter((m) => !m.inList);
  const textLines = lines(rendered).filter((l) => !l.marks.has('item'));
  const base = { name, features };
  if (outside.length) return priced(outside, base, read);
  const free = textLines.find((l) => FREE_LINE.test(l.text));
  if (free) return fixed(base, 'free', free.text, read);
  const contact = textLines.find((l) => CONTACT_LINE.test(l.text));
  if (contact) return fixed(base, 'contact', contact.text, read);
  if (mentions.length) return priced(mentions, base, read);
  // A plan headed "Free" with no figure is the free plan; its heading is the text that says so.
  return FREE_LINE.test(name) ? fixed(base, 'free', name, read) : undefined;
}

function fixed(base: { name: string; features: string[] }, kind: 'free' | 'contact', text: string, read: Reader): Draft {
  const plan: PricingPlan = { name: base.name, priceMonthlyUsd: kind === 'free' ? 0 : null, features: base.features, quote: read.verbatim.quote([text]) };
  return { name: base.name, kind, period: 'none', usage: false, plan };
}

/** The list price among a card's figures: the struck one beside a promotion, the monthly one beside a yearly one. */
function priced(mentions: Mention[], base: { name: string; features: string[] }, read: Reader): Draft {
  const struck = mentions.filter((m) => m.struck);
  const current = mentions.filter((m) => !m.struck);
  const promo = struck.length && current.length ? best(current) : undefined;
  const list = best(promo ? struck : mentions);
  const notes: string[] = [];
  let value = list.money.value;
  if (list.period === 'year') {
    value = roundCents(value / 12);
    notes.push(`billed annually: ${list.raw} / 12`);
  } else if (list.period === 'month-annual') notes.push(`billed annually (${list.raw} per month)`);
  if (list.fromAttribute) notes.push("monthly price from the page's monthly/annual toggle");
  if (promo) notes.push(`promotional price ${promo.raw} shown beside the struck-through list price ${list.raw}`);
  const usd = list.money.currency === 'USD';
  const plan: PricingPlan = {
    name: base.name,
    priceMonthlyUsd: usd || value === 0 ? value : null,
    features: base.features,
    quote: read.verbatim.quote(list.quotes),
  };
  if (!usd) Object.assign(plan, { priceMonthly: value, currency: list.money.currency });
  if (list.unit) plan.unit = list.unit.unit;
  if (notes.length) plan.note = notes.join('; ');
  return { name: base.name, kind: value === 0 ? 'free' : 'priced', period: list.period, usage: Boolean(list.unit?.usage), plan: reorder(plan) };
}

/** Keys in the order the type declares them, so a plan prints the way a reader expects. */
function reorder(p: PricingPlan): PricingPlan {
  const { name, priceMonthlyUsd, priceMonthly, currency, unit, features, quote, note } = p;
  return JSON.parse(JSON.stringify({ name, priceMonthlyUsd, priceMonthly, currency, unit, features, quote, note })) as PricingPlan;
}

function best(mentions: Mention[]): Mention {
  const key = (m: Mention) => [PERIOD_RANK[m.period], m.hidden ? 1 : 0, m.index];
  return [...mentions].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  })[0];
}

function findMentions(rendered: string, dollar: string): Mention[] {
  const matches = [...rendered.matchAll(priceRegex())];
  // A toggle side's caption ("billed yearly") says nothing about a figure on the other side: each reads its own.
  const without: Partial<Record<Mark, string>> = {};
  const sideless = (mark: Mark) => (without[mark] ??= blankMarked(rendered, mark));
  return matches.flatMap((m, i) => {
    const start = m.index;
    const end = start + m[0].length;
    const marks = new Set([...marksAt(rendered, start), ...marksAt(rendered, end)]);
    const other: Mark | undefined =
      marks.has('monthly') && !marks.has('annual') ? 'annual' : marks.has('annual') && !marks.has('monthly') ? 'monthly' : undefined;
    const around = surroundings(rendered, start, end, matches[i + 1]?.index ?? rendered.length, other && sideless(other));
    const money = readMoney(m as RegExpExecArray, dollar, around.line);
    if (!money) return [];
    const raw = plain(m[0]);
    const struck = marks.has('struck') || WAS.test(around.before);
    return [
      {
        money,
        raw,
        struck,
        hidden: marks.has('hidden'),
        inList: marks.has('item'),
        example: EXAMPLE.test(around.line),
        period: billingPeriod(around.after, { monthly: marks.has('monthly'), annual: marks.has('annual') }),
        unit: readUnit(around.after),
        quotes: around.shared && !struck ? [around.segment, raw] : [around.block, around.line, around.segment, raw],
        index: start,
      },
    ];
  });
}

/** A toggle's monthly price kept in a data attribute: read as monthly, quoted from the line the element shows. */
function attributeMentions(rendered: string, attrElements: DomNode[], dollar: string): Mention[] {
  const out: Mention[] = [];
  let at = rendered.indexOf(ATTR_POINT);
  for (const el of attrElements) {
    if (at < 0) break;
    const raw = monthlyAttribute(el)!;
    const around = surroundings(rendered, at, at, rendered.length);
    const match = priceRegex().exec(raw);
    const shown = priceRegex().exec(around.line);
    const money = match ? readMoney(match, dollar, raw) : shown ? readMoney(shown, dollar, around.line) : { value: 0, currency: dollar };
    const digits = /[\d.,]+/.exec(raw)?.[0] ?? '';
    if (money && digits) {
      const value = match ? money.value : parseAmount(digits, money.currency === 'EUR');
      const marks = marksAt(rendered, at);
      const period: BillingPeriod = 'month';
      const quotes = [around.block, around.line];
      out.push({ money: { ...money, value }, raw, struck: false, hidden: false, inList: marks.has('item'), example: false, period, quotes, index: at });
      if (!around.line.includes(digits)) out[out.length - 1].fromAttribute = true;
      out[out.length - 1].unit = readUnit(around.after);
    }
    at = rendered.indexOf(ATTR_POINT, at + 1);
  }
  return out;
}

/** `rendered` with the text inside `mark` regions blanked out (line breaks and positions kept). */
function blankMarked(rendered: string, mark: Mark): string {
  const [open, close] = [wrap('', mark)[0], wrap('', mark)[1]];
  let depth = 0;
  const out: string[] = [];
  for (let i = 0; i < rendered.length; i++) {
    const c = rendered[i];
    if (c === open) depth++;
    else if (c === close) depth = Math.max(0, depth - 1);
    out.push(depth > 0 && c !== '\n' && c !== open ? ' ' : c);
  }
  return out.join('');
}

// Short lines that finish a price block: "/month", "per user", "billed annually", "(excl. VAT)".
const CONTINUATION =
  /^(\/|\(|\+|per |pro |par |je |each |billed|paid|factur|abgerechnet|bei |when |a |an |user|seat|month|mo\b|year|excl|incl|zzgl|zzgl\.|ht\b|ttc\b|monthly|annually|yearly|jährlich|monatlich|mensuel|annuel|usd|eur|cad|aud)/i;

interface Surroundings {
  /** The line up to the figure. */
  before: string;
  /** What follows the figure up to the next figure: the rest of its line and the short lines finishing its block. */
  after: string;
  line: string;
  /** The figure's line and the lines finishing its block: the preferred quote. */
  block: string;
  /** The figure and its words up to the next figure or the line's end. */
  segment: string;
  /** Another figure shares the line ("$19$15/mo" of a toggle): the line alone would misquote. */
  shared: boolean;
}

/** `sided`: the rendered text with the other toggle side blanked, which the words after the figure are read from. */
function surroundings(rendered: string, start: number, end: number, next: number, sided = rendered): Surroundings {
  const lineStart = rendered.lastIndexOf('\n', start - 1) + 1;
  let lineEnd = rendered.indexOf('\n', end);
  if (lineEnd < 0) lineEnd = rendered.length;
  const following: string[] = [];
  let cursor = lineEnd;
  while (following.length < 3 && cursor < rendered.length && cursor < next) {
    const nextEnd = rendered.indexOf('\n', cursor + 1);
    const stop = nextEnd < 0 ? rendered.length : nextEnd;
    const text = plain(sided.slice(cursor + 1, Math.min(stop, next)));
    cursor = stop;
    if (!text) continue;
    if (text.length > 40 || !CONTINUATION.test(text)) break;
    following.push(text);
  }
  const rest = plain(sided.slice(end, Math.min(lineEnd, next)));
  const line = plain(rendered.slice(lineStart, lineEnd));
  return {
    before: plain(rendered.slice(lineStart, start)),
    after: [rest, ...following].join(' ').trim(),
    line,
    block: [line, ...following].join(' '),
    segment: plain(rendered.slice(start, Math.min(lineEnd, next))).replace(/[\s([,;:–—-]+$/, ''),
    shared: next < lineEnd || priceRegex().test(plain(rendered.slice(lineStart, start))),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Copies of one plan (mobile and desktop cards, the monthly and annual blocks of a toggle, a card and its table column).

function merge(drafts: Draft[]): Draft[] {
  const groups = new Map<string, Draft[]>();
  for (const d of drafts) {
    const key = d.name
      .toLowerCase()
      .replace(/\s+(plan|tier|tarif|paket|offre|formule)$/u, '')
      .replace(/\s+/g, ' ');
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  return [...groups.values()].map((copies) => {
    const kindRank = (d: Draft) => (d.kind === 'contact' ? 1 : 0);
    const chosen = [...copies].sort((a, b) => kindRank(a) - kindRank(b) || PERIOD_RANK[a.period] - PERIOD_RANK[b.period])[0];
    // The first copy in page order with the same figure keeps its card's features and quote.
    const same = copies.find((d) => d.kind === chosen.kind && samePrice(d.plan, chosen.plan)) ?? chosen;
    const features = same.plan.features.length ? same.plan.features : (copies.find((d) => d.plan.features.length)?.plan.features ?? []);
    return { ...same, plan: { ...same.plan, features } };
  });
}

function samePrice(a: PricingPlan, b: PricingPlan): boolean {
  return a.priceMonthlyUsd === b.priceMonthlyUsd && a.priceMonthly === b.priceMonthly && a.currency === b.currency && a.unit === b.unit;
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * Finds a quote in the page's stored text regardless of how whitespace fell there (the crawler may break lines where
 * this renderer did not), and returns that text with whitespace collapsed, so a reader finds it in the page.
 */
class Verbatim {
  private readonly compact: string;
  private readonly positions: number[] = [];

  constructor(private readonly text: string) {
    const chars: string[] = [];
    for (let i = 0; i < text.length; i++) {
      if (/\s/.test(text[i])) continue;
      chars.push(text[i]);
      this.positions.push(i);
    }
    this.compact = chars.join('');
  }

  /** The first candidate found in the page, as the page writes it; the last candidate when none is. */
  quote(candidates: string[]): string {
    for (const c of candidates) {
      const needle = c.replace(/\s+/g, '');
      const at = needle ? this.compact.indexOf(needle) : -1;
      if (at >= 0) {
        return this.text
          .slice(this.positions[at], this.positions[at + needle.length - 1] + 1)
          .replace(/\s+/g, ' ')
          .trim();
      }
    }
    return plain(candidates[candidates.length - 1] ?? '');
  }
}
