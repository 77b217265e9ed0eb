import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { freePort } from '../../src/runtime/free-port';
import { createTemporalClient } from '../../src/temporal/connection';
import { startTestApp } from '../support/app';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';

// Metered calls while a dependency is down (issue 16's outage proof, `npm run prove -- outages`, found both).
describe('metered calls during an outage', function () {
  this.timeout(60_000);
  const findTools = (baseUrl: string, key: string, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl}/v1/find-tools`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key, ...headers },
      body: JSON.stringify({ task: 'send transactional email from a Node app' }),
    });
  const events = (workspaceId: string) => getInfra().db('usage_events').where({ workspace_id: workspaceId });

  it('answers 503 within 5 s while Temporal is unreachable, and charges nothing', async () => {
    // The SDK's own retries held the request ~20 s before it could fail.
    const deadTemporal = createTemporalClient({ address: `127.0.0.1:${await freePort()}`, namespace: getInfra().namespace });
    const app = await startTestApp({ temporal: deadTemporal });
    try {
      const ws = await createWorkspace(getInfra().db);
      const started = Date.now();
      const res = await findTools(app.baseUrl, ws.key);
      const ms = Date.now() - started;
      assert.equal(res.status, 503);
      assert.equal(res.headers.get('retry-after'), '5');
      // real time: the Temporal client's own 3 s connect timeout is a real timer (the CPU work around it is a few
      // ms, so the bound holds at a quarter of this machine's speed); before it, the SDK's retries held ~20 s.
      assert.ok(ms < 5_000, `answered after ${ms} ms`);
      assert.equal((await events(ws.workspaceId)).length, 0, 'the recorded admission was refunded');
    } finally {
      await app.close();
      await deadTemporal.connection.close().catch(() => undefined);
    }
  });

  it('hands out the answer of a charged call whose Idempotency-Key record cannot be completed, and a retry is not charged again', async () => {
    const { db } = getInfra();
    const app = await startTestApp();
    const ws = await createWorkspace(db);
    // Postgres "goes away" exactly when the record would be completed: a connection failure (SQLSTATE 08006)
    // raised for this workspace's records only, after the call was admitted, charged and run.
    const fn = `outage_${randomUUID().replace(/-/g, '')}`;
    await db.raw(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'connection lost' USING ERRCODE = '08006'; END $$`);
    assert.match(ws.workspaceId, /^[0-9a-f-]{36}$/); // inlined below: DDL takes no bound parameters
    await db.raw(`CREATE TRIGGER ${fn} BEFORE UPDATE ON idempotency_records FOR EACH ROW WHEN (NEW.scope = 'ws:${ws.workspaceId}') EXECUTE FUNCTION ${fn}()`);
    const key = randomUUID();
    try {
      const first = await findTools(app.baseUrl, ws.key, { 'idempotency-key': key });
      assert.equal(first.status, 200, 'the call ran and was charged: its answer is handed out');
      const body = (await first.json()) as { results: unknown[] };
      assert.ok(body.results.length > 0);
      assert.equal((await events(ws.workspaceId)).length, 1);
    } finally {
      await db.raw(`DROP TRIGGER IF EXISTS ${fn} ON idempotency_records`);
      await db.raw(`DROP FUNCTION IF EXISTS ${fn}()`);
    }
    try {
      const retry = await findTools(app.baseUrl, ws.key, { 'idempotency-key': key });
      assert.equal(retry.status, 200);
      assert.equal(retry.headers.get('idempotent-replayed'), 'true');
      assert.equal((await events(ws.workspaceId)).length, 1, 'the retry attached to the finished workflow: no second charge');
    } finally {
      await app.close();
    }
  });
});
