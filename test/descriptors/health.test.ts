import assert from 'node:assert/strict';
import { jsonOf } from '../support/http';
import { createLogger } from '../../src/logger';
import { freePort } from '../../src/runtime/free-port';
import { createDb } from '../../src/store/db';
import { createTemporalClient } from '../../src/temporal/connection';
import { startTestApp, type TestApp } from '../support/app';
import { getInfra } from '../support/infra';

describe('GET /health', () => {
  it('answers {ok: true} when Postgres and Temporal are up', async () => {
    const app = await startTestApp();
    try {
      const res = await fetch(`${app.baseUrl}/health`);
      assert.equal(res.status, 200);
      assert.deepEqual(await jsonOf(res), { ok: true });
    } finally {
      await app.close();
    }
  });

  describe('with Postgres unreachable', () => {
    let app: TestApp;
    let deadDb: ReturnType<typeof createDb>;
    before(async () => {
      deadDb = createDb({ url: `postgres://nobody:x@127.0.0.1:${await freePort()}/none`, acquireTimeoutMs: 1_000, logger: createLogger('silent') });
      app = await startTestApp({ db: deadDb });
    });
    after(async () => {
      await app.close();
      await deadDb.destroy();
    });

    it('answers 503 {ok: false} naming Postgres', async () => {
      const res = await fetch(`${app.baseUrl}/health`);
      assert.equal(res.status, 503);
      const body = await jsonOf(res);
      assert.equal(body.ok, false);
      assert.equal(body.postgres, 'unreachable');
      assert.equal(body.temporal, 'ok');
      assert.match(body.error, /Postgres/);
    });
  });

  describe('with Temporal unreachable', () => {
    let app: TestApp;
    before(async () => {
      const deadTemporal = createTemporalClient({ address: `127.0.0.1:${await freePort()}`, namespace: getInfra().namespace });
      app = await startTestApp({ temporal: deadTemporal });
    });
    after(async () => {
      await app.close();
      await app.deps.temporal.connection.close().catch(() => undefined);
    });

    it('answers 503 {ok: false} naming Temporal, without hanging', async () => {
      const res = await fetch(`${app.baseUrl}/health`, { signal: AbortSignal.timeout(10_000) });
      assert.equal(res.status, 503);
      const body = await jsonOf(res);
      assert.deepEqual([body.ok, body.postgres, body.temporal], [false, 'ok', 'unreachable']);
      assert.match(body.error, /Temporal/);
    });
  });
});
