/**
 * Renders a part of a pricing page to text that keeps what the DOM says about each figure: struck through (a list
 * price beside a promotion), hidden (the other side of a monthly/annual toggle), inside a "monthly" or "annual" block,
 * inside a list item (a feature, not the headline price). Those regions are wrapped in private-use marker characters,
 * so the price patterns run over plain text and each match can still ask where it sat.
 */

/** The slice of domhandler's node shapes this file reads (cheerio's nodes satisfy it). */
export interface DomNode {
  type: string;
  data?: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
  parent?: DomNode | null;
}

export type Mark = 'struck' | 'annual' | 'monthly' | 'hidden' | 'item';
const MARKS: Record<Mark, [string, string]> = {
  struck: ['\uE000', '\uE001'],
  annual: ['\uE002', '\uE003'],
  monthly: ['\uE004', '\uE005'],
  hidden: ['\uE006', '\uE007'],
  item: ['\uE008', '\uE009'],
};
/** Stands where an element carrying a monthly price in a data attribute begins. */
export const ATTR_POINT = '\uE00A';
const ALL_MARKERS = /[\uE000-\uE00F]/g;

const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'pre', 'code', 'head', 'iframe', 'select', 'option']);
const BLOCKS = new Set(
  'address article aside blockquote br button dd div dl dt figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr label li main nav ol p section summary details table tbody thead tfoot tr td th ul a'.split(
    ' ',
  ),
);

export const isElement = (n: DomNode | null | undefined): n is DomNode & { name: string; attribs: Record<string, string>; children: DomNode[] } =>
  Boolean(n && (n.type === 'tag' || n.type === 'script' || n.type === 'style') && n.name);

export interface RenderOptions {
  /** Leave tables out: a card's figures are its own, a comparison table is read column by column. */
  skipTables?: boolean;
  /** Elements carrying a monthly price in a data attribute, in the order their ATTR_POINT appears. */
  attrElements?: DomNode[];
  /** The rendered element is a card even if it is a list item: only list items inside it are features. */
  cardRoot?: boolean;
}

/** The element and what it contains, as marked text. Marks the ancestors put on it are opened first. */
export function render(node: DomNode, options: RenderOptions = {}, inherited: Mark[] = []): string {
  const out: string[] = inherited.map((m) => MARKS[m][0]);
  walk(node, out, options, options.cardRoot);
  out.push(...inherited.map((m) => MARKS[m][1]).reverse());
  return out.join('');
}

function walk(node: DomNode, out: string[], options: RenderOptions, cardRoot = false): void {
  if (node.type === 'text') {
    out.push(node.data ?? '');
    return;
  }
  if (!isElement(node)) {
    for (const c of node.children ?? []) walk(c, out, options);
    return;
  }
  if (SKIPPED.has(node.name) || (options.skipTables && node.name === 'table')) return;
  const marks = marksOf(node).filter((m) => !(cardRoot && m === 'item'));
  const block = BLOCKS.has(node.name);
  out.push(...marks.map((m) => MARKS[m][0]));
  if (block) out.push('\n');
  if (monthlyAttribute(node) !== undefined && options.attrElements) {
    options.attrElements.push(node);
    out.push(ATTR_POINT);
  }
  for (const c of node.children) walk(c, out, options);
  if (block) out.push('\n');
  out.push(...marks.map((m) => MARKS[m][1]).reverse());
}

const STRUCK_CLASS = /strike|line-?through|old-?price|price-?old|original-?price|was-?price|price-?was|compare-?at|crossed|regular-?price|list-?price-?old/i;
const HIDDEN_CLASS = /(^|\s)(hidden|d-none|is-hidden|invisible|display-none)(\s|$)/i;
const ANNUAL_WORDS = /annual|yearly|year|jahr|jährlich|jaehrlich|annuel/i;
const MONTHLY_WORDS = /monthly|month|monat|mensuel/i;
// Data attributes whose value names the billing period of a block (data-billing="yearly", data-period="monthly").
const PERIOD_ATTRIBUTE = /^data-(.*(period|billing|interval|cycle|frequency|term|toggle|tab|plan|show|state|pricing).*)$/i;

/** `text` wrapped in a mark, as if an element with that mark held it (a comparison table's "Annual" row). */
export function wrap(text: string, mark: Mark): string {
  return MARKS[mark][0] + text + MARKS[mark][1];
}

