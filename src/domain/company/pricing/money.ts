/**
 * Reading money out of pricing text: amounts in US and European formats, the currency a symbol or code stands for,
 * the billing period and the unit ("per seat", "per 1,000 requests") written beside a figure. Pure string work; the
 * page structure (cards, tables, toggles) is the business of the files beside this one.
 */

/** How often the figure is charged, as the words beside it say. `month-annual` is "$99/mo billed annually". */
export type BillingPeriod = 'month' | 'none' | 'month-annual' | 'year';

/** Private-use characters the renderer wraps marked regions in; the price pattern must step over them. */
export const MARKER_CLASS = '\\uE000-\\uE00F';
const GAP = `[\\s${MARKER_CLASS}]*`;

const CODES = 'USD|EUR|GBP|CAD|AUD|NZD|CHF|JPY|INR|SEK|NOK|DKK|BRL|SGD|HKD|MXN|PLN|CZK';
// Longest first: "CA$" must win over "$".
const PREFIX_SYMBOLS = ['US$', 'CA$', 'AU$', 'NZ$', 'HK$', 'MX$', 'C$', 'A$', 'S$', 'R$', '$', '€', '£', '¥', '₹'];
const SYMBOL_CURRENCY: Record<string, string> = {
  US$: 'USD',
  CA$: 'CAD',
  C$: 'CAD',
  AU$: 'AUD',
  A$: 'AUD',
  NZ$: 'NZD',
  HK$: 'HKD',
  S$: 'SGD',
  R$: 'BRL',
  MX$: 'MXN',
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  '₹': 'INR',
};
const NUM = '\\d{1,3}(?:[.,\\u00a0\\u202f]\\d{3})+(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d+)?';
const escapeRegex = (s: string) => s.replace(/[$.]/g, '\\$&');
const PREFIX = `${PREFIX_SYMBOLS.map(escapeRegex).join('|')}|(?<!\\p{L})(?:${CODES})(?!\\p{L})`;

/**
 * A price: a symbol or code before the number ("$19", "CA$ 25", "USD 19", "$19 CAD") or after it ("19 €", "1.199 €",
 * "19,00 EUR"). A bare "$" after a number is not accepted: "plan 2 $19" would otherwise read as "2 $".
 */
const PRICE_SOURCE =
  `(?<![\\d.,])(?:(?<pre>${PREFIX})${GAP}(?<n1>${NUM})(?!\\d)(?:[ \\u00a0]?(?<code>${CODES})(?!\\p{L}))?` +
  `|(?<n2>${NUM})(?!\\d)${GAP}(?<post>€|£|(?:${CODES})(?!\\p{L})))`;

export function priceRegex(): RegExp {
  return new RegExp(PRICE_SOURCE, 'gu');
}

export interface Money {
  value: number;
  currency: string;
}

/** The amount and currency of one match of priceRegex(); `dollar` is what a bare "$" means on this page. */
export function readMoney(m: RegExpExecArray, dollar: string, line: string): Money | undefined {
  const g = m.groups ?? {};
  const symbol = g.pre ?? g.post ?? '';
  let currency = SYMBOL_CURRENCY[symbol] ?? (symbol === '$' ? dollar : symbol.toUpperCase());
  if (g.code) currency = g.code;
  // "$19 / month (CAD)": a currency code near a bare dollar sign says which dollar.
  else if (symbol === '$') currency = /(?<!\p{L})(USD|CAD|AUD|NZD|SGD|HKD|MXN)(?!\p{L})/u.exec(line)?.[1] ?? currency;
  const european = Boolean(g.post) || currency === 'EUR';
  const value = parseAmount(g.n1 ?? g.n2 ?? '', european);
  return Number.isFinite(value) ? { value, currency } : undefined;
}

/** "1,188" → 1188, "19,00" → 19, "1.199" (European) → 1199, "0.002" → 0.002. */
export function parseAmount(raw: string, european: boolean): number {
  const s = raw.replace(/[\s\u00a0\u202f]/g, '');
  const dot = s.lastIndexOf('.');
  const comma = s.lastIndexOf(',');
  if (dot >= 0 && comma >= 0) {
    const decimal = dot > comma ? '.' : ',';
    return Number(
      s
        .split(decimal === '.' ? ',' : '.')
        .join('')
        .replace(decimal, '.'),
    );
  }
  if (comma >= 0 || dot >= 0) {
    const sep = comma >= 0 ? ',' : '.';
    const parts = s.split(sep);
    // Three digits after the only separator group thousands: a comma in English, a dot in European writing.
    const grouping = parts.length > 2 || (parts[1].length === 3 && Number(parts[0]) > 0 && (sep === ',') !== european);
    return Number(grouping ? parts.join('') : parts.join('.'));
  }
  return Number(s);
}

/** What a bare "$" means: USD unless the page says its prices are in another dollar. */
export function pageDollar(text: string): string {
  const m =
    /(?:prices|pricing|amounts|figures|preise|prix)\s+(?:are\s+|sont\s+|sind\s+)?(?:shown\s+|listed\s+|displayed\s+|quoted\s+|stated\s+|given\s+|indiqués\s+)?(?:in|en)\s+(?:(USD|CAD|AUD|NZD|SGD|HKD|MXN)(?!\p{L})|(US|Canadian|Australian|New Zealand|Singapore|Hong Kong)\s+dollars?)/iu.exec(
      text,
    );
  if (!m) return 'USD';
  if (m[1]) return m[1].toUpperCase();
  const names: Record<string, string> = { us: 'USD', canadian: 'CAD', australian: 'AUD', 'new zealand': 'NZD', singapore: 'SGD', 'hong kong': 'HKD' };
  return names[m[2].toLowerCase()] ?? 'USD';
}

