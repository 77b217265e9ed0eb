/** The figures in a plan's rendered text, each with what surrounds it: struck or hidden, its period, its unit, its quote. */
import { type BillingPeriod, billingPeriod, type Money, parseAmount, priceRegex, readMoney, readUnit, type Unit } from './money';
import { ATTR_POINT, type DomNode, type Mark, marksAt, monthlyAttribute, plain, wrap } from './render';

export interface Mention {
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

// "was $29", "regularly $29", "statt 29 €", "au lieu de 29 €": the list price beside a promotion.
const WAS = /(?<!\p{L})(was|previously|regular(ly)?|normally|originally|reg\.|instead of|statt|bisher|vorher|au lieu de|avant|prix normal)\s*:?\s*$/iu;
const EXAMPLE = /(?<!\p{L})(example|e\.g\.|for instance|zum beispiel|z\.\s?b\.|beispiel|par exemple|exemple)(?!\p{L})/iu;

export function findMentions(rendered: string, dollar: string): Mention[] {
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
export function attributeMentions(rendered: string, attrElements: DomNode[], dollar: string): Mention[] {
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
