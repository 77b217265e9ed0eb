import assert from 'node:assert/strict';
import { RegistryRowSchema } from '../../src/schemas/registry';
import { z } from '../../src/schemas/zod';
import { startTestApp, type TestApp } from '../support/app';
import { jsonOf } from '../support/http';
import { getInfra } from '../support/infra';
import { addProducts } from '../support/products';

const Rows = z.array(RegistryRowSchema.strict());

describe('POST /v1/search', () => {
  let app: TestApp;
  const search = (body: unknown) =>
    fetch(`${app.baseUrl}/v1/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const rows = async (body: unknown) => {
    const res = await search(body);
    assert.equal(res.status, 200);
    return Rows.parse(await jsonOf(res));
  };
  const categoriesOf = async (slug: string) =>
    getInfra().db('product_categories as pc').join('products as p', 'p.id', 'pc.product_id').where('p.slug', slug).pluck('pc.category_slug');

  before(async () => {
    app = await startTestApp();
    // Two products only these tests know: the richer one scores higher but lacks an MCP server.
    await addProducts(getInfra().db, [
      { slug: 'quuxmail-alpha', name: 'Quuxmail Alpha', description: 'Quuxmail relay for agents', facts: { mcp: true } },
      {
        slug: 'quuxmail-beta',
        name: 'Quuxmail Beta',
        description: 'Quuxmail relay for agents',
        facts: { api: true, cli: true, openapi: true, selfServe: true, llmsTxt: true },
      },
      // Typo tolerance: a word only this product has, a pair of vocabulary words one edit apart, a short word.
      { slug: 'zymotic-relay', name: 'Zymotic Relay', description: 'Webhook relay for zymurgical pipelines' },
      { slug: 'plinth-forms', name: 'Plinth Forms', description: 'Blorpform builder' },
      { slug: 'plinth-frames', name: 'Plinth Frames', description: 'Blorpfrom scheduler' },
      { slug: 'plinth-short', name: 'Plinth Short', description: 'Zorb adapters' },
    ]);
  });
  after(() => app.close());
  const slugsOf = async (query: string, limit = 10) => (await rows({ query, limit })).map((r) => r.slug);

  it('finds real email products first for "send transactional email"', async () => {
    const top = (await rows({ query: 'send transactional email', limit: 5 })).slice(0, 5);
    assert.equal(top.length, 5);
    for (const r of top.slice(0, 3)) assert.ok((await categoriesOf(r.slug)).includes('email'), `${r.slug} is not an email product`);
  });

  it('finds vector databases first for "vector database"', async () => {
    const top = await rows({ query: 'vector database', limit: 5 });
    for (const r of top.slice(0, 3)) assert.ok((await categoriesOf(r.slug)).includes('vector-databases'), `${r.slug} is not a vector database`);
  });

  it('tolerates a typo in a product name', async () => {
    const [stripe] = await getInfra().db('products').where({ domain: 'stripe.com' }).pluck('slug');
    assert.ok(stripe, 'the seed has Stripe');
    const top = await rows({ query: 'stirpe', limit: 3 });
    assert.ok(
      top.some((r) => r.slug === stripe),
      `got ${top.map((r) => r.slug).join(', ')}`,
    );
  });

  it('finds what a transposed category word means, ranked as the right spelling ranks it', async () => {
    const right = await slugsOf('payments', 10);
    const typo = await slugsOf('paymnets', 10);
    assert.equal(right.length, 10);
    assert.equal(typo[0], right[0]);
    for (const slug of right.slice(0, 5)) assert.ok(typo.includes(slug), `${slug} (top 5 for "payments") missing from "paymnets": ${typo.join(', ')}`);
    for (const slug of typo.slice(0, 3)) assert.ok((await categoriesOf(slug)).includes('payments'), `${slug} is not a payments product`);
    // Inside a longer query too: the all-words set uses the corrected word.
    assert.deepEqual((await slugsOf('vector databsae', 5)).slice(0, 3), (await slugsOf('vector database', 5)).slice(0, 3));
  });

  it('finds a description word from one edit away (and two for a long word)', async () => {
    assert.equal((await slugsOf('zymurgical'))[0], 'zymotic-relay');
    assert.equal((await slugsOf('zymurgcal'))[0], 'zymotic-relay', 'a deleted letter');
    assert.equal((await slugsOf('zymurigcal'))[0], 'zymotic-relay', 'a transposition');
    assert.equal((await slugsOf('zymurgical pipelines webhook'))[0], 'zymotic-relay');
    assert.equal((await slugsOf('zymrugical pipleines webhook'))[0], 'zymotic-relay', 'typos in two words');
    assert.equal((await slugsOf('zymrugcial'))[0], 'zymotic-relay', 'two edits in a word of eight letters or more');
  });

  it('does not correct a word the registry has into another one', async () => {
    // "blorpform" and "blorpfrom" are one transposition apart; each is a word of the registry.
    assert.deepEqual(
      (await slugsOf('blorpform', 20)).filter((s) => s.startsWith('plinth-')),
      ['plinth-forms'],
    );
    assert.deepEqual(
      (await slugsOf('blorpfrom', 20)).filter((s) => s.startsWith('plinth-')),
      ['plinth-frames'],
    );
  });

  it('does not correct words under five letters', async () => {
    assert.ok((await slugsOf('zorb', 20)).includes('plinth-short'));
    assert.ok(!(await slugsOf('zrob', 100)).includes('plinth-short'));
  });

  it('keeps its word index in step with product writes', async () => {
    const db = getInfra().db;
    await addProducts(db, [{ slug: 'plinth-moves', name: 'Plinth Moves', description: 'Glorfindel routing' }]);
    assert.ok((await slugsOf('glorfindel')).includes('plinth-moves'));
    await addProducts(db, [{ slug: 'plinth-moves', name: 'Plinth Moves', description: 'Elrondish routing' }]); // a changed seed row
    assert.ok(!(await slugsOf('glorfindel')).includes('plinth-moves'));
    assert.ok((await slugsOf('elrondish')).includes('plinth-moves'));
    assert.equal(Number((await db('search_words').where({ word: 'glorfindel' }).first())?.ndoc ?? 0), 0);
    const [id] = await db('products').where({ slug: 'plinth-moves' }).pluck('id');
    await db('products').where({ id }).del();
    assert.equal(Number((await db('search_postings').where({ product_id: id }).count<{ n: number }[]>('* as n'))[0].n), 0);
  });

  it('matches a short name prefix', async () => {
    const top = await rows({ query: 'quu', limit: 10 });
    assert.ok(
      top.some((r) => r.slug.startsWith('quuxmail')),
      `got ${top.map((r) => r.slug).join(', ')}`,
    );
  });

  it('ranks by relevance, ties by readiness', async () => {
    const top = await rows({ query: 'quuxmail', limit: 2 });
    assert.deepEqual(
      top.map((r) => r.slug),
      ['quuxmail-beta', 'quuxmail-alpha'],
    );
    assert.ok(top[0].readiness > top[1].readiness);
  });

  it('drops (not down-ranks) products lacking a required capability', async () => {
    const withMcp = await rows({ query: 'quuxmail', requirements: { mcp: true }, limit: 100 });
    assert.deepEqual(
      withMcp.filter((r) => r.slug.startsWith('quuxmail')).map((r) => r.slug),
      ['quuxmail-alpha'],
    );
    const mcpFlags = await getInfra()
      .db('products')
      .whereIn(
        'slug',
        withMcp.map((r) => r.slug),
      )
      .pluck('has_mcp');
    assert.ok(mcpFlags.every(Boolean), 'every result has an MCP server');
    const notRequired = await rows({ query: 'quuxmail', requirements: { mcp: false }, limit: 100 });
    assert.equal(notRequired.filter((r) => r.slug.startsWith('quuxmail')).length, 2, 'false means no filter');
  });

  it('applies several requirements at once', async () => {
    const found = await rows({ query: 'quuxmail', requirements: { api: true, cli: true, openapi: true }, limit: 100 });
    assert.deepEqual(
      found.filter((r) => r.slug.startsWith('quuxmail')).map((r) => r.slug),
      ['quuxmail-beta'],
    );
  });

  it('answers many concurrent identical searches alike (one shared cache fill, none aborted)', async () => {
    const bodies = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const res = await search({ query: 'concurrent quuxmail', limit: 7 });
        assert.equal(res.status, 200);
        return res.text();
      }),
    );
    assert.equal(new Set(bodies).size, 1);
  });

  it('clamps limit to 100', async () => {
    assert.ok((await rows({ query: 'api', limit: 1000 })).length <= 100);
  });

  const bad: Array<[string, unknown, RegExp]> = [
    ['a missing query', {}, /body\.query: is required/],
    ['an empty query', { query: '   ' }, /body\.query/],
    ['a non-string query', { query: 42 }, /body\.query/],
    ['a non-boolean requirement', { query: 'email', requirements: { mcp: 'yes' } }, /body\.requirements\.mcp/],
    ['a zero limit', { query: 'email', limit: 0 }, /body\.limit/],
  ];
  for (const [what, body, field] of bad) {
    it(`400s ${what}`, async () => {
      const res = await search(body);
      assert.equal(res.status, 400);
      assert.match((await jsonOf(res)).error, field);
    });
  }

  it('treats query text as data, not SQL or tsquery syntax', async () => {
    for (const query of ["'; drop table products; --", 'a & b | !c', '(((', 'café ☕ 100%', 'x'.repeat(500)]) {
      const res = await search({ query });
      assert.equal(res.status, 200, query);
    }
    assert.ok(Number((await getInfra().db('products').count<{ count: number }[]>('* as count'))[0].count) > 2000);
  });
});
