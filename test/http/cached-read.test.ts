import assert from 'node:assert/strict';
import Koa from 'koa';
import { answerFirst, cachedRead } from '../../src/http/cached-read';
import { ResponseCache } from '../../src/http/response-cache';
import { listen } from '../../src/runtime/http-server';
import { startTestApp, type TestApp } from '../support/app';

/** Every header a caller sees but the ones that differ per response by design. */
function headersOf(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (name !== 'date' && name !== 'x-request-id') out[name] = value;
  });
  return out;
}

describe('cached open reads answered before the app (issue 23)', function () {
  this.timeout(30_000);

  it('answers a repeated GET without reaching the app, and leaves misses, revalidations and POSTs to them', async () => {
    const cache = new ResponseCache();
    const below: string[] = [];
    const app = new Koa();
    answerFirst(app, cachedRead(cache, { https: false }));
    app.use((ctx) => {
      below.push(`${ctx.method} ${ctx.url}`);
      return cache.sendJson(ctx, ResponseCache.keyOf(ctx), async () => ({ n: below.length }));
    });
    const server = await listen(app, '127.0.0.1', 0);
    try {
      const url = `http://127.0.0.1:${server.port}/v1/thing?x=1`;
      const first = await fetch(url);
      const second = await fetch(url);
      assert.deepEqual(await first.json(), { n: 1 });
      assert.deepEqual(await second.json(), { n: 1 });
      assert.deepEqual(below, ['GET /v1/thing?x=1'], 'the hit never reached the app');
      await fetch(url, { headers: { 'if-none-match': '"other"' } });
      await fetch(url, { method: 'POST' });
      await fetch(`${url}&y=2`);
      assert.deepEqual(below.slice(1), ['GET /v1/thing?x=1', 'POST /v1/thing?x=1', 'GET /v1/thing?x=1&y=2']);
    } finally {
      await server.close();
    }
  });

  describe('in the app', () => {
    let app: TestApp;
    let secure: TestApp;
    before(async () => {
      app = await startTestApp();
      secure = await startTestApp({}, { PUBLIC_BASE_URL: 'https://agentdex.test' });
    });
    after(async () => {
      await app.close();
      await secure.close();
    });

    for (const path of ['/v1/registry?limit=2&minScore=5', '/v1/categories']) {
      it(`a hit of ${path} carries the status, headers and bytes the whole stack gives`, async () => {
        for (const server of [app, secure]) {
          const url = `${server.baseUrl}${path}`;
          const full = await fetch(url, { headers: { 'if-none-match': '"not-it"' } });
          const hit = await fetch(url);
          assert.equal(hit.status, 200);
          assert.equal(full.status, 200);
          assert.deepEqual(headersOf(hit), headersOf(full));
          assert.equal(await hit.text(), await full.text());
          assert.match(hit.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
          assert.equal(hit.headers.get('content-security-policy'), "default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
          assert.equal(hit.headers.has('strict-transport-security'), server === secure);
        }
      });
    }

    it('a hit echoes a sane request id, replaces an unsafe one, answers HEAD without a body and 304 to its ETag', async () => {
      const url = `${app.baseUrl}/v1/registry?limit=1`;
      const first = await fetch(url);
      assert.equal(first.status, 200);
      const etag = first.headers.get('etag')!;
      const echoed = await fetch(url, { headers: { 'x-request-id': 'caller-123' } });
      assert.equal(echoed.headers.get('x-request-id'), 'caller-123');
      const replaced = await fetch(url, { headers: { 'x-request-id': 'bad id with spaces' } });
      assert.match(replaced.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
      const head = await fetch(url, { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(head.headers.get('content-length'), first.headers.get('content-length'));
      assert.equal(await head.text(), '');
      const revalidated = await fetch(url, { headers: { 'if-none-match': etag } });
      assert.equal(revalidated.status, 304);
    });
  });
});