/** The marks one element puts on its content. */
export function marksOf(el: DomNode): Mark[] {
  const a = el.attribs ?? {};
  const marks: Mark[] = [];
  const style = (a.style ?? '').toLowerCase();
  if (/^(s|del|strike)$/.test(el.name ?? '') || /line-through/.test(style) || STRUCK_CLASS.test(a.class ?? '')) marks.push('struck');
  if ('hidden' in a || a['aria-hidden'] === 'true' || /display\s*:\s*none|visibility\s*:\s*hidden/.test(style) || HIDDEN_CLASS.test(a.class ?? '')) {
    marks.push('hidden');
  }
  const periodWords = [
    a.class,
    a.id,
    a['aria-label'],
    ...Object.entries(a)
      .filter(([k]) => PERIOD_ATTRIBUTE.test(k))
      .map(([, v]) => v),
  ]
    .filter(Boolean)
    .join(' ');
  const annual = ANNUAL_WORDS.test(periodWords);
  const monthly = MONTHLY_WORDS.test(periodWords);
  if (annual && !monthly) marks.push('annual');
  if (monthly && !annual) marks.push('monthly');
  if (el.name === 'li') marks.push('item');
  return marks;
}

/** The monthly price a toggle keeps in a data attribute (data-monthly="19", data-price-monthly="$19"), if any. */
export function monthlyAttribute(el: DomNode): string | undefined {
  for (const [k, v] of Object.entries(el.attribs ?? {})) {
    if (/^data-(?:[a-z]+-)*(?:monthly|month|mo)(?:-[a-z]+)*$/i.test(k) && /\d/.test(v) && v.length < 24) return v.trim();
  }
  return undefined;
}

/** The marks ancestors of `el` (up to the document) put on it: the toggle block a card sits in, a hidden copy. */
export function inheritedMarks(el: DomNode): Mark[] {
  const marks = new Set<Mark>();
  for (let p = el.parent; p && isElement(p); p = p.parent) for (const m of marksOf(p)) if (m !== 'item' && m !== 'struck') marks.add(m);
  if (marks.has('annual') && marks.has('monthly')) {
    marks.delete('annual');
    marks.delete('monthly');
  }
  return [...marks];
}

/** Which marks are open at `index` of a rendered string. */
export function marksAt(rendered: string, index: number): Set<Mark> {
  const depth = new Map<string, number>();
  for (let i = 0; i < index; i++) {
    const c = rendered[i];
    if (c >= '\uE000' && c <= '\uE009') depth.set(c, (depth.get(c) ?? 0) + 1);
  }
  const open = new Set<Mark>();
  for (const [mark, [o, c]] of Object.entries(MARKS) as Array<[Mark, [string, string]]>) if ((depth.get(o) ?? 0) > (depth.get(c) ?? 0)) open.add(mark);
  return open;
}

/** Rendered text as a reader sees it: markers gone, whitespace collapsed. */
export function plain(s: string): string {
  return s.replace(ALL_MARKERS, '').replace(/\s+/g, ' ').trim();
}

/** Like plain(), but one entry per rendered line, each with the marks open where it starts or inside it. One pass. */
export function lines(rendered: string): Array<{ text: string; marks: Set<Mark> }> {
  const result: Array<{ text: string; marks: Set<Mark> }> = [];
  const depth = new Map<Mark, number>();
  const entries = Object.entries(MARKS) as Array<[Mark, [string, string]]>;
  const openNow = () => new Set(entries.filter(([m]) => (depth.get(m) ?? 0) > 0).map(([m]) => m));
  let marks = openNow();
  let line = '';
  const flush = () => {
    const text = plain(line);
    if (text) result.push({ text, marks });
    line = '';
    marks = openNow();
  };
  for (const c of rendered) {
    if (c === '\n') {
      flush();
      continue;
    }
    const entry = entries.find(([, [o, cl]]) => c === o || c === cl);
    if (entry) {
      depth.set(entry[0], (depth.get(entry[0]) ?? 0) + (c === entry[1][0] ? 1 : -1));
      if (c === entry[1][0]) marks.add(entry[0]);
    }
    line += c;
  }
  flush();
  return result;
}

export function textOf(el: DomNode): string {
  return plain(render(el));
}
