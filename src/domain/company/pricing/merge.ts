/** Copies of one plan (mobile and desktop cards, the monthly and annual blocks of a toggle, a card and its table column) merged into one. */
import type { PricingPlan } from '../types';
import { type Draft, PERIOD_RANK } from './draft';

export function merge(drafts: Draft[]): Draft[] {
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
