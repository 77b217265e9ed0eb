import { z } from 'zod';

/**
 * The optional embeddings endpoint: any OpenAI-compatible `POST /v1/embeddings` (OpenAI, a local Ollama,
 * vLLM, LM Studio). Off unless EMBEDDINGS_BASE_URL is set; the ranking stands on its lexical pipeline
 * without it, and with it the similarity of a task to each product joins the fusion. Like the language
 * model, it is the operator's own endpoint (often on a private address), so it is called directly rather
 * than through the crawler's network guard, which exists for URLs that users influence.
 */
export interface EmbeddingModel {
  /** The model's name: stored vectors are kept per model, so a new model recomputes them. */
  readonly name: string;
  embed(texts: string[]): Promise<Float32Array[]>;
}

export interface EmbeddingSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
}

const EmbeddingsResponseSchema = z.object({
  data: z.array(z.object({ index: z.number().int().min(0), embedding: z.array(z.number()).min(1) })).min(1),
});

export function openAiCompatibleEmbeddings(s: EmbeddingSettings): EmbeddingModel {
  const url = `${s.baseUrl.replace(/\/+$/, '')}/embeddings`;
  return {
    name: s.model,
    async embed(texts) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(s.apiKey ? { authorization: `Bearer ${s.apiKey}` } : {}) },
        body: JSON.stringify({ model: s.model, input: texts }),
        signal: AbortSignal.timeout(s.timeoutMs ?? 30_000),
      });
      if (!res.ok) throw new Error(`embeddings endpoint answered HTTP ${res.status}`);
      const { data } = EmbeddingsResponseSchema.parse(await res.json());
      if (data.length !== texts.length) throw new Error(`embeddings endpoint answered ${data.length} vectors for ${texts.length} texts`);
      return [...data].sort((a, b) => a.index - b.index).map((d) => unit(Float32Array.from(d.embedding)));
    },
  };
}

/** The vector scaled to length 1, so a dot product is the cosine similarity. */
export function unit(v: Float32Array): Float32Array {
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += v[i] * v[i];
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i] /= norm;
  return v;
}
