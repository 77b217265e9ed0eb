import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An embeddings model cannot run here, so a local server speaks the OpenAI `/v1/embeddings` protocol and
 * answers as a model that knows some words are related would: each word falls into one of a few hashed
 * dimensions, and the words of a `concepts` group share one more dimension of their own ("tide" and
 * "harbour" point the same way although they share no letters). Requests are recorded.
 */
export interface EmbeddingsServer {
  baseUrl: string;
  requests: Array<{ model: string; input: string[]; auth?: string }>;
  /** Answer every request with this HTTP status instead (a failing endpoint). */
  failWith?: number;
  close(): Promise<void>;
}

const HASHED = 48;

export async function startEmbeddingsServer(concepts: string[][]): Promise<EmbeddingsServer> {
  const dims = HASHED + concepts.length;
  const conceptOf = new Map(concepts.flatMap((words, i) => words.map((w) => [w, HASHED + i] as const)));
  const embed = (text: string) => {
    const v = new Array<number>(dims).fill(0);
    for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
      const concept = conceptOf.get(word);
      if (concept !== undefined) v[concept] += 3;
      else v[[...word].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % HASHED] += 1;
    }
    return v;
  };
  const out: EmbeddingsServer = {
    baseUrl: '',
    requests: [],
    close: () => new Promise((r) => server.close(() => r())),
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/embeddings') return void res.writeHead(404).end();
      const body = JSON.parse(raw) as { model: string; input: string | string[] };
      const input = typeof body.input === 'string' ? [body.input] : body.input;
      out.requests.push({ model: body.model, input, auth: req.headers.authorization });
      if (out.failWith) return void res.writeHead(out.failWith, { 'content-type': 'application/json' }).end('{"error":{"message":"down"}}');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          object: 'list',
          model: body.model,
          data: input.map((text, index) => ({ object: 'embedding', index, embedding: embed(text) })),
          usage: { prompt_tokens: 0, total_tokens: 0 },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  out.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return out;
}
