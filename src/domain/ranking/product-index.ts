import { commonEnglish } from '../capabilities';
import { typoBudget, typoDistance } from '../search-text';
import { stemOf, termsOf, wordsOf } from './terms';
import { SlotVectors, type WeightedWord, type WordVectors } from './word-vectors';

/**
 * The task-ranking index: every product as a document of weighted fields, scored with BM25F (Robertson
 * and Zaragoza's field-weighted BM25, as Anserini and Lucene's BM25F apply it). A field's term frequency
 * is normalised by the field's length against its average, the fields' weighted frequencies are summed,
 * and the sum is saturated once. Because lengths and averages are fixed when a document is indexed, each
 * posting stores its saturated impact; a query term then adds `weight × idf × impact` per posting, so a
 * query costs one pass over its terms' postings, with no per-field work.
 *
 * Plain data and arithmetic, no I/O: src/services/ranking-index.ts fills it from the store and keeps it
 * current; the ranking (./rank.ts) reads it.
 */
export const FIELDS = ['name', 'description', 'queries', 'categories', 'audit'] as const;
export type Field = (typeof FIELDS)[number];

export interface Bm25fParams {
  k1: number;
  fields: Record<Field, { weight: number; b: number }>;
}

/** A product as the ranking knows it: what it returns, what filters, and the texts it is scored on. */
export interface ProductDocument {
  id: string;
  slug: string;
  name: string;
  domain: string;
  readiness: number;
  /** Requirement flags as bits (REQUIREMENT_BITS). */
  flags: number;
  categories: string[];
  /** Capability tags from the product's own words (seed description, audited pages), strongest first. */
  capabilities: Array<{ id: string; score: number }>;
  fields: Record<Field, string>;
}

export const REQUIREMENT_BITS = { api: 1, mcp: 2, self_serve: 4, openapi: 8, cli: 16 } as const;
/**
 * What the last audit found of a product's MCP server (issue 38), beside the requirement bits: its read-only
 * call verified, or a high-severity security finding in its tool definitions.
 */
export const MCP_TRUST_BITS = { verified: 32, poisoned: 64 } as const;
export type McpTrust = keyof typeof MCP_TRUST_BITS;
export type Requirement = keyof typeof REQUIREMENT_BITS;

export type IndexedProduct = Omit<ProductDocument, 'fields'>;

/**
 * The postings of the build, packed: a term's postings are docs[offsets[id]..offsets[id + 1]) with their
 * impacts beside them. At 100k products there are some 190k terms, most in one document; two typed
 * arrays per term cost more heap than the postings themselves and lengthen every full garbage collection.
 */
interface PackedPostings {
  ids: Map<string, number>;
  offsets: Int32Array;
  docs: Int32Array;
  impacts: Float32Array;
}

/** A view of one term's postings (base or delta). */
interface PostingsView {
  docs: ArrayLike<number>;
  impacts: ArrayLike<number>;
}

const NO_POSTINGS: PackedPostings = { ids: new Map(), offsets: new Int32Array(1), docs: new Int32Array(0), impacts: new Float32Array(0) };

interface DeltaPostings {
  docs: number[];
  impacts: number[];
}

/** What scoring a query found for one document: its BM25F score and which query terms it holds (bits). */
export interface TextHit {
  slot: number;
  score: number;
  matched: number;
}

export interface WeightedTerm {
  term: string;
  weight: number;
}

/** At most this many query terms take part (the matched-term mask is 32 bits). */
export const MAX_QUERY_TERMS = 32;

