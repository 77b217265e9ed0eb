import assert from 'node:assert/strict';
import { crawlCompanySite } from '../../activities/company/crawl';
import { loadConfig } from '../../src/config';
import { configuredOutbound } from '../../src/net/configured';
import { CompanyRecordSchema, CompareCompaniesSchema, CompetitorsSchema, PricingSchema, ResearchSchema } from '../../src/schemas/company';
import { startTestApp, type TestApp } from '../support/app';
import { jsonOf } from '../support/http';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';

// The companies are fixture sites (test/fixture-web/companies) whose facts test/quality/company-truth.json records.
describe('company intelligence over REST', function () {
  this.timeout(120_000);
  let app: TestApp;
  let ws: { workspaceId: string; key: string };
  const get = (path: string, key = ws.key) => fetch(`${app.baseUrl}${path}`, { headers: { 'x-api-key': key } });
  const post = (path: string, body: unknown, key = ws.key) =>
    fetch(`${app.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify(body) });
  const events = async (workspaceId = ws.workspaceId) =>
    getInfra().db('usage_events').where({ workspace_id: workspaceId }).select('event_type', 'source').orderBy('occurred_at');

  before(async () => {
    app = await startTestApp();
    ws = await createWorkspace(getInfra().db);
  });
  after(() => app.close());

  it('reads a company’s facts from its site, then serves them from the 7-day cache, billing both', async () => {
    const own = await createWorkspace(getInfra().db);
    // Other suites (the MCP Inspector's) may have asked for this company first: start from no cached answer.
    await getInfra().db('research_cache').where({ kind: 'company', cache_key: 'tallyhive.test' }).delete();
    const first = CompanyRecordSchema.parse(await jsonOf(await get('/v1/company?domain=tallyhive.test', own.key)));
    assert.equal(first.cached, false);
    assert.equal(first.freshness.source, 'live');
    assert.equal(first.freshness.ttlSeconds, 7 * 86_400);
    assert.equal(first.description.founded, 2016);
    assert.match(first.description.headquarters ?? '', /Portland/);
    assert.ok(
      first.sources.some((u) => u.endsWith('/about')),
      first.sources.join(' '),
    );
    const again = CompanyRecordSchema.parse(await jsonOf(await get('/v1/company?domain=https://www.tallyhive.test/pricing', own.key)));
    assert.equal(again.cached, true);
    assert.equal(again.freshness.source, 'cache');
    assert.equal(again.freshness.fetchedAt, first.freshness.fetchedAt);
    assert.deepEqual(again.description, first.description);
    assert.deepEqual(
      (await events(own.workspaceId)).map((e) => `${e.event_type}:${e.source}`),
      ['workflow_execution:api', 'workflow_execution:api'],
    );
  });

  it('reads pricing plans with the verbatim text each price came from', async () => {
    const p = PricingSchema.parse(await jsonOf(await get('/v1/pricing?domain=quillstack.test')));
    assert.equal(p.model, 'freemium');
    assert.equal(p.freeTier, true);
    assert.match(p.sourceUrl ?? '', /^http:\/\/quillstack\.test\//);
    const pages = await getInfra().db('company_pages').where({ domain: 'quillstack.test' }).pluck('text');
    for (const plan of p.plans)
      assert.ok(
        pages.some((t) => t.replace(/\s+/g, ' ').includes(plan.quote.replace(/\s+/g, ' '))),
        `quote of ${plan.name} is on a page`,
      );
  });

  it('reads no prices from a page robots.txt forbids, and says the page was skipped', async () => {
    const p = PricingSchema.parse(await jsonOf(await get('/v1/pricing?domain=nimbusgate.test')));
    assert.equal(p.model, 'unknown');
    assert.deepEqual(p.plans, []);
    assert.equal(p.sourceUrl, null);
    const crawl = await getInfra().db('company_crawls').where({ domain: 'nimbusgate.test' }).orderBy('started_at', 'desc').first();
    assert.ok(
      crawl.skipped.some((s: { url: string; reason: string }) => /\/pricing$/.test(s.url) && /robots/.test(s.reason)),
      JSON.stringify(crawl.skipped),
    );
    const asked = getInfra().fixtureWeb.requests.filter((r) => r.host === 'nimbusgate.test' && r.path === '/pricing');
    assert.equal(asked.length, 0, 'the forbidden page was never requested');
  });

  it('answers a research question with citations of fetched pages holding their snippets', async () => {
    const r = ResearchSchema.parse(
      await jsonOf(await post('/v1/research', { domain: 'tallyhive.test', question: 'What is the rate limit of the Tallyhive API?' })),
    );
    assert.equal(r.answered, true, r.answer);
    assert.match(r.answer, /100 requests per minute/);
    assert.ok(r.citations.length > 0);
    const stored = await getInfra().db('company_pages').where({ domain: 'tallyhive.test' }).select('final_url', 'text');
    for (const c of r.citations) {
      const page = stored.find((p) => p.final_url === c.url);
      assert.ok(page, `${c.url} was fetched`);
      assert.ok(page.text.replace(/\s+/g, ' ').includes(c.snippet.replace(/\s+/g, ' ')), 'the snippet is verbatim page text');
    }
    for (const [, n] of r.answer.matchAll(/\[(\d+)\]/g)) assert.ok(Number(n) >= 1 && Number(n) <= r.citations.length);
  });

  it('says so when the pages do not answer, citing nothing', async () => {
    const r = ResearchSchema.parse(await jsonOf(await post('/v1/research', { domain: 'tallyhive.test', question: 'What is the name of the founder’s cat?' })));
    assert.equal(r.answered, false);
    assert.deepEqual(r.citations, []);
    assert.match(r.answer, /do not answer/);
  });

  it('gives a company overview without a question', async () => {
    const r = ResearchSchema.parse(await jsonOf(await post('/v1/research', { domain: 'ledgerloop.test' })));
    assert.equal(r.question, 'Company overview');
    assert.equal(r.answered, true);
    assert.ok(r.citations.length > 0);
  });

  it('finds competitors in the registry by shared capabilities and categories, for registry products and for sites met now', async () => {
    const known = CompetitorsSchema.parse(await jsonOf(await get('/v1/competitors?domain=stripe.com&limit=5')));
    assert.equal(known.competitors.length, 5);
    assert.ok(known.competitors.every((c) => c.domain !== 'stripe.com' && c.overlap.length > 0 && c.reason.length > 0));
    const overlaps = known.competitors.map((c) => c.overlap.length);
    assert.ok(overlaps[0] >= overlaps[overlaps.length - 1], 'most overlap first');
    const met = CompetitorsSchema.parse(await jsonOf(await get('/v1/competitors?domain=ravenpost.test&limit=3')));
    assert.ok(met.competitors.length > 0, 'an email company met through its site has registry competitors');
    assert.equal((await get('/v1/competitors?domain=stripe.com&limit=21')).status, 400);
  });

  it('compares companies side by side, with null readiness for one the registry does not know', async () => {
    const c = CompareCompaniesSchema.parse(await jsonOf(await post('/v1/compare-companies', { domains: ['ledgerloop.test', 'stripe.com'] })));
    assert.deepEqual(
      c.companies.map((x) => x.domain),
      ['ledgerloop.test', 'stripe.com'],
    );
    const row = (field: string) => c.rows.find((r) => r.field === field)!.values;
    assert.equal(row('pricing.entryPriceMonthlyUsd')['ledgerloop.test'], 49);
    assert.equal(row('readiness')['ledgerloop.test'], null);
    assert.equal(typeof row('readiness')['stripe.com'], 'number');
    assert.equal((await post('/v1/compare-companies', { domains: ['ledgerloop.test'] })).status, 400);
  });

  it('refuses a private or malformed domain before charging anything, and 404s an unknown slug', async () => {
    const own = await createWorkspace(getInfra().db);
    for (const d of ['evil-private.test', 'localhost', '10.0.0.1']) assert.equal((await get(`/v1/company?domain=${d}`, own.key)).status, 400, d);
    assert.equal((await post('/v1/research', { domain: 'evil-private.test' }, own.key)).status, 400);
    assert.equal((await get('/v1/pricing?domain=no-such-product', own.key)).status, 404);
    assert.deepEqual(await events(own.workspaceId), []);
  });

  it('reports an unreachable company honestly, bills the call, and keeps no such answer', async () => {
    const own = await createWorkspace(getInfra().db);
    const r = CompanyRecordSchema.parse(await jsonOf(await get('/v1/company?domain=down.test', own.key)));
    assert.equal(r.reachable, false);
    assert.match(r.description.summary, /^Could not reach down\.test/);
    assert.deepEqual(r.sources, []);
    const again = CompanyRecordSchema.parse(await jsonOf(await get('/v1/company?domain=down.test', own.key)));
    assert.equal(again.cached, false, 'an outage is not cached');
    assert.equal((await events(own.workspaceId)).length, 2);
  });
});

describe('company crawl', function () {
  this.timeout(60_000);
  it('stores each page once per content: a re-crawl of unchanged pages moves them to the new crawl', async () => {
    const infra = getInfra();
    const outbound = configuredOutbound(loadConfig({ ...process.env, ...infra.outboundEnv }));
    const o = { requestTimeoutMs: 2_000, crawlTimeoutMs: 20_000, maxPages: 12 };
    const first = await crawlCompanySite(infra.db, outbound, 'fernhollow.test', o);
    assert.equal(first.reachable, true);
    const kinds = new Set(first.pages.map((p) => p.kind));
    for (const k of ['home', 'about', 'pricing']) assert.ok(kinds.has(k as never), `crawled a ${k} page: ${[...kinds].join(', ')}`);
    const count = async () => Number((await infra.db('company_pages').where({ domain: 'fernhollow.test' }).count<{ c: string }[]>('* as c'))[0].c);
    const before = await count();
    const second = await crawlCompanySite(infra.db, outbound, 'fernhollow.test', o);
    assert.equal(await count(), before, 'no page stored twice');
    assert.equal(Number((await infra.db('company_pages').where({ crawl_id: second.crawlId }).count<{ c: string }[]>('* as c'))[0].c), second.pages.length);
    assert.equal(Number((await infra.db('company_pages').where({ crawl_id: first.crawlId }).count<{ c: string }[]>('* as c'))[0].c), 0);
  });
});
