import assert from 'node:assert/strict';
import { jsonOf } from '../support/http';
import Router from '@koa/router';
import Koa from 'koa';
import { errorHandler } from '../../src/http/error-handler';
import { requestId } from '../../src/http/request-id';
import { defineRoute, mountRoute } from '../../src/http/route';
import { createLogger } from '../../src/logger';
import { listen, type RunningHttpServer } from '../../src/runtime/http-server';
import { z } from '../../src/schemas/zod';
import { startTestApp, type TestApp } from '../support/app';

describe('error contract on the real app', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());

  it('404s an unknown route with {error} and a request id', async () => {
    const res = await fetch(`${app.baseUrl}/v1/nope`);
    assert.equal(res.status, 404);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    const body = await jsonOf(res);
    assert.equal(typeof body.error, 'string');
    assert.ok(res.headers.get('x-request-id'));
  });

  it('405s a known path with the wrong method, with an Allow header', async () => {
    const res = await fetch(`${app.baseUrl}/health`, { method: 'DELETE' });
    assert.equal(res.status, 405);
    assert.match(res.headers.get('allow') ?? '', /GET/);
    assert.match((await jsonOf(res)).error, /not allowed/);
  });

  it('echoes a sane x-request-id and replaces an unsafe one', async () => {
    const echoed = await fetch(`${app.baseUrl}/health`, { headers: { 'x-request-id': 'abc-123' } });
    assert.equal(echoed.headers.get('x-request-id'), 'abc-123');
    const replaced = await fetch(`${app.baseUrl}/health`, { headers: { 'x-request-id': 'x'.repeat(500) } });
    assert.notEqual(replaced.headers.get('x-request-id'), 'x'.repeat(500));
    assert.match(replaced.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
  });
});

describe('request bodies and validation (http layer)', () => {
  let server: RunningHttpServer;
  let base: string;
  before(async () => {
    const router = new Router();
    mountRoute(
      router,
      defineRoute({
        method: 'post',
        path: '/echo/{id}',
        tag: 'Test',
        summary: 'echo',
        auth: 'open',
        request: {
          params: z.object({ id: z.string().regex(/^[a-z]+$/) }),
          body: z.object({ task: z.string().min(1), limit: z.number().int().max(10).optional() }),
        },
        responses: { 200: { description: 'ok' } },
        handler: ({ body, params }) => ({ id: params.id, task: body.task }),
      }),
    );
    mountRoute(
      router,
      defineRoute({
        method: 'get',
        path: '/boom',
        tag: 'Test',
        summary: 'throws',
        auth: 'open',
        responses: { 200: { description: 'never' } },
        handler: () => {
          throw new Error('relation "secret_table" does not exist at /src/store/x.ts:12');
        },
      }),
    );
    const koa = new Koa();
    koa.silent = true;
    koa
      .use(requestId())
      .use(errorHandler(createLogger('silent')))
      .use(router.routes())
      .use(router.allowedMethods());
    server = await listen(koa, '127.0.0.1', 0);
    base = `http://127.0.0.1:${server.port}`;
  });
  after(() => server.close());

  const post = (body: string | Buffer, type = 'application/json', path = '/echo/abc') =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': type }, body });

  it('accepts valid JSON and ignores unknown fields', async () => {
    const res = await post(JSON.stringify({ task: 'send email', extra: true }));
    assert.equal(res.status, 200);
    assert.deepEqual(await jsonOf(res), { id: 'abc', task: 'send email' });
  });

  it('400s malformed JSON', async () => {
    const res = await post('{"task": ');
    assert.equal(res.status, 400);
    assert.match((await jsonOf(res)).error, /Malformed JSON/);
  });

  it('400s a missing required field, naming it', async () => {
    const res = await post(JSON.stringify({}));
    assert.equal(res.status, 400);
    const body = await jsonOf(res);
    assert.match(body.error, /body\.task: is required/);
    assert.equal(body.details[0].field, 'body.task');
  });

  it('400s a wrong type and a bad path parameter, naming both places', async () => {
    const wrongType = await post(JSON.stringify({ task: 'x', limit: 'ten' }));
    assert.equal(wrongType.status, 400);
    assert.match((await jsonOf(wrongType)).error, /body\.limit/);
    const badParam = await post(JSON.stringify({ task: 'x' }), 'application/json', '/echo/ABC1');
    assert.equal(badParam.status, 400);
    assert.match((await jsonOf(badParam)).error, /params\.id/);
  });

  it('413s a body over 1 MiB', async () => {
    const big = JSON.stringify({ task: 'x'.repeat(1024 * 1024 + 10) });
    const res = await post(big);
    assert.equal(res.status, 413);
    assert.match((await jsonOf(res)).error, /1048576 byte limit/);
  });

  it('413s an oversized chunked body with no Content-Length', async () => {
    const chunk = Buffer.alloc(256 * 1024, 'a');
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(Buffer.from('{"task":"'));
        for (let i = 0; i < 6; i++) controller.enqueue(chunk);
        controller.enqueue(Buffer.from('"}'));
        controller.close();
      },
    });
    const res = await fetch(`${base}/echo/abc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    assert.equal(res.status, 413);
  });

  it('415s a body that is not JSON', async () => {
    const res = await post('task=x', 'application/x-www-form-urlencoded');
    assert.equal(res.status, 415);
    assert.equal(typeof (await jsonOf(res)).error, 'string');
  });

  it('500s without leaking the message, stack or SQL', async () => {
    const res = await fetch(`${base}/boom`);
    assert.equal(res.status, 500);
    const text = await res.text();
    assert.deepEqual(JSON.parse(text), { error: 'Internal server error' });
    assert.doesNotMatch(text, /secret_table|\.ts|at /);
  });
});