const word = (alternatives: string) => new RegExp(`(?<!\\p{L})(?:${alternatives})(?!\\p{L})`, 'iu');
const MONTH = word('mo|mos|mth|month|months|monthly|monat|monate|monats|monatlich|mois|mensuel|mensuelle|mensuellement|mes');
const YEAR = new RegExp(
  `${word('yr|yrs|year|years|yearly|annual|annually|jahr|jahres|jährlich|jaehrlich|jahresabo|année|annee|annuel|annuelle|annuellement').source}|(?:\\/|(?<!\\p{L})par\\s+)an(?!\\p{L})`,
  'iu',
);

/**
 * The period the words after a figure give it. A month word before a year word is a monthly figure ("$99/mo billed
 * annually" is monthly, billed yearly); a year word alone is a yearly total. With no words, the toggle block the figure
 * sits in (a "monthly" or "annual" class) decides.
 */
export function billingPeriod(after: string, context: { monthly: boolean; annual: boolean }): BillingPeriod {
  const month = MONTH.exec(after)?.index ?? -1;
  const year = YEAR.exec(after)?.index ?? -1;
  if (month >= 0 && (year < 0 || month < year)) return year >= 0 || (context.annual && !context.monthly) ? 'month-annual' : 'month';
  if (year >= 0) return 'year';
  if (context.monthly) return 'month';
  return context.annual ? 'month-annual' : 'none';
}

// Nouns a price is charged per, with the English unit they name. Seats are people or places; the rest is usage.
const SEAT_NOUNS: Record<string, string> = {
  seat: 'seat',
  user: 'user',
  member: 'member',
  editor: 'editor',
  agent: 'agent',
  host: 'host',
  node: 'node',
  server: 'server',
  instance: 'instance',
  domain: 'domain',
  project: 'project',
  site: 'site',
  workspace: 'workspace',
  contact: 'contact',
  subscriber: 'subscriber',
  license: 'license',
  licence: 'license',
  nutzer: 'user',
  benutzer: 'user',
  anwender: 'user',
  mitarbeiter: 'user',
  lizenz: 'license',
  platz: 'seat',
  utilisateur: 'user',
  membre: 'member',
  siège: 'seat',
  poste: 'seat',
};
const USAGE_NOUNS: Record<string, string> = {
  request: 'request',
  call: 'call',
  'api call': 'API call',
  queries: 'query',
  query: 'query',
  execution: 'execution',
  invocation: 'invocation',
  run: 'run',
  event: 'event',
  message: 'message',
  email: 'email',
  sms: 'SMS',
  token: 'token',
  credit: 'credit',
  minute: 'minute',
  min: 'minute',
  hour: 'hour',
  hr: 'hour',
  second: 'second',
  gb: 'GB',
  tb: 'TB',
  mb: 'MB',
  gib: 'GiB',
  build: 'build',
  page: 'page',
  document: 'document',
  image: 'image',
  transaction: 'transaction',
  operation: 'operation',
  record: 'record',
  row: 'row',
  character: 'character',
  anfrage: 'request',
  anfragen: 'request',
  aufruf: 'call',
  requête: 'request',
  appel: 'call',
};
const NOUNS = { ...SEAT_NOUNS, ...USAGE_NOUNS };
const NOUN_ALTERNATIVES = Object.keys(NOUNS)
  .sort((a, b) => b.length - a.length)
  .join('|');
const QUANTITY = '\\d[\\d,.]*\\s*(?:k|m|million|thousand)?|million|thousand|1k';
const UNIT = new RegExp(
  `(?:\\/|(?<!\\p{L})(?:per|pro|par|each|je)\\s+)\\s*(?:(?<qty>${QUANTITY})\\s*)?(?:active\\s+|aktive[rn]?\\s+)?(?<noun>${NOUN_ALTERNATIVES})(?:s|es|n|en)?(?<per>-(?:second|minute|hour|day|month))?(?!\\p{L})`,
  'iu',
);

export interface Unit {
  unit: string;
  usage: boolean;
}

/** "per user", "per 1,000 requests", "per GB" from the words after a figure ("/user/month", "pro Nutzer", "par utilisateur"). */
export function readUnit(after: string): Unit | undefined {
  const m = UNIT.exec(after);
  if (!m?.groups) return undefined;
  const key = m.groups.noun.toLowerCase();
  const noun = NOUNS[key];
  const qty = m.groups.qty?.trim();
  const many = qty !== undefined && !/^1$/.test(qty);
  const plural = many && !/^(GB|TB|MB|GiB|SMS)$/.test(noun) ? (noun === 'query' ? 'queries' : `${noun}s`) : noun;
  return { unit: `per ${qty ? `${qty} ` : ''}${plural}${m.groups.per?.toLowerCase() ?? ''}`, usage: key in USAGE_NOUNS };
}

/** Monthly figures from yearly totals are rounded to cents: 1188 / 12 is 99, 100 / 12 is 8.33. */
export function roundCents(n: number): number {
  return Math.round(n * 100) / 100;
}
