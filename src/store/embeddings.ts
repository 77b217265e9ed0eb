import type { Db } from './db';

/** A product's embedding under one model, for the text it was computed from (its hash). */
export interface StoredEmbedding {
  productId: string;
  textHash: string;
  vector: Float32Array;
}

/** Every stored embedding of a model, a page at a time (vectors as little-endian float32). */
export async function* embeddingsOf(db: Db, model: string, pageSize = 2000): AsyncGenerator<StoredEmbedding[]> {
  let after: string | null = null;
  for (;;) {
    const rows: Array<{ product_id: string; text_hash: string; vector: Buffer }> = await db('product_embeddings')
      .select('product_id', 'text_hash', 'vector')
      .where({ model })
      .modify((q) => {
        if (after) q.andWhere('product_id', '>', after);
      })
      .orderBy('product_id')
      .limit(pageSize);
    if (!rows.length) return;
    yield rows.map((r) => ({ productId: r.product_id, textHash: r.text_hash, vector: fromBytes(r.vector) }));
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1].product_id;
  }
}

export async function saveEmbeddings(db: Db, model: string, embeddings: StoredEmbedding[]): Promise<void> {
  if (!embeddings.length) return;
  await db('product_embeddings')
    .insert(
      embeddings.map((e) => ({
        product_id: e.productId,
        model,
        text_hash: e.textHash,
        vector: Buffer.from(e.vector.buffer, e.vector.byteOffset, e.vector.byteLength),
        updated_at: db.fn.now(),
      })),
    )
    .onConflict(['product_id', 'model'])
    .merge(['text_hash', 'vector', 'updated_at'])
    // A product deleted meanwhile has no row to attach to: its embedding is simply not kept.
    .catch((err: { code?: string }) => {
      if (err.code !== '23503') throw err;
    });
}

function fromBytes(b: Buffer): Float32Array {
  // Copied: a Buffer's memory may be shared with the connection's read buffer and is not 4-byte aligned.
  const copy = new Uint8Array(b.byteLength);
  copy.set(b);
  return new Float32Array(copy.buffer);
}
