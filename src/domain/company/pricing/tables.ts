/** Comparison tables: plans as columns with a price row, or (usage price lists) one priced item per row. */
import type { CheerioAPI } from 'cheerio';
import { type Draft, draftFrom, type Reader } from './draft';
import { priceRegex } from './money';
import { CLASS_HEADING, isPlanName, planName } from './names';
import { type DomNode, isElement, lines, type Mark, render, textOf, wrap } from './render';

const CHECK = /^(✓|✔|✔️|☑|✅|yes|ja|oui|included|inklusive|inklusiv|inclus|incluse|•|●)$/i;
const CROSS = /^(✗|✕|×|❌|-|–|—|no|nein|non|n\/a)?$/i;
const PRICE_LABEL = /price|pricing|cost|preis|prix|tarif|billed|abgerechnet|factur/i;
// A column headed "Monthly" or "Annual" is a billing period, not a plan.
const PERIOD_LABEL = /^(monthly|annual(ly)?|yearly|per (month|year)|monatlich|jährlich|mensuel|annuel)$/i;

export function tableDrafts($: CheerioAPI, read: Reader): Draft[] {
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
