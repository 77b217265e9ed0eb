import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { openAiCompatibleEmbeddings } from '../../src/services/embeddings';
import { findTools } from '../../src/services/find-tools';
import { vectorsFilled } from '../../src/services/product-vectors';
import { resolveTask } from '../../src/services/resolve';
import { CATEGORIES } from '../../src/domain/taxonomy';
import { createDb, type Db, migrateLatest } from '../../src/store/db';
import { syncCategories } from '../../src/store/products';
import { startEmbeddingsServer, type EmbeddingsServer } from '../support/embeddings-server';
import { createScratchDatabase, getInfra } from '../support/infra';
import { addProducts } from '../support/products';

// The optional embeddings endpoint (EMBEDDINGS_BASE_URL) joins the ranking's fusion; without it the lexical
// pipeline stands alone. A local server speaks the OpenAI embeddings protocol (test/support/embeddings-server.ts).
describe('optional embeddings endpoint in the task ranking', function () {
  this.timeout(60_000);
  let server: EmbeddingsServer;
  let db: Db;
  // Shares no word with the task below, only what the model knows: tides, marinas and harbours go together.
  const harbour = {
    slug: `harbourlight-${randomBytes(3).toString('hex')}`,
    name: 'Harbourlight',
    description: 'Live harbour conditions and berth availability for sailors',
  };
  const task = 'when is high tide at my marina';

  before(async () => {
    server = await startEmbeddingsServer([['tide', 'marina', 'harbour', 'berth', 'sailors']]);
    const url = await createScratchDatabase(getInfra().databaseUrl, `agentdex_embeddings_${randomBytes(4).toString('hex')}`);
    db = createDb({ url, poolMax: 2 });
    await migrateLatest(db);
    await syncCategories(db, CATEGORIES);
    await addProducts(db, [harbour, { slug: 'tidy-notes', name: 'Tidy Notes', description: 'Keep your notes tidy and searchable' }]);
  });
  after(async () => {
    await db?.destroy();
    await server?.close();
  });

  it('speaks the OpenAI protocol: one request per batch, unit vectors in input order, the key as a bearer token', async () => {
    const model = openAiCompatibleEmbeddings({ baseUrl: server.baseUrl, apiKey: 'sk-test', model: 'concepts-1' });
    const [a, b] = await model.embed(['high tide', 'harbour berth']);
    assert.equal(server.requests.at(-1)?.model, 'concepts-1');
    assert.equal(server.requests.at(-1)?.auth, 'Bearer sk-test');
    const norm = (v: Float32Array) => Math.sqrt(v.reduce((n, x) => n + x * x, 0));
    assert.ok(Math.abs(norm(a) - 1) < 1e-6 && Math.abs(norm(b) - 1) < 1e-6);
    assert.ok(a.reduce((n, x, i) => n + x * b[i], 0) > 0.5, 'related texts are close');
  });

  it('without it, a product sharing no word with the task is not found', async () => {
    const found = await findTools(db, task);
    assert.ok(!found.hits.some((r) => r.slug === harbour.slug), found.hits.map((r) => r.slug).join(', '));
  });

  it('with it, the similarity joins the fusion: the related product is found, its vector stored for the next process', async () => {
    const model = openAiCompatibleEmbeddings({ baseUrl: server.baseUrl, model: 'concepts-1' });
    await findTools(db, task, { embeddings: model }); // the first call starts the products' embeddings
    await vectorsFilled(db, model);
    const found = await findTools(db, task, { embeddings: model });
    assert.ok(
      found.hits.slice(0, 5).some((r) => r.slug === harbour.slug),
      found.hits.map((r) => r.slug).join(', '),
    );
    // Its similarity is a share of its fit: it outranks the product that only shares a misspelt word.
    const first = found.hits[0] as { slug: string; match: number };
    assert.equal(first.slug, harbour.slug, found.hits.map((r) => r.slug).join(', '));
    assert.ok(first.match > 0, `match ${first.match}`);
    const resolved = await resolveTask(db, task, {}, { embeddings: model });
    assert.equal(resolved.hits[0]?.slug, harbour.slug);
    const stored = await db('product_embeddings as e').join('products as p', 'p.id', 'e.product_id').where({ 'p.slug': harbour.slug, 'e.model': 'concepts-1' });
    assert.equal(stored.length, 1);
    assert.equal(stored[0].vector.length, 4 * (48 + 1), 'float32 per dimension');
  });

  it('a failing endpoint leaves the lexical ranking standing', async () => {
    const model = openAiCompatibleEmbeddings({ baseUrl: server.baseUrl, model: 'concepts-2' });
    server.failWith = 503;
    try {
      const found = await findTools(db, 'keep my notes tidy', { embeddings: model });
      assert.equal(found.hits[0]?.slug, 'tidy-notes');
    } finally {
      server.failWith = undefined;
    }
  });
});
