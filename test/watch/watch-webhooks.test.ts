import assert from 'node:assert/strict';
import { receiver, type Received, WATCHED_HOST, watched } from '../fixture-web/watch-sites';
import { auditReports } from '../support/audit-reports';
import { startTestApp, type TestApp } from '../support/app';
import { eventually, eventuallyAsync } from '../support/eventually';
import { jsonOf } from '../support/http';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';

/**
 * Watching a product end to end (issue 39): a fixture product changes between audits, the changes are
 * recorded once as events, and signed webhooks reach a receiver that verifies them with the
 * `standardwebhooks` library, through REST, Temporal and the network guard. Retries run in milliseconds
 * here (test/support/infra.ts); the schedule's shape is the production one.
 */
describe('watches and webhooks', function () {
  this.timeout(120_000);
  let app: TestApp;
  let key: string;
  let workspaceId: string;
  const { audit } = auditReports(() => ({ baseUrl: app.baseUrl, key }));

  const call = async (method: string, path: string, body?: unknown, withKey = key) => {
    const res = await fetch(`${app.baseUrl}${path}`, {
      method,
      headers: { 'x-api-key': withKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: res.status === 204 ? undefined : await jsonOf(res) };
  };
  const payloads = (r: { received: Received[] }) => r.received.map((x) => ({ ...x, payload: JSON.parse(x.body) }));

  before(async () => {
    app = await startTestApp();
    ({ key, workspaceId } = await createWorkspace(getInfra().db, { plan: 'usage' }));
    watched.version = 1;
  });
  after(async () => {
    await getInfra()
      .fixtureWeb.watchedSite.up()
      .catch(() => undefined);
    await app?.close();
  });

  let endpointId: string;
  let main: ReturnType<typeof receiver>;

  it('watching an unknown domain audits it first and returns the watch', async () => {
    const r = await call('POST', '/v1/watches', { product: WATCHED_HOST });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.product.domain, WATCHED_HOST);
    assert.equal(r.body.threshold, 5);
    assert.equal(r.body.events.length, 8, 'every event type by default');
    const list = await call('GET', '/v1/watches');
    assert.deepEqual(
      list.body.watches.map((w: { id: string }) => w.id),
      [r.body.id],
    );
  });

  it('an endpoint is created with a whsec_ secret shown once, and its test event verifies at the receiver', async () => {
    const r = await call('POST', '/v1/webhooks', { url: 'http://receiver.test/r/main' });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.match(r.body.secret, /^whsec_[A-Za-z0-9+/=]{40,}$/);
    endpointId = r.body.id;
    main = receiver('main', { secrets: [r.body.secret] });
    const listed = await call('GET', '/v1/webhooks');
    assert.ok(!JSON.stringify(listed.body).includes(r.body.secret), 'the secret is never listed');
    const stored = await getInfra().db('webhook_endpoints').where({ id: endpointId }).first();
    assert.ok(!JSON.stringify(stored).includes(r.body.secret.slice(6)), 'the secret is encrypted at rest');

    const test = await call('POST', `/v1/webhooks/${endpointId}/test`);
    assert.equal(test.status, 202, JSON.stringify(test.body));
    await eventually(() => main.received.length >= 1, 'the test event arrives');
    const [got] = payloads(main);
    assert.ok(got.verified, 'verified by the standardwebhooks library');
    assert.equal(got.id, test.body.eventId, 'webhook-id is the event id');
    assert.equal(got.payload.type, 'webhook.test');
    assert.equal(got.payload.id, got.id);
    await eventuallyAsync(
      async () => (await call('GET', `/v1/webhooks/${endpointId}/deliveries`)).body.deliveries[0]?.status === 'delivered',
      'delivery recorded',
    );
  });

  it('a product that changes between audits sends readiness, OpenAPI and MCP tool events, once each, signed', async () => {
    const retrying = { received: [] as Received[] };
    const second = await call('POST', '/v1/webhooks', { url: 'http://receiver.test/r/flaky3', events: ['openapi.breaking'] });
    assert.equal(second.status, 201);
    receiver('flaky3', { secrets: [second.body.secret], failFirst: 3 }).received = retrying.received;

    const before = main.received.length;
    watched.version = 2;
    const report = await audit(WATCHED_HOST);
    assert.ok(report.reachable);

    await eventually(() => main.received.length >= before + 3, `three events delivered (${JSON.stringify(report.scores)})`).catch(async (err) => {
      const events = await getInfra().db('product_events').select('type', 'data').whereNotNull('product_id');
      throw new Error(`${err.message}; got ${payloads(main).map((g) => g.payload.type)}; recorded ${JSON.stringify(events).slice(0, 1500)}`);
    });
    const got = payloads(main).slice(before);
    const types = got.map((g) => g.payload.type).sort();
    assert.deepEqual(types, ['mcp.tools_changed', 'openapi.breaking', 'readiness.dropped']);
    assert.ok(
      got.every((g) => g.verified),
      'each verified',
    );

    const breaking = got.find((g) => g.payload.type === 'openapi.breaking')!.payload;
    const ids = breaking.data.breaking.map((c: { id: string }) => c.id);
    assert.ok(
      breaking.data.breaking.some((c: { operation?: string }) => c.operation === 'DELETE /pets/{id}'),
      `removed operation listed: ${ids}`,
    );
    assert.ok(
      breaking.data.breaking.some((c: { id: string }) => /required.*param|new-required-request-parameter/.test(c.id)),
      `new required parameter listed: ${ids}`,
    );
    assert.equal(breaking.product.domain, WATCHED_HOST);
    assert.match(breaking.product.url, /^http:\/\/agentdex\.test\/products\//);

    const drop = got.find((g) => g.payload.type === 'readiness.dropped')!.payload;
    assert.ok(drop.data.delta >= 5 && drop.data.after.readiness <= drop.data.before.readiness, JSON.stringify(drop.data));
    const tools = got.find((g) => g.payload.type === 'mcp.tools_changed')!.payload;
    assert.ok(tools.data.added.length + tools.data.removed.length + tools.data.changed.length > 0);

    // The same ids through the feed.
    const feed = await call('GET', `/v1/events?product=${WATCHED_HOST}`);
    assert.deepEqual(feed.body.events.map((e: { id: string }) => e.id).sort(), got.map((g) => g.id).sort());

    // The failing receiver: three 500s, then the same event under the same id, and only the type it asked for.
    await eventually(() => retrying.received.length >= 4, 'retried until it succeeds');
    const attempts = payloads(retrying);
    assert.equal(new Set(attempts.map((a) => a.id)).size, 1, 'one id on every attempt');
    assert.equal(attempts[0].payload.type, 'openapi.breaking');
    assert.ok(attempts[3].at - attempts[0].at >= 200, 'after backoff');
    await eventuallyAsync(async () => {
      const d = (await call('GET', `/v1/webhooks/${second.body.id}/deliveries`)).body.deliveries[0];
      return d?.status === 'delivered' && d.attempts === 4 && d.lastStatusCode === 204;
    }, 'four attempts recorded, the last delivered');
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(retrying.received.length, 4, 'no further attempt after success');

    // Recorded once: a second audit of the unchanged site adds nothing.
    const count = await getInfra().db('product_events').where({ type: 'openapi.breaking' }).count('* as n').first();
    await audit(WATCHED_HOST);
    const again = await getInfra().db('product_events').where({ type: 'openapi.breaking' }).count('* as n').first();
    assert.equal(again?.n, count?.n);
  });

  it('a site that goes down and comes back sends site.unreachable then site.recovered', async () => {
    const before = main.received.length;
    await getInfra().fixtureWeb.watchedSite.down();
    const down = await audit(WATCHED_HOST);
    assert.equal(down.reachable, false);
    await getInfra().fixtureWeb.watchedSite.up();
    const up = await audit(WATCHED_HOST);
    assert.equal(up.reachable, true);
    await eventually(() => main.received.length >= before + 2, 'both delivered');
    assert.deepEqual(
      payloads(main)
        .slice(before)
        .map((g) => g.payload.type),
      ['site.unreachable', 'site.recovered'],
    );
  });

  it('rotation signs with both secrets for a while: a receiver holding either verifies', async () => {
    const rotated = await call('POST', `/v1/webhooks/${endpointId}/rotate`);
    assert.equal(rotated.status, 200);
    assert.ok(rotated.body.secretState.previousValidUntil);
    const old = main;
    const newOnly = receiver('main', { secrets: [rotated.body.secret] });
    await call('POST', `/v1/webhooks/${endpointId}/test`);
    await eventually(() => newOnly.received.length >= 1, 'test after rotation');
    assert.ok(newOnly.received[0].verified, 'verifies with the new secret');
    assert.equal(newOnly.received[0].signature.split(' ').length, 2, 'two signatures');
    const oldSecret = old.secrets;
    const { Webhook } = await import('standardwebhooks');
    const r = newOnly.received[0];
    assert.doesNotThrow(() =>
      new Webhook(oldSecret[0]).verify(r.body, { 'webhook-id': r.id, 'webhook-timestamp': r.timestamp, 'webhook-signature': r.signature }),
    );
    main = newOnly;
  });

  it('a receiver answering 410 disables its endpoint, and the list says why', async () => {
    const gone = receiver('gone', { secrets: [], status: 410 });
    const e = await call('POST', '/v1/webhooks', { url: 'http://receiver.test/r/gone' });
    // A usage workspace has 10 endpoints: room for this one.
    assert.equal(e.status, 201, JSON.stringify(e.body));
    gone.secrets.push(e.body.secret);
    await call('POST', `/v1/webhooks/${e.body.id}/test`);
    await eventuallyAsync(
      async () => (await call('GET', '/v1/webhooks')).body.webhooks.find((w: { id: string }) => w.id === e.body.id)?.enabled === false,
      'disabled',
    );
    const listed = (await call('GET', '/v1/webhooks')).body.webhooks.find((w: { id: string }) => w.id === e.body.id);
    assert.match(listed.disabledReason, /410/);
    assert.equal(gone.received.length, 1, 'no retry after 410');
    const again = await call('POST', `/v1/webhooks/${e.body.id}/test`);
    assert.equal(again.status, 409, 'a disabled endpoint takes no test');
  });

  it('an endpoint failing for the whole retry window is disabled, and a failed delivery can be resent under the same id', async () => {
    const broken = receiver('broken', { secrets: [], status: 503 });
    const e = await call('POST', '/v1/webhooks', { url: 'http://receiver.test/r/broken' });
    broken.secrets.push(e.body.secret);
    const test = await call('POST', `/v1/webhooks/${e.body.id}/test`);
    await eventuallyAsync(
      async () => (await call('GET', '/v1/webhooks')).body.webhooks.find((w: { id: string }) => w.id === e.body.id)?.enabled === false,
      'disabled after the window',
      20_000,
    );
    const [delivery] = (await call('GET', `/v1/webhooks/${e.body.id}/deliveries`)).body.deliveries;
    assert.equal(delivery.status, 'failed');
    assert.ok(delivery.attempts >= 3, `${delivery.attempts} attempts`);
    assert.equal(delivery.lastStatusCode, 503);

    broken.status = undefined;
    assert.equal((await call('PATCH', `/v1/webhooks/${e.body.id}`, { enabled: true })).status, 200);
    const resent = await call('POST', `/v1/webhooks/${e.body.id}/deliveries/${delivery.id}/resend`);
    assert.equal(resent.status, 202, JSON.stringify(resent.body));
    const n = broken.received.length;
    await eventually(() => broken.received.length > n && broken.received.at(-1)!.verified, 'resent');
    assert.equal(broken.received.at(-1)!.id, test.body.eventId, 'the same webhook-id');
    await eventuallyAsync(async () => (await call('GET', `/v1/webhooks/${e.body.id}/deliveries`)).body.deliveries[0].status === 'delivered', 'delivered');
  });

  it('private and metadata addresses are refused at creation, and at delivery when a name turns private', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data', 'https://10.0.0.5/hook', 'http://[::1]/x', 'http://evil-private.test/hook']) {
      const r = await call('POST', '/v1/webhooks', { url });
      assert.equal(r.status, 400, `${url}: ${JSON.stringify(r.body)}`);
      assert.match(r.body.error, /body\.url/);
    }
    const http = await call('POST', '/v1/webhooks', { url: 'http://example.com/hook' });
    assert.equal(http.status, 400, 'http only for allowlisted hosts');
    assert.match(http.body.error, /https/);

    // A name checked at creation and pointing somewhere private later (rebinding): written as it would be.
    const [row] = await getInfra()
      .db('webhook_endpoints')
      .insert({
        workspace_id: workspaceId,
        url: 'http://evil-private.test/hook',
        secret_ciphertext: (await getInfra().db('webhook_endpoints').where({ id: endpointId }).first()).secret_ciphertext,
      })
      .returning('id');
    const test = await call('POST', `/v1/webhooks/${row.id}/test`);
    assert.equal(test.status, 202);
    await eventuallyAsync(async () => {
      const d = (await call('GET', `/v1/webhooks/${row.id}/deliveries`)).body.deliveries[0];
      return d?.attempts >= 1 && /BLOCKED_ADDRESS/.test(d.lastError ?? '');
    }, 'the guard refused the delivery');
    assert.ok(!getInfra().fixtureWeb.requests.some((q) => q.host === 'evil-private.test'), 'nothing was sent');
    await getInfra().db('webhook_endpoints').where({ id: row.id }).delete();
  });

  it('plan limits: a Starter workspace has 2 endpoints and 10 watches, then 409 with a reason', async () => {
    const starter = await createWorkspace(getInfra().db);
    for (const n of [1, 2]) assert.equal((await call('POST', '/v1/webhooks', { url: `http://receiver.test/r/s${n}` }, starter.key)).status, 201);
    const third = await call('POST', '/v1/webhooks', { url: 'http://receiver.test/r/s3' }, starter.key);
    assert.equal(third.status, 409);
    assert.equal(third.body.reason, 'WEBHOOK_LIMIT');
    const slugs = (await getInfra().db('products').select('slug').orderBy('slug').limit(11)).map((p) => p.slug);
    for (const slug of slugs.slice(0, 10)) assert.equal((await call('POST', '/v1/watches', { product: slug }, starter.key)).status, 201);
    const eleventh = await call('POST', '/v1/watches', { product: slugs[10] }, starter.key);
    assert.equal(eleventh.status, 409);
    assert.equal(eleventh.body.reason, 'WATCH_LIMIT');
    // Watching again updates the watch: no new one, so no limit.
    const update = await call('POST', '/v1/watches', { product: slugs[0], threshold: 20, events: ['readiness.dropped'] }, starter.key);
    assert.equal(update.status, 201);
    assert.equal(update.body.threshold, 20);
  });

  it('events are the workspace’s own, paged by cursor and filtered by type, and input errors name the field', async () => {
    const other = await createWorkspace(getInfra().db);
    assert.deepEqual((await call('GET', '/v1/events', undefined, other.key)).body.events, [], 'another workspace sees none');
    const page1 = await call('GET', '/v1/events?limit=2');
    assert.equal(page1.body.events.length, 2);
    assert.ok(page1.body.next);
    const page2 = await call('GET', `/v1/events?limit=2&cursor=${page1.body.next}`);
    const seen = new Set(page1.body.events.map((e: { id: string }) => e.id));
    assert.ok(
      page2.body.events.every((e: { id: string }) => !seen.has(e.id)),
      'no overlap',
    );
    const typed = await call('GET', '/v1/events?type=site.unreachable,site.recovered');
    assert.deepEqual(typed.body.events.map((e: { type: string }) => e.type).sort(), ['site.recovered', 'site.unreachable']);
    const bad = await call('GET', '/v1/events?type=nope');
    assert.equal(bad.status, 400);
    assert.match(bad.body.error, /type/);
    const badWatch = await call('POST', '/v1/watches', { product: 'x', events: ['nope'] });
    assert.equal(badWatch.status, 400);
    assert.match(badWatch.body.error, /events/);
    assert.equal((await call('DELETE', '/v1/watches/5f0c6d1e-3a52-4c43-9b7e-0d8f3c2a1b90')).status, 404);
    assert.equal((await fetch(`${app.baseUrl}/v1/events`)).status, 401, 'a key is needed');
  });
});
