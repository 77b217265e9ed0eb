import assert from 'node:assert/strict';
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
      assert.ok(ms < 5_000, `answered after ${ms} ms`);
      assert.equal((await events(ws.workspaceId)).length, 0, 'the recorded admission was refunded');
    } finally {
      await app.close();
      await deadTemporal.connection.close().catch(() => undefined);
    }
  });
});
