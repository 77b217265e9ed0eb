import { createHash } from 'node:crypto';
import type { ProductDocument } from '../domain/ranking/product-index';
import type { Db } from '../store/db';
import { embeddingsOf, saveEmbeddings } from '../store/embeddings';
import { allProductDocuments } from '../store/product-documents';
import type { EmbeddingModel } from './embeddings';
import { documentOf, watchDocuments } from './ranking-index';

/**
 * Each product's embedding under the configured model (optional: EMBEDDINGS_BASE_URL), kept in memory
 * beside the ranking index and in Postgres (product_embeddings) so a restart or another worker reuses it.
 * A product whose document text changed since its vector was computed is embedded again, in the
 * background, a batch at a time; until then its old vector (or none) stands, and the ranking never waits
 * for the endpoint except to embed the task itself. Memory: products × dimensions × 4 bytes.
 */
export interface ProductVectors {
  /** Cosine similarity of a product to a unit query vector, when the product has a vector. */
  similarity(productId: string, query: Float32Array): number | undefined;
  /** The products most similar to the query, best first. */
  nearest(query: Float32Array, n: number): string[];
}

interface VectorState {
  vectors: Map<string, { hash: string; vector: Float32Array }>;
  pending: Map<string, { hash: string; text: string }>;
  loading: Promise<void>;
  /** When loading the stored vectors last failed (the database unreachable): tried again after PAUSE_MS. */
  loadFailedAt?: number;
  filling?: Promise<void>;
  pausedUntil: number;
}

const BATCH = 32;
// An endpoint that fails is left alone this long before the next batch is tried.
const PAUSE_MS = 30_000;
const TEXT_MAX = 2000;

const states = new WeakMap<Db, Map<string, VectorState>>();

export function productVectors(db: Db, model: EmbeddingModel): ProductVectors {
  let byModel = states.get(db);
  if (!byModel) {
    byModel = new Map();
    states.set(db, byModel);
  }
  let state = byModel.get(model.name);
  if (!state) {
    const s: VectorState = { vectors: new Map(), pending: new Map(), pausedUntil: 0, loading: Promise.resolve() };
    s.loading = loadIn(db, model, s);
    watchDocuments(db, (documents) => {
      want(s, documents);
      fill(db, model, s);
    });
    byModel.set(model.name, s);
    state = s;
  }
  const s = state;
  if (s.loadFailedAt !== undefined && Date.now() - s.loadFailedAt > PAUSE_MS) s.loading = loadIn(db, model, s);
  return {
    similarity: (id, query) => {
      const v = s.vectors.get(id)?.vector;
      return v && v.length === query.length ? dot(v, query) : undefined;
    },
    nearest: (query, n) => {
      const best: Array<{ id: string; sim: number }> = [];
      for (const [id, { vector }] of s.vectors) {
        if (vector.length !== query.length) continue;
        const sim = dot(vector, query);
        if (best.length < n || sim > best[best.length - 1].sim) {
          best.push({ id, sim });
          best.sort((a, b) => b.sim - a.sim);
          if (best.length > n) best.pop();
        }
      }
      return best.map((b) => b.id);
    },
  };
}

/** What a product's embedding is computed from: its document's fields, as one text. */
export function embeddingText(d: ProductDocument): string {
  return [d.fields.name, d.fields.description, d.fields.categories, d.fields.audit].filter(Boolean).join('. ').slice(0, TEXT_MAX);
}

/** Loads in the background: a failure leaves the products without vectors (the lexical ranking stands) until the retry. */
function loadIn(db: Db, model: EmbeddingModel, s: VectorState): Promise<void> {
  s.loadFailedAt = undefined;
  return load(db, model, s).catch(() => {
    s.loadFailedAt = Date.now();
  });
}

async function load(db: Db, model: EmbeddingModel, s: VectorState): Promise<void> {
  for await (const page of embeddingsOf(db, model.name)) for (const e of page) s.vectors.set(e.productId, { hash: e.textHash, vector: e.vector });
  // Every product, as the index reads it, is checked against what is stored.
  const documents: ProductDocument[] = [];
  for await (const page of allProductDocuments(db)) for (const r of page) documents.push(documentOf(r));
  want(s, documents);
  fill(db, model, s);
}

function want(s: VectorState, documents: ProductDocument[]): void {
  for (const d of documents) {
    const text = embeddingText(d);
    const hash = createHash('sha1').update(text).digest('base64url');
    if (s.vectors.get(d.id)?.hash !== hash) s.pending.set(d.id, { hash, text });
  }
}

function fill(db: Db, model: EmbeddingModel, s: VectorState): void {
  if (s.filling || !s.pending.size || Date.now() < s.pausedUntil) return;
  s.filling = (async () => {
    while (s.pending.size) {
      const batch = [...s.pending].slice(0, BATCH);
      const vectors = await model.embed(batch.map(([, p]) => p.text));
      const stored = batch.map(([productId, p], i) => ({ productId, textHash: p.hash, vector: vectors[i] }));
      await saveEmbeddings(db, model.name, stored);
      for (const e of stored) {
        s.vectors.set(e.productId, { hash: e.textHash, vector: e.vector });
        if (s.pending.get(e.productId)?.hash === e.textHash) s.pending.delete(e.productId);
      }
    }
  })()
    .catch(() => {
      s.pausedUntil = Date.now() + PAUSE_MS;
    })
    .finally(() => {
      s.filling = undefined;
    });
}

function dot(a: Float32Array, b: Float32Array): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) n += a[i] * b[i];
  return n;
}

/** Resolves once stored vectors are loaded (tests and the quality run wait for it). */
export async function vectorsLoaded(db: Db, model: EmbeddingModel): Promise<void> {
  productVectors(db, model);
  await states.get(db)?.get(model.name)?.loading;
}

/** Resolves once no product waits for its vector (or the endpoint failed and is paused). */
export async function vectorsFilled(db: Db, model: EmbeddingModel): Promise<void> {
  await vectorsLoaded(db, model);
  const s = states.get(db)?.get(model.name);
  while (s?.filling) await s.filling;
}