export class ProductIndex {
  private readonly products: IndexedProduct[] = [];
  private alive = new Uint8Array(0);
  private readonly slotOf = new Map<string, number>();
  private readonly tagged = new Map<string, Set<number>>();
  private readonly rankedTags = new Map<string, number[]>();
  /** Products by their name's words ("google sheets" → its slots), for tasks that name products. */
  private readonly named = new Map<string, number[]>();
  /**
   * One shared array per distinct list of categories or capability tags: 100k products repeat a few
   * thousand lists, and a small array each would be a third of the index's heap.
   */
  private readonly shared = new Map<string, readonly unknown[]>();
  /** Every word documents use, by first letter, for correcting a task's typos. */
  private readonly lexicon = new Map<string, Set<string>>();
  private base = NO_POSTINGS;
  private vectors?: SlotVectors;
  private readonly delta = new Map<string, DeltaPostings>();
  private averages: Record<Field, number>;
  private live = 0;
  private deltaDocs = 0;
  private changes = 0;
  // Accumulators reused across queries (scoring is synchronous, so one query uses them at a time).
  private acc = new Float64Array(0);
  private mask = new Uint32Array(0);
  private touched = new Int32Array(0);
  private scratch = new Float64Array(0);

  private constructor(readonly params: Bm25fParams) {
    this.averages = Object.fromEntries(FIELDS.map((f) => [f, 1])) as Record<Field, number>;
  }

  /** Indexes every document at once (field averages from them all); with `words`, each product's vector too. */
  static build(documents: ProductDocument[], params: Bm25fParams, words?: WordVectors): ProductIndex {
    const steps = ProductIndex.building(documents, params, Number.POSITIVE_INFINITY, words);
    let step = steps.next();
    while (!step.done) step = steps.next();
    return step.value;
  }

  /** The same, giving the event loop a turn every `batch` documents (a large registry takes seconds). */
  static async buildInTurns(documents: ProductDocument[], params: Bm25fParams, words?: WordVectors, batch = 2000): Promise<ProductIndex> {
    const steps = ProductIndex.building(documents, params, batch, words);
    let step = steps.next();
    while (!step.done) {
      await new Promise((resolve) => setImmediate(resolve));
      step = steps.next();
    }
    return step.value;
  }

  private static *building(documents: ProductDocument[], params: Bm25fParams, batch: number, words?: WordVectors): Generator<void, ProductIndex> {
    const index = new ProductIndex(params);
    if (words) index.vectors = new SlotVectors(words);
    const terms: Array<Record<Field, string[]>> = [];
    for (const d of documents) {
      terms.push(Object.fromEntries(FIELDS.map((f) => [f, termsOf(d.fields[f])])) as Record<Field, string[]>);
      if (terms.length % batch === 0) yield;
    }
    for (const f of FIELDS) index.averages[f] = Math.max(1, terms.reduce((n, t) => n + t[f].length, 0) / Math.max(1, documents.length));
    const postings = new Map<string, DeltaPostings>();
    for (let i = 0; i < documents.length; i++) {
      index.post(postings, index.place(documents[i]), terms[i]);
      if ((i + 1) % batch === 0) yield;
    }
    index.base = pack(postings);
    // Vectors weigh words by their rarity among all the products, so they follow the postings.
    if (index.vectors) {
      index.vectors.reserve(index.products.length);
      for (let i = 0; i < documents.length; i++) {
        index.vectors.set(index.slotOf.get(documents[i].id)!, index.productVector(documents[i]));
        if ((i + 1) % batch === 0) yield;
      }
    }
    return index;
  }

  /** Adds a product or replaces its earlier version (the old postings stay, marked dead, until a rebuild). */
  upsert(document: ProductDocument): void {
    this.remove(document.id);
    const slot = this.place(document);
    this.post(this.delta, slot, Object.fromEntries(FIELDS.map((f) => [f, termsOf(document.fields[f])])) as Record<Field, string[]>);
    this.vectors?.set(slot, this.productVector(document));
    this.deltaDocs++;
    this.changes++;
  }

