import type { WeightedTerm } from './product-index';
import { termsOf } from './terms';

/**
 * Document expansion through capabilities. Each capability of the vocabulary has a text: its
 * description, its phrasings and its example tasks (data/capabilities.json). A product tagged with the
 * capability is read as if that text were a field of its own document, so "latitude and longitude" finds
 * a geocoder whose vendor only wrote "forward and reverse geocoding". The text is the same for every
 * product with the tag, so its BM25 impacts are computed once per capability, not once per product.
 */
export interface CapabilityText {
  id: string;
  description: string;
  synonyms: string[];
  examples?: string[];
}

export class CapabilityTexts {
  private readonly impacts = new Map<string, Map<string, number>>();
  /** Each capability's length-normalised term frequencies (the expansion field's share of a product's tf). */
  private readonly frequencies = new Map<string, Map<string, number>>();
  /** Inverse document frequency over the capabilities' own texts (for classifying a product's text). */
  private readonly ownIdf = new Map<string, number>();

  constructor(capabilities: CapabilityText[], params: { k1: number; b: number }) {
    const terms = capabilities.map((c) => termsOf([c.description, ...c.synonyms, ...(c.examples ?? [])].join(' . ')));
    const average = Math.max(1, terms.reduce((n, t) => n + t.length, 0) / Math.max(1, terms.length));
    capabilities.forEach((c, i) => {
      const norm = 1 - params.b + (params.b * terms[i].length) / average;
      const tf = new Map<string, number>();
      for (const t of terms[i]) tf.set(t, (tf.get(t) ?? 0) + 1 / norm);
      this.frequencies.set(c.id, tf);
      this.impacts.set(c.id, new Map([...tf].map(([t, f]) => [t, f / (params.k1 + f)])));
    });
    const df = new Map<string, number>();
    for (const t of terms) for (const term of new Set(t)) df.set(term, (df.get(term) ?? 0) + 1);
    const n = capabilities.length;
    for (const [term, d] of df) this.ownIdf.set(term, Math.log(1 + (n - d + 0.5) / (d + 0.5)));
  }

  /**
   * The capability whose text a product's own text is closest to, with the share of the product's
   * distinctive words (by the capabilities' idf) it holds: how a product whose words form no phrasing
   * still gets a capability ("National Nutrient Database" is data about food).
   */
  closest(text: string): { id: string; share: number; words: number } | undefined {
    const terms = [...new Set(termsOf(text))].filter((t) => this.ownIdf.has(t));
    const total = terms.reduce((n, t) => n + this.ownIdf.get(t)!, 0);
    if (!total) return undefined;
    let best: { id: string; share: number; words: number } | undefined;
    for (const [id, impacts] of this.impacts) {
      let score = 0;
      let words = 0;
      for (const t of terms) {
        if (!impacts.has(t)) continue;
        score += this.ownIdf.get(t)!;
        words++;
      }
      if (!best || score / total > best.share) best = { id, share: score / total, words };
    }
    return best;
  }

  /**
   * The capability a task's weighted words speak of most, by the capabilities' own idf, with the share of
   * the words' weight it holds (the reading of a task no phrasing matches: "how did Nvidia shares close
   * yesterday" speaks of market data through the examples' "shares", "close").
   */
  readTask(query: WeightedTerm[]): { id: string; share: number } | undefined {
    const known = query.filter((q) => this.ownIdf.has(q.term));
    const total = known.reduce((n, q) => n + q.weight * this.ownIdf.get(q.term)!, 0);
    if (!total) return undefined;
    let best: { id: string; share: number } | undefined;
    for (const [id, impacts] of this.impacts) {
      let score = 0;
      for (const q of known) score += q.weight * this.ownIdf.get(q.term)! * (impacts.get(q.term) ?? 0);
      if (!best || score / total > best.share) best = { id, share: score / total };
    }
    return best;
  }

  /** The capability text's length-normalised frequency of a term (0 when it lacks it). */
  frequency(id: string, term: string): number {
    return this.frequencies.get(id)?.get(term) ?? 0;
  }

  /** Whether any capability's text uses the stem. */
  uses(term: string): boolean {
    for (const impacts of this.impacts.values()) if (impacts.has(term)) return true;
    return false;
  }

  /**
   * The words that say most about a capability: its text's terms by impact × idf (query expansion for a
   * task read as asking for it, so "latitude and longitude" also looks for "geocoding").
   */
  keyTerms(id: string, n: number, idf: (term: string) => number): string[] {
    return [...(this.impacts.get(id) ?? [])]
      .map(([term, impact]) => ({ term, weight: impact * idf(term) }))
      .sort((a, b) => b.weight - a.weight)
      .slice(0, n)
      .map((t) => t.term);
  }

  /**
   * How strongly each capability's text holds the query's words (Σ weight × idf × impact, with the
   * registry's idf so the figures compare with the products' own fields), for capabilities holding any.
   */
  relevance(query: WeightedTerm[], idf: (term: string) => number): Map<string, number> {
    const out = new Map<string, number>();
    for (const [id, impacts] of this.impacts) {
      let score = 0;
      for (const q of query) {
        const impact = impacts.get(q.term);
        if (impact) score += q.weight * idf(q.term) * impact;
      }
      if (score > 0) out.set(id, score);
    }
    return out;
  }
}
