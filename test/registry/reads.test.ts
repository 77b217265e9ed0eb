import assert from 'node:assert/strict';
import { CATEGORIES } from '../../src/domain/taxonomy';
import { AuditReportSchema, CategoryDetailSchema, CategoryListSchema, CompareResultSchema, RegistryRowSchema } from '../../src/schemas/registry';
import { z } from '../../src/schemas/zod';
import { startTestApp, type TestApp } from '../support/app';
import { jsonOf } from '../support/http';
import { bumpRegistryVersion } from '../../src/store/registry-version';
import { getInfra } from '../support/infra';

const Rows = z.array(RegistryRowSchema.strict());

function assertDescending(rows: Array<{ readiness: number }>) {
  for (let i = 1; i < rows.length; i++) assert.ok(rows[i - 1].readiness >= rows[i].readiness, `row ${i} out of order`);
}

describe('registry reads', () => {
  let app: TestApp;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${app.baseUrl}${path}`, { headers });
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());

  describe('GET /v1/registry', () => {
    it('lists RegistryRows by readiness, 50 by default', async () => {
      const res = await get('/v1/registry');
      assert.equal(res.status, 200);
      const rows = Rows.parse(await jsonOf(res));
      assert.equal(rows.length, 50);
      assertDescending(rows);
      const best = await getInfra().db('products').max<{ max: number }[]>('readiness');
      assert.equal(rows[0].readiness, best[0].max);
    });

    const limits: Array<[string, number]> = [
      ['limit=5', 5],
      ['limit=100', 100],
      ['limit=5000', 100],
    ];
    for (const [q, n] of limits) {
      it(`${q} returns ${n} rows (values above 100 are clamped)`, async () => {
        const rows = Rows.parse(await jsonOf(await get(`/v1/registry?${q}`)));
        assert.equal(rows.length, n);
      });
    }

    const bad: Array<[string, RegExp]> = [
      ['limit=0', /query\.limit/],
      ['limit=ten', /query\.limit/],
      ['minScore=101', /query\.minScore/],
      ['minScore=-1', /query\.minScore/],
      // Empty, blank or exponent forms are not integers (z.coerce read the first two as 0 and let them pass).
      ['minScore=', /query\.minScore/],
      ['minScore=%20', /query\.minScore/],
      ['minScore=1e1', /query\.minScore/],
      ['limit=', /query\.limit/],
      ['limit=5.5', /query\.limit/],
    ];
    for (const [q, field] of bad) {
      it(`400s ${q}, naming the field`, async () => {
        const res = await get(`/v1/registry?${q}`);
        assert.equal(res.status, 400);
        assert.match((await jsonOf(res)).error, field);
      });
    }

    it('filters by minScore', async () => {
      const rows = Rows.parse(await jsonOf(await get('/v1/registry?minScore=40&limit=100')));
      assert.ok(rows.length > 0);
      assert.ok(rows.every((r) => r.readiness >= 40));
    });

    it('filters by category, still by readiness', async () => {
      const rows = Rows.parse(await jsonOf(await get('/v1/registry?category=email&limit=30')));
      assert.ok(rows.length >= 10, 'the seed has many email products');
      assertDescending(rows);
      const inCategory = await getInfra()
        .db('product_categories as pc')
        .join('products as p', 'p.id', 'pc.product_id')
        .where('pc.category_slug', 'email')
        .whereIn(
          'p.slug',
          rows.map((r) => r.slug),
        )
        .count<{ count: number }[]>('* as count');
      assert.equal(Number(inCategory[0].count), rows.length);
    });

    it('404s an unknown category', async () => {
      const res = await get('/v1/registry?category=no-such-category');
      assert.equal(res.status, 404);
      assert.match((await jsonOf(res)).error, /no-such-category/);
    });

    it('sends an ETag and answers 304 to If-None-Match', async () => {
      const first = await get('/v1/registry?limit=3');
      const tag = first.headers.get('etag');
      assert.ok(tag);
      assert.match(first.headers.get('cache-control') ?? '', /public/);
      const second = await get('/v1/registry?limit=3', { 'if-none-match': tag! });
      assert.equal(second.status, 304);
      assert.equal(await second.text(), '');
      const other = await get('/v1/registry?limit=4', { 'if-none-match': tag! });
      assert.equal(other.status, 200, 'a different response does not match the old tag');
    });
  });

  describe('GET /v1/profile/{slug}', () => {
    it('returns an AuditReport marked seed-derived', async () => {
      // Audits in other tests may have scored fixture products; take the best product still seed-scored.
      const top = await getInfra().db('products').select('slug', 'readiness').where({ score_source: 'seed' }).orderBy('readiness', 'desc').first();
      const res = await get(`/v1/profile/${top.slug}`);
      assert.equal(res.status, 200);
      const report = AuditReportSchema.strict().parse(await jsonOf(res));
      assert.equal(report.slug, top.slug);
      assert.equal(report.scores.readiness, top.readiness);
      assert.equal(report.freshness.source, 'seed');
      assert.equal(report.auditedAt, null);
      assert.ok(report.categories.length >= 1);
      assert.ok(res.headers.get('etag'));
      // No audit has run: the empty issues list must not read as "nothing wrong".
      assert.deepEqual(report.issues, []);
      assert.equal(report.audited, false);
      assert.equal(report.findings, 'not audited yet: scores are provisional, from public data');
    });

    it('says an audited product with no issues has no failing checks', async () => {
      const slug = `audited-clean-${Date.now()}`;
      await getInfra()
        .db('products')
        .insert({
          slug,
          name: 'Audited clean',
          domain: `${slug}.example`,
          description: 'd',
          readiness: 90,
          discovery: 90,
          understanding: 90,
          adoption: 90,
          operability: 90,
          score_source: 'audit',
          audited_at: new Date(),
        });
      bumpRegistryVersion();
      const report = AuditReportSchema.strict().parse(await jsonOf(await get(`/v1/profile/${slug}`)));
      assert.equal(report.freshness.source, 'audit');
      assert.deepEqual(report.issues, []);
      assert.equal(report.audited, true);
      assert.equal(report.findings, 'no failing checks');
    });

    it('404s an unknown slug', async () => {
      const res = await get('/v1/profile/definitely-not-a-product');
      assert.equal(res.status, 404);
      assert.match((await jsonOf(res)).error, /definitely-not-a-product/);
    });
  });

  describe('categories', () => {
    it('lists every category by name with product counts', async () => {
      const body = CategoryListSchema.parse(await jsonOf(await get('/v1/categories')));
      assert.equal(body.categories.length, CATEGORIES.length);
      const names = body.categories.map((c) => c.name);
      assert.deepEqual(
        names,
        [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      );
      const total = body.categories.reduce((n, c) => n + c.productCount, 0);
      assert.ok(total > 2000, `products across categories: ${total}`);
    });

    it('shows one category with its products by readiness, limit clamped', async () => {
      const body = CategoryDetailSchema.parse(await jsonOf(await get('/v1/categories/payments?limit=1000')));
      assert.equal(body.slug, 'payments');
      assert.ok(body.products.length > 5 && body.products.length <= 100);
      assert.equal(body.productCount >= body.products.length, true);
      assertDescending(body.products);
    });

    it('404s an unknown category', async () => {
      assert.equal((await get('/v1/categories/nope')).status, 404);
    });
  });

  describe('POST /v1/compare', () => {
    const compare = (body: unknown) =>
      fetch(`${app.baseUrl}/v1/compare`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

    it('compares products on the spec fields', async () => {
      const [a, b] = Rows.parse(await jsonOf(await get('/v1/registry?limit=2')));
      const res = await compare({ slugs: [a.slug, b.slug] });
      assert.equal(res.status, 200);
      const body = CompareResultSchema.parse(await jsonOf(res));
      assert.deepEqual(body.fields, [
        'readiness',
        'discovery',
        'understanding',
        'adoption',
        'operability',
        'agent_capability.api',
        'agent_capability.mcp_available',
      ]);
      assert.deepEqual(
        body.rows.map((r) => r.slug),
        [a.slug, b.slug],
      );
      assert.equal(body.rows[0].values.readiness, a.readiness);
      assert.equal(typeof body.rows[0].values['agent_capability.mcp_available'], 'boolean');
    });

    const bad: Array<[string, unknown, number, RegExp]> = [
      ['one slug', { slugs: ['stripe'] }, 400, /body\.slugs/],
      ['eleven slugs', { slugs: Array.from({ length: 11 }, (_, i) => `s${i}`) }, 400, /body\.slugs/],
      ['no body field', {}, 400, /body\.slugs: is required/],
      ['a non-array', { slugs: 'stripe' }, 400, /body\.slugs/],
      ['twice the same slug', { slugs: ['stripe', 'stripe'] }, 400, /must not repeat a slug/],
    ];
    for (const [what, body, status, msg] of bad) {
      it(`${status}s ${what}`, async () => {
        const res = await compare(body);
        assert.equal(res.status, status);
        assert.match((await jsonOf(res)).error, msg);
      });
    }

    it('404s naming the unknown slug', async () => {
      const [a] = Rows.parse(await jsonOf(await get('/v1/registry?limit=1')));
      const res = await compare({ slugs: [a.slug, 'ghost-product'] });
      assert.equal(res.status, 404);
      assert.match((await jsonOf(res)).error, /'ghost-product'/);
    });
  });

  describe('GET /badge/{slug}.svg', () => {
    it('renders an SVG readiness badge, cacheable for an hour', async () => {
      const [top] = Rows.parse(await jsonOf(await get('/v1/registry?limit=1')));
      const res = await get(`/badge/${top.slug}.svg`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^image\/svg\+xml/);
      assert.equal(res.headers.get('cache-control'), 'public, max-age=3600');
      const svg = await res.text();
      assert.match(svg, /^<svg/);
      assert.match(svg, new RegExp(`agent ready: ${top.readiness}`));
    });

    it('404s an unknown slug as JSON', async () => {
      const res = await get('/badge/ghost-product.svg');
      assert.equal(res.status, 404);
      assert.equal(typeof (await jsonOf(res)).error, 'string');
    });
  });
});