  /** Counts every change since the index was built: a ranking computed at one generation holds until the next. */
  get generation(): number {
    return this.changes;
  }

  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.alive[slot] = 0;
    this.slotOf.delete(id);
    this.changes++;
    for (const c of this.products[slot].capabilities) {
      this.tagged.get(c.id)?.delete(slot);
      this.rankedTags.delete(c.id);
    }
    const key = nameKey(this.products[slot].name);
    const named = this.named.get(key)?.filter((s) => s !== slot);
    if (named?.length) this.named.set(key, named);
    else this.named.delete(key);
    this.live--;
  }

  get size(): number {
    return this.live;
  }

  /** Documents added or replaced since the last build: the owner rebuilds when these pile up. */
  get changedSinceBuild(): number {
    return this.deltaDocs;
  }

  product(slot: number): IndexedProduct {
    return this.products[slot];
  }

  slotOfId(id: string): number | undefined {
    return this.slotOf.get(id);
  }

  /**
   * The unit vector of weighted words, each word's weight times its rarity among products (undefined
   * without word vectors, or when no word has one): a task's, to compare with products' (`similarity`).
   */
  textVector(words: Iterable<WeightedWord>): Float32Array | undefined {
    if (!this.vectors) return undefined;
    const weighted: WeightedWord[] = [];
    for (const { word, weight } of words) if (weight > 0) weighted.push({ word, weight: weight * this.idf(stemOf(word)) });
    return this.vectors.words.textVector(weighted);
  }

  /**
   * How close a product's vector is to a unit vector, 0..1 above the average product's closeness
   * (SlotVectors.similarity; undefined without word vectors or a vector for the product).
   */
  similarity(slot: number, unit: Float32Array): number | undefined {
    return this.vectors?.similarity(slot, unit);
  }

  /** What a product says of itself (name, description, the requests it serves), as a vector. */
  private productVector(d: ProductDocument): Float32Array | undefined {
    return this.textVector(wordsOf(`${d.fields.name} ${d.fields.description} ${d.fields.queries}`).map(({ word }) => ({ word, weight: 1 })));
  }

  /** The live products named exactly `name` (lower-case words joined by single spaces). */
  productsNamed(name: string): number[] {
    return (this.named.get(name) ?? []).filter((slot) => this.alive[slot]);
  }

  /**
   * The word a misspelt one stands for: the nearest word the documents use, within search's typo budget
   * (one edit from five letters, two from eight; never the first letter), the commonest of equals. A word
   * the documents hold, a common English word ("protein": the registry lacks it, it is no typo) or a short
   * word has no correction.
   */
  correct(word: string): string | undefined {
    const budget = typoBudget(word);
    if (!budget || this.documentFrequency(stemOf(word)) || commonEnglish().has(word)) return undefined;
    let best: { word: string; distance: number; df: number } | undefined;
    for (const known of this.lexicon.get(word[0]) ?? []) {
      if (Math.abs(known.length - word.length) > budget) continue;
      const distance = typoDistance(word, known);
      if (distance > budget) continue;
      const df = this.documentFrequency(stemOf(known));
      if (!best || distance < best.distance || (distance === best.distance && df > best.df)) best = { word: known, distance, df };
    }
    return best?.word;
  }

  /**
   * The `n` products tagged with a capability that its tag says most strongly, the most ready first among
   * equals (a product without the task's words competes for a capability only on these). Kept sorted per
   * capability until its tags change.
   */
  strongestTagged(capability: string, n: number): number[] {
    let ranked = this.rankedTags.get(capability);
    if (!ranked) {
      const strength = (slot: number) => this.products[slot].capabilities.find((c) => c.id === capability)?.score ?? 0;
      ranked = [...(this.tagged.get(capability) ?? [])].sort(
        (a, b) => strength(b) - strength(a) || this.products[b].readiness - this.products[a].readiness || a - b,
      );
      this.rankedTags.set(capability, ranked);
    }
    return ranked.slice(0, n);
  }

  /** How many live documents hold the term (dead versions of replaced documents count until a rebuild). */
  documentFrequency(term: string): number {
    const id = this.base.ids.get(term);
    const inBase = id === undefined ? 0 : this.base.offsets[id + 1] - this.base.offsets[id];
    return inBase + (this.delta.get(term)?.docs.length ?? 0);
  }

  /**
   * BM25's inverse document frequency (never negative): a term in one product of 2,800 weighs ~7.6, in half
   * of them ~0.7, in none ~8.6 (it matches no posting, but it still weighs in the capabilities' texts and in
   * what share of the task a product covers).
   */
  idf(term: string): number {
    // Dead versions count in df until a rebuild; in a small registry they could outnumber the live ones.
    const df = Math.min(this.documentFrequency(term), this.live);
    return Math.log(1 + (this.live - df + 0.5) / (df + 0.5));
  }

  /**
   * Scores every document holding any query term (Σ weight × idf × impact) and returns the `limit` best,
   * best first (ties: the earlier slot). `keep` drops documents (requirements). A common word at 100k
   * products touches tens of thousands of documents: they live in reused typed buffers, and only the best
   * become objects.
   */
  score(query: WeightedTerm[], keep?: (slot: number) => boolean, limit = Number.POSITIVE_INFINITY): TextHit[] {
    const terms = query.slice(0, MAX_QUERY_TERMS);
    this.ensureAccumulators();
    const { acc, mask, alive } = this;
    const touched = this.touched;
    let count = 0;
    terms.forEach((q, bit) => {
      const w = q.weight * this.idf(q.term);
      if (w <= 0 || !this.documentFrequency(q.term)) return;
      const flag = 1 << bit;
      const id = this.base.ids.get(q.term);
      const { docs: baseDocs, impacts: baseImpacts, offsets } = this.base;
      const dl = this.delta.get(q.term);
      const runs: Array<[ArrayLike<number>, ArrayLike<number>, number, number]> = [];
      if (id !== undefined) runs.push([baseDocs, baseImpacts, offsets[id], offsets[id + 1]]);
      if (dl) runs.push([dl.docs, dl.impacts, 0, dl.docs.length]);
      for (const [docs, impacts, from, to] of runs) {
        for (let i = from; i < to; i++) {
          const d = docs[i];
          if (!alive[d]) continue;
          if (mask[d] === 0) touched[count++] = d;
          acc[d] += w * impacts[i];
          mask[d] |= flag;
        }
      }
    });
    // The score the `limit`-th best reaches (quickselect over the touched scores), then the hits above it.
    let kept = 0;
    const scores = this.scratch;
    for (let i = 0; i < count; i++) if (!keep || keep(touched[i])) scores[kept++] = acc[touched[i]];
    const threshold = kept > limit ? nthLargest(scores, kept, limit) : Number.NEGATIVE_INFINITY;
    const hits: TextHit[] = [];
    for (let i = 0; i < count; i++) {
      const d = touched[i];
      if (acc[d] >= threshold && (!keep || keep(d))) hits.push({ slot: d, score: acc[d], matched: mask[d] >>> 0 });
      acc[d] = 0;
      mask[d] = 0;
    }
    hits.sort((a, b) => b.score - a.score || a.slot - b.slot);
    return hits.length > limit ? hits.slice(0, limit) : hits;
  }

  /**
   * The term's field-weighted, length-normalised frequency in a document (BM25F's tf~, recovered from the
   * stored impact tf~/(k1+tf~)); 0 when the document lacks it. Postings are in slot order, so a binary search.
   */
  frequency(slot: number, term: string): number {
    const find = ({ docs, impacts }: PostingsView, from: number, to: number) => {
      let lo = from;
      let hi = to - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (docs[mid] === slot) return impacts[mid];
        if (docs[mid] < slot) lo = mid + 1;
        else hi = mid - 1;
      }
      return 0;
    };
    const id = this.base.ids.get(term);
    const dl = this.delta.get(term);
    const impact = (id !== undefined ? find(this.base, this.base.offsets[id], this.base.offsets[id + 1]) : 0) || (dl ? find(dl, 0, dl.docs.length) : 0);
    return impact ? (this.params.k1 * impact) / (1 - impact) : 0;
  }

  private place(d: ProductDocument): number {
    const { fields: _fields, ...product } = d;
    product.categories = this.share(product.categories, product.categories.join('|'));
    product.capabilities = this.share(product.capabilities, product.capabilities.map((c) => `${c.id}:${c.score}`).join('|'));
    const slot = this.products.length;
    this.products.push(product);
    if (this.alive.length <= slot) {
      const grown = new Uint8Array(Math.max(1024, this.alive.length * 2));
      grown.set(this.alive);
      this.alive = grown;
    }
    this.alive[slot] = 1;
    this.slotOf.set(d.id, slot);
    for (const c of d.capabilities) {
      addTo(this.tagged, c.id, slot);
      this.rankedTags.delete(c.id);
    }
    const key = nameKey(d.name);
    this.named.set(key, [...(this.named.get(key) ?? []), slot]);
    for (const f of FIELDS) for (const word of d.fields[f].toLowerCase().match(/[a-z]{5,}/g) ?? []) addTo(this.lexicon, word[0], word);
    this.live++;
    return slot;
  }

  /** The document's postings: per term, the field-weighted, length-normalised frequency, saturated. */
  private post(into: Map<string, DeltaPostings>, slot: number, terms: Record<Field, string[]>): void {
    const { k1, fields } = this.params;
    const weighted = new Map<string, number>();
    for (const f of FIELDS) {
      const { weight, b } = fields[f];
      if (!weight || !terms[f].length) continue;
      const norm = 1 - b + (b * terms[f].length) / this.averages[f];
      for (const t of terms[f]) weighted.set(t, (weighted.get(t) ?? 0) + weight / norm);
    }
    for (const [term, tf] of weighted) {
      let p = into.get(term);
      if (!p) {
        p = { docs: [], impacts: [] };
        into.set(term, p);
      }
      p.docs.push(slot);
      p.impacts.push(tf / (k1 + tf));
    }
  }

  private share<T>(list: T[], key: string): T[] {
    const known = this.shared.get(key) as T[] | undefined;
    if (known) return known;
    this.shared.set(key, list);
    return list;
  }

  private ensureAccumulators(): void {
    if (this.acc.length < this.products.length) {
      this.acc = new Float64Array(Math.max(1024, this.products.length * 2));
      this.mask = new Uint32Array(this.acc.length);
      this.touched = new Int32Array(this.acc.length);
      this.scratch = new Float64Array(this.acc.length);
    }
  }
}

