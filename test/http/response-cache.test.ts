import assert from 'node:assert/strict';
import type { Context } from 'koa';
import { ResponseCache } from '../../src/http/response-cache';

/** Just what ResponseCache touches on a Koa context. */
function fakeContext(): Context {
  const headers: Record<string, string> = {};
  return {
    response: { get: (k: string) => headers[k.toLowerCase()] ?? '' },
    set: (k: string, v: string) => (headers[k.toLowerCase()] = v),
  } as unknown as Context;
}

describe('ResponseCache memory bound', () => {
  it('evicts the oldest bodies once their bytes pass maxBytes, though far fewer entries than max', async () => {
    const cache = new ResponseCache(60_000, 5_000, 64 * 1024);
    const body = { text: 'x'.repeat(10_000) };
    for (let i = 0; i < 20; i++) await cache.sendJson(fakeContext(), `GET /v1/thing/${i}`, async () => body);
    assert.equal(cache.peek('GET /v1/thing/0'), undefined, 'the first body was evicted');
    assert.ok(cache.peek('GET /v1/thing/19'), 'the last body is held');
    const held = Array.from({ length: 20 }, (_, i) => cache.peek(`GET /v1/thing/${i}`)).filter(Boolean).length;
    assert.ok(held <= 6, `${held} bodies of 10 KB held under a 64 KB bound`);
  });
});
