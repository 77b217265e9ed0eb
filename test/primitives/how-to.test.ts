import assert from 'node:assert/strict';
import { bumpRegistryVersion } from '../../src/store/registry-version';
import { PlaybookSchema } from '../../src/schemas/primitives';
import { howToCacheKey } from '../../src/services/how-to';
import { startTestApp, type TestApp } from '../support/app';
import { jsonOf } from '../support/http';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';

// The leading tools are fixture sites (test/fixture-web/discovery.ts) audited into the registry here;
// the package registry fixture marks the `simsearch` package deprecated.
const TASK = 'vector search for embeddings with Vecstore or Simsearch';

describe('POST /v1/how-to', function () {
  this.timeout(120_000);
  let app: TestApp;
  let ws: { workspaceId: string; key: string };
  const howTo = (body: unknown, key = ws.key) =>
    fetch(`${app.baseUrl}/v1/how-to`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify(body) });
  const events = async () =>
    Number(
      (
        await getInfra().db('usage_events').where({ workspace_id: ws.workspaceId, event_type: 'workflow_execution' }).count<{ count: string }[]>('* as count')
      )[0].count,
    );

  before(async () => {
    app = await startTestApp();
    const db = getInfra().db;
    ws = await createWorkspace(db);
    for (const domain of ['vecstore.test', 'simsearch.test']) {
      const res = await fetch(`${app.baseUrl}/v1/audit?domain=${domain}`, { headers: { 'x-api-key': ws.key } });
      assert.equal(res.status, 200, domain);
    }
    // Given these two lead the ranking for vector search (the seed's vector databases are not reachable here):
    // the tasks name them, as a user choosing between two vendors would, and readiness orders the two.
    for (const [domain, readiness] of [
      ['vecstore.test', 99],
      ['simsearch.test', 98],
    ] as const) {
      const { id } = await db('products').where({ domain }).first('id');
      await db('products').where({ id }).update({ readiness });
    }
    bumpRegistryVersion(); // written behind the store's back: this process's rankings must see it
  });
  after(() => app.close());

  it('builds a playbook from the leading tools’ llms.txt, docs and package notices, citing only fetched pages', async () => {
    const before = getInfra().fixtureWeb.requests.length;
    const res = await howTo({ task: TASK });
    assert.equal(res.status, 200);
    const p = PlaybookSchema.parse(await jsonOf(res));
    assert.equal(p.task, TASK);
    assert.equal(p.asOf, new Date().toISOString().slice(0, 7));
    assert.deepEqual(
      p.recommendedTools.slice(0, 2).map((t) => t.domain),
      ['vecstore.test', 'simsearch.test'],
    );
    assert.ok(p.recommendedTools.every((t) => t.why.length > 0 && t.matched.includes('search.vector')));
    assert.match(p.approach, /^Use Vecstore \(vecstore\.test\)/);
    assert.ok(p.steps.includes('Install: `npm install vecstore`'), p.steps.join(' | '));
    assert.ok(p.steps.some((s) => /API key/.test(s)));
    assert.ok(
      p.gotchas.some((g) => /rate limited to 10 queries per second/.test(g)),
      p.gotchas.join(' | '),
    );
    assert.ok(
      p.deprecated.some((d) => /^simsearch \(Simsearch\): deprecated by its publisher: Renamed to @simsearch\/client/.test(d)),
      p.deprecated.join(' | '),
    );
    assert.ok(p.deprecated.some((d) => /v1 \/search endpoint is deprecated/.test(d)));

    // Every source was requested from the fixture web during this call and answered.
    const fetched = getInfra()
      .fixtureWeb.requests.slice(before)
      .map((r) => `http://${r.host}${r.path}`);
    assert.ok(p.sources.includes('http://vecstore.test/llms.txt'));
    assert.ok(p.sources.includes('http://npm-registry.test/simsearch'));
    for (const url of p.sources) assert.ok(fetched.includes(url), `${url} was fetched`);
    assert.equal(await events(), 1);
  });

  it('answers a repeat of the same task (normalised) from the 30-day cache, billed like a fresh one', async () => {
    const before = getInfra().fixtureWeb.requests.length;
    const again = '  Vector searching for embedding with Vecstore or Simsearch ';
    const p = PlaybookSchema.parse(await jsonOf(await howTo({ task: again })));
    assert.equal(p.task, again.trim());
    assert.ok(p.sources.includes('http://vecstore.test/llms.txt'));
    assert.equal(
      getInfra()
        .fixtureWeb.requests.slice(before)
        .filter((r) => r.host !== 'mcp-registry.test').length,
      0,
      'nothing fetched again',
    );
    assert.equal(await events(), 2);
    const [row] = await getInfra().db('research_cache').where({ kind: 'how-to' }).select('ttl_seconds');
    assert.equal(row.ttl_seconds, 30 * 24 * 3600);
  });

  it('says so when no capability is recognised, and keeps no such answer', async () => {
    const p = PlaybookSchema.parse(await jsonOf(await howTo({ task: 'qwzx blorp' })));
    assert.deepEqual(p.recommendedTools, []);
    assert.match(p.approach, /did not map to any known capability/);
    assert.deepEqual(p.sources, []);
    assert.deepEqual(
      await getInfra()
        .db('research_cache')
        .where({ kind: 'how-to', cache_key: howToCacheKey('qwzx blorp') })
        .pluck('cache_key'),
      [],
      'no playbook kept',
    );
    assert.equal(
      (
        await getInfra()
          .db('research_cache')
          .where({ kind: 'how-to', cache_key: howToCacheKey(TASK) })
          .pluck('cache_key')
      ).length,
      1,
    );
    assert.equal(await events(), 3, 'still billed: the call ran');
  });

  it('400s bad input and 402s an exhausted quota', async () => {
    for (const body of [{}, { task: '' }, { task: 5 }]) assert.equal((await howTo(body)).status, 400, JSON.stringify(body));
    const spent = await createWorkspace(getInfra().db, { used: { workflow_execution: 1000 } });
    const res = await howTo({ task: 'send email' }, spent.key);
    assert.equal(res.status, 402);
  });
});
