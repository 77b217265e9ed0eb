/** One plan from its rendered text: the list price among its figures, else Free or Contact sales, each quoted as the page writes it. */
import type { PricingPlan } from '../types';
import { type Mention, attributeMentions, findMentions } from './mentions';
import { type BillingPeriod, roundCents } from './money';
import { type DomNode, lines } from './render';
import type { Verbatim } from './verbatim';

/** A plan as read, before duplicates are merged: with what ranks it against another copy of the same plan. */
export interface Draft {
  name: string;
  kind: 'priced' | 'free' | 'contact';
  period: BillingPeriod;
  usage: boolean;
  plan: PricingPlan;
}

export interface Reader {
  dollar: string;
  verbatim: Verbatim;
}

export const PERIOD_RANK: Record<BillingPeriod, number> = { month: 0, none: 1, 'month-annual': 2, year: 3 };
// "Free up to 10k requests" is a free tier; "Free for 14 days" is a trial and is not matched.
export const FREE_LINE =
  /^((free|kostenlos|gratis|gratuit)( forever| plan| up to .{1,40}| bis zu .{1,40}| jusqu'à .{1,40})?|forever free|always free|umsonst|0 €|€ ?0|\$0)[\s.!]*$/i;
const CONTACT =
  "contact( us| sales| sales team| our sales team)?|talk to (sales|us|an expert|our team)|let['’]?s talk|get a quote|request a quote|request pricing|custom( pricing| price| quote| plan)?|book a demo|request a demo|schedule a demo|kontakt|kontaktieren|kontaktieren sie uns|vertrieb kontaktieren|kontakt aufnehmen|auf anfrage|preis auf anfrage|individuell|individuelle preise|angebot anfordern|nous contacter|contactez[- ]nous|contacter (les ventes|le service commercial|l'équipe commerciale)|sur devis|sur mesure|demander un devis|parlons-en";
export const CONTACT_LINE = new RegExp(`^(${CONTACT})[\\s.!→›>]*$`, 'iu');
export const CONTACT_ANYWHERE = /(?<!\p{L})(contact sales|talk to sales|contact us for pricing|vertrieb kontaktieren|nous contacter)(?!\p{L})/iu;

export function draftFrom(rendered: string, attrElements: DomNode[], name: string, features: string[], read: Reader): Draft | undefined {
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
export function reorder(p: PricingPlan): PricingPlan {
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
