/**
 * Static word vectors (each word embedded alone by the sentence encoder all-MiniLM-L6-v2, 256 dimensions;
 * data/word-vectors.json, `npm run vectors:build`):
 * a text's vector is the mean of its words' vectors, each weighted by how rare the word is among products
 * and how much it counts in the text. Two texts that share no word can still be close ("high tide at my
 * marina", "harbour conditions for sailors"); the ranking takes that closeness as a share of each
 * candidate's fit, never as a way in (a product is a candidate through its words or capabilities).
 */
export interface WordVectorData {
  dimensions: number;
  words: string[];
  /** Per word, what one step of its 8-bit components is worth. */
  scales: number[];
  /** Every word's components, 8-bit signed, in the order of `words`, base64. */
  vectors: string;
}

export interface WeightedWord {
  word: string;
  weight: number;
}

export class WordVectors {
  private readonly rows = new Map<string, number>();

  private constructor(
    readonly dimensions: number,
    private readonly components: Int8Array,
    private readonly scales: Float32Array,
    words: string[],
  ) {
    for (const [i, w] of words.entries()) this.rows.set(w, i);
  }

  static fromData(data: WordVectorData): WordVectors {
    const bytes = Buffer.from(data.vectors, 'base64');
    const components = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length);
    if (components.length !== data.words.length * data.dimensions) throw new Error('word vectors: components do not match the words');
    return new WordVectors(data.dimensions, components, Float32Array.from(data.scales), data.words);
  }

  /** The unit vector of the weighted words (undefined when none of them has a vector or every weight is 0). */
  textVector(words: Iterable<WeightedWord>): Float32Array | undefined {
    const d = this.dimensions;
    const sum = new Float32Array(d);
    let any = false;
    for (const { word, weight } of words) {
      const row = this.rows.get(word);
      if (row === undefined || !(weight > 0)) continue;
      const k = weight * this.scales[row];
      const at = row * d;
      for (let i = 0; i < d; i++) sum[i] += k * this.components[at + i];
      any = true;
    }
    if (!any) return undefined;
    let norm = 0;
    for (let i = 0; i < d; i++) norm += sum[i] * sum[i];
    norm = Math.sqrt(norm);
    if (!norm) return undefined;
    for (let i = 0; i < d; i++) sum[i] /= norm;
    return sum;
  }
}

/**
 * One unit vector per index slot, 8 bits per component (100k products at 256 dimensions: 26 MB), for how close a task's
 * vector is to a product's. Mean word vectors of any two English texts point much the same way (a cosine
 * of 0.6 is common between unrelated texts), so closeness is read above what the task shares with the
 * average product (its cosine with the products' mean vector, which is its mean cosine with them), scaled
 * to 0..1: a product no closer than the average comes out 0, so a product's `match` still says how well
 * it fits.
 */
export class SlotVectors {
  private components = new Int8Array(0);
  private present = new Uint8Array(0);
  /** The sum of the vectors set (a replaced product's old one too, until the index is rebuilt: a mean barely moves). */
  private readonly sum: Float64Array;
  private count = 0;
  private baseline?: { of: Float32Array; cosine: number };

  constructor(readonly words: WordVectors) {
    this.sum = new Float64Array(words.dimensions);
  }

  /** Room for this many slots at once (a build knows its size: no doubling past it). */
  reserve(slots: number): void {
    this.grow(slots);
  }

  set(slot: number, vector: Float32Array | undefined): void {
    const d = this.words.dimensions;
    if ((slot + 1) * d > this.components.length) this.grow(Math.max(1024, (slot + 1) * 2));
    this.present[slot] = vector ? 1 : 0;
    if (!vector) return;
    for (let i = 0; i < d; i++) {
      this.components[slot * d + i] = Math.round(vector[i] * 127);
      this.sum[i] += vector[i];
    }
    this.count++;
    this.baseline = undefined;
  }

  private grow(slots: number): void {
    const d = this.words.dimensions;
    if (slots * d <= this.components.length) return;
    const grown = new Int8Array(slots * d);
    grown.set(this.components);
    this.components = grown;
    const flags = new Uint8Array(slots);
    flags.set(this.present);
    this.present = flags;
  }

  /** How close the slot's vector is to a unit vector, 0..1 above the average product (undefined when the slot has none). */
  similarity(slot: number, unit: Float32Array): number | undefined {
    if (!this.present[slot]) return undefined;
    const d = this.words.dimensions;
    let dot = 0;
    for (let i = 0, at = slot * d; i < d; i++) dot += this.components[at + i] * unit[i];
    const base = this.averageCosine(unit);
    return Math.max(0, (dot / 127 - base) / (1 - base));
  }

  /** The unit vector's mean cosine with every product (its cosine with their mean), kept for the last vector asked. */
  private averageCosine(unit: Float32Array): number {
    if (this.baseline?.of !== unit) {
      let dot = 0;
      for (let i = 0; i < unit.length; i++) dot += (this.sum[i] / Math.max(1, this.count)) * unit[i];
      this.baseline = { of: unit, cosine: Math.min(0.95, Math.max(0, dot)) };
    }
    return this.baseline.cosine;
  }
}