/** The build's postings packed into three arrays, terms numbered in insertion order. */
function pack(postings: Map<string, DeltaPostings>): PackedPostings {
  const ids = new Map<string, number>();
  const offsets = new Int32Array(postings.size + 1);
  let total = 0;
  for (const p of postings.values()) total += p.docs.length;
  const docs = new Int32Array(total);
  const impacts = new Float32Array(total);
  let at = 0;
  for (const [term, p] of postings) {
    const id = ids.size;
    ids.set(term, id);
    offsets[id] = at;
    docs.set(p.docs, at);
    impacts.set(p.impacts, at);
    at += p.docs.length;
  }
  offsets[ids.size] = at;
  return { ids, offsets, docs, impacts };
}

function addTo<T>(map: Map<string, Set<T>>, key: string, value: T): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
}

/** A product name as tasks are matched against it: lower-case words joined by single spaces. */
export function nameKey(name: string): string {
  return (name.toLowerCase().match(/[a-z0-9]+/g) ?? []).join(' ');
}

/** The k-th largest of the first `n` values (1-based k); reorders them (Hoare's quickselect). */
function nthLargest(values: Float64Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  const target = k - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i] > pivot) i++;
      while (values[j] < pivot) j--;
      if (i <= j) {
        const t = values[i];
        values[i] = values[j];
        values[j] = t;
        i++;
        j--;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else break;
  }
  return values[target];
}
