import type { PricingArtifact } from '../artifacts';

/** What a pricing page says about starting without a sales call. */
export function parsePricing(url: string, text: string): PricingArtifact {
  const t = text.toLowerCase();
  const freeTier = /\bfree (tier|plan|forever|trial)\b|\bstart (for )?free\b|\btry (it )?(for )?free\b|\$0\b|\bfree\s*\/\s*mo/.test(t);
  const publicPrices = /(\$|€|£)\s?\d+([.,]\d+)?(\s*(\/|per)\s*(mo|month|year|yr|user|seat|request|call|1k|1,000|gb))?/.test(t);
  const signup = /\b(sign ?up|get started|start (for )?free|create (an )?account|start building|get an api key|try (it )?free)\b/.test(t);
  const sales = /\b(contact sales|talk to sales|request a demo|book a demo|contact us for pricing)\b/.test(t);
  return { found: true, url, freeTier, publicPrices, selfServe: signup || freeTier, contactSalesOnly: sales && !signup && !publicPrices };
}
