/** Plan cards: a heading per plan; the card is the largest block around it that holds no other heading of its rank. */
import type { CheerioAPI } from 'cheerio';
import { CONTACT_LINE, type Draft, draftFrom, FREE_LINE, type Reader } from './draft';
import { priceRegex } from './money';
import { CLASS_HEADING, isPlanName, planName } from './names';
import { type DomNode, inheritedMarks, isElement, lines, plain, render, textOf } from './render';

const HEADINGS = 'h1, h2, h3, h4, h5, h6';

export function cardDrafts($: CheerioAPI, read: Reader): Draft[] {
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
export function gridDrafts($: CheerioAPI, read: Reader): Draft[] {
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
