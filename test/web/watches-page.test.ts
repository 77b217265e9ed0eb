import assert from 'node:assert/strict';
import { newEventId } from '../../src/store/product-events';
import { receiver } from '../fixture-web/watch-sites';
import { startTestApp, type TestApp } from '../support/app';
import { eventuallyAsync } from '../support/eventually';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';
import { PageClient } from './browser-session';

/**
 * The dashboard's watches page (issue 39): each form calls the REST operation's handler as the session's
 * workspace. A signing secret is shown once, on its own never-cached page; refusals are notices on the page.
 */
describe('dashboard watches page', function () {
  this.timeout(60_000);
  let app: TestApp;
  let browser: PageClient;
  let csrf: string;
  // receiver.test is on the run's allowlist (test/fixture-web/server.ts) and verifies with `standardwebhooks`.
  const ENDPOINT = 'http://receiver.test/r/dash';
  const SECRET = /<p id="new-secret" class="secret">\s*(whsec_[A-Za-z0-9+/=]+)\s*<\/p>/;

  const page = async () => {
    const res = await browser.get('/dashboard/watches');
    assert.equal(res.status, 200);
    return res.text();
  };
  const endpointId = (html: string) => {
    const id = /\/dashboard\/webhooks\/([0-9a-f-]{36})\/test/.exec(html)?.[1];
    assert.ok(id, 'the page lists the endpoint');
    return id;
  };

  before(async () => {
    app = await startTestApp();
    const ws = await createWorkspace(getInfra().db, { plan: 'usage' });
    browser = new PageClient(app.baseUrl);
    const signin = await browser.form('/dashboard/signin');
    assert.equal((await browser.post('/dashboard/signin', { _csrf: signin.csrf, key: ws.key })).status, 303);
    ({ csrf } = await browser.form('/dashboard/watches'));
  });
  after(async () => {
    await app?.close();
  });

  it('is signed-in only, linked from the dashboard navigation, and refuses a form without the CSRF token', async () => {
    const stranger = new PageClient(app.baseUrl);
    const res = await stranger.get('/dashboard/watches');
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), '/dashboard/signin');
    const html = await page();
    assert.match(html, /<a href="\/dashboard\/watches">Watches<\/a>/);
    assert.match(html, /No watches yet/);
    assert.match(html, /No endpoints yet/);
    assert.equal((await browser.post('/dashboard/watches', { product: 'stripe' })).status, 403);
  });

  it('adds a watch of a registry product with a threshold, lists it linked to its page, and removes it', async () => {
    const product = await getInfra().db('products').first();
    const added = await browser.post('/dashboard/watches', { _csrf: csrf, product: product.slug, threshold: '12' });
    assert.equal(added.status, 303);
    assert.equal(added.headers.get('location'), '/dashboard/watches?notice=watch-added');
    const html = await (await browser.get('/dashboard/watches?notice=watch-added')).text();
    assert.match(html, /class="notice good"/);
    assert.ok(html.includes(`href="/products/${product.slug}"`), 'the product links to its page');
    assert.match(html, /12 pts/);
    assert.match(html, /all event types/);

    // A recorded event of the watched product is listed, its third-party text (a site's error) escaped.
    const evil = '<script>alert(1)</script>';
    await getInfra()
      .db('product_events')
      .insert({ id: newEventId(), product_id: product.id, type: 'site.unreachable', data: JSON.stringify({ error: evil }), dispatched_at: new Date() });
    const withEvent = await page();
    assert.match(withEvent, /<td>site\.unreachable<\/td><td>site unreachable: &lt;script&gt;alert\(1\)&lt;\/script&gt;<\/td>/);
    assert.ok(!withEvent.includes(evil), 'never rendered raw');
    assert.ok(/<table id="events">[\s\S]*href="\/products\//.test(withEvent), 'the event links to its product');

    const id = /\/dashboard\/watches\/([0-9a-f-]{36})\/remove/.exec(html)?.[1];
    assert.ok(id);
    const removed = await browser.post(`/dashboard/watches/${id}/remove`, { _csrf: csrf });
    assert.equal(removed.headers.get('location'), '/dashboard/watches?notice=watch-removed');
    assert.match(await page(), /No watches yet/);
    // A second removal is the handler's 404, shown on the page.
    const again = await browser.post(`/dashboard/watches/${id}/remove`, { _csrf: csrf });
    assert.equal(again.status, 404);
    assert.match(await again.text(), /class="notice bad"[^>]*>[^<]*has no watch/);
  });

  it("shows a refused product input escaped, with the API's message as a bad notice", async () => {
    const evil = '<img src=x onerror=alert(1)>';
    const res = await browser.post('/dashboard/watches', { _csrf: csrf, product: evil });
    assert.equal(res.status, 400);
    const html = await res.text();
    assert.match(html, /class="notice bad" role="alert">[^<]*product[^<]*not a valid domain/);
    assert.ok(!html.includes(evil), 'the input is never rendered raw');
    assert.ok(html.includes('value="&lt;img src=x onerror=alert(1)&gt;"'), 'the input is shown again, escaped');

    const threshold = await browser.post('/dashboard/watches', { _csrf: csrf, product: 'stripe', threshold: 'lots' });
    assert.equal(threshold.status, 400);
    assert.match(await threshold.text(), /class="notice bad"/);
  });

  it('creates an endpoint, shows its secret once, rotates it, disables (showing why), enables and deletes it', async () => {
    const created = await browser.post('/dashboard/webhooks', { _csrf: csrf, url: ENDPOINT });
    assert.equal(created.status, 201);
    assert.equal(created.headers.get('cache-control'), 'no-store');
    const createdHtml = await created.text();
    assert.match(createdHtml, /Your new signing secret/);
    const secret = SECRET.exec(createdHtml)?.[1];
    assert.ok(secret, 'the secret is shown');

    let html = await page();
    assert.ok(html.includes(`<code>${ENDPOINT}</code>`));
    assert.doesNotMatch(html, /whsec_/, 'the secret is never shown on the page again');
    assert.match(html, /the first one, since/);
    assert.match(html, /<span class="pill">enabled<\/span>/);
    const id = endpointId(html);

    // Rotation shows a new secret once; the page then tells how long the old one still signs.
    const rotated = await browser.post(`/dashboard/webhooks/${id}/rotate`, { _csrf: csrf });
    assert.equal(rotated.status, 200);
    assert.equal(rotated.headers.get('cache-control'), 'no-store');
    const rotatedSecret = SECRET.exec(await rotated.text())?.[1];
    assert.ok(rotatedSecret);
    assert.notEqual(rotatedSecret, secret);
    html = await page();
    assert.doesNotMatch(html, /whsec_/);
    assert.match(html, /rotated \d{4}-\d\d-\d\d \d\d:\d\d UTC; the previous secret still signs until \d{4}-/);

    // Disabling shows why, prominently; a test event to a disabled endpoint is the handler's 409, as a notice.
    const disabled = await browser.post(`/dashboard/webhooks/${id}/update`, { _csrf: csrf, enabled: 'false' });
    assert.equal(disabled.headers.get('location'), '/dashboard/watches?notice=webhook-disabled');
    html = await page();
    assert.match(html, /class="notice bad" role="status">\s*Disabled: <strong>disabled by the workspace<\/strong>/);
    assert.match(html, /<span class="pill">disabled<\/span>/);
    const refused = await browser.post(`/dashboard/webhooks/${id}/test`, { _csrf: csrf });
    assert.equal(refused.status, 409);
    assert.match(await refused.text(), /class="notice bad" role="alert">[^<]*is disabled \(disabled by the workspace\)/);
    const enabled = await browser.post(`/dashboard/webhooks/${id}/update`, { _csrf: csrf, enabled: 'true' });
    assert.equal(enabled.headers.get('location'), '/dashboard/watches?notice=webhook-enabled');
    assert.doesNotMatch(await page(), /disabled by the workspace/);

    const deleted = await browser.post(`/dashboard/webhooks/${id}/delete`, { _csrf: csrf });
    assert.equal(deleted.headers.get('location'), '/dashboard/watches?notice=webhook-deleted');
    assert.match(await page(), /No endpoints yet/);
    const gone = await browser.post(`/dashboard/webhooks/${id}/rotate`, { _csrf: csrf });
    assert.equal(gone.status, 404);
    assert.match(await gone.text(), /class="notice bad" role="alert">[^<]*has no webhook endpoint/);
  });

  it('sends a test event that the receiver verifies, lists its delivery and resends it with the same webhook-id', async () => {
    const created = await browser.post('/dashboard/webhooks', { _csrf: csrf, url: ENDPOINT });
    assert.equal(created.status, 201);
    const secret = SECRET.exec(await created.text())?.[1];
    assert.ok(secret);
    const got = receiver('dash', { secrets: [secret] });
    const id = endpointId(await page());
    try {
      const tested = await browser.post(`/dashboard/webhooks/${id}/test`, { _csrf: csrf });
      assert.equal(tested.headers.get('location'), '/dashboard/watches?notice=webhook-tested');
      await eventuallyAsync(async () => /<td>webhook\.test<\/td><td>delivered /.test(await page()), 'the test delivery is listed as delivered');
      assert.equal(got.received.length, 1);
      assert.ok(got.received[0].verified, 'the receiver verified the signature');
      const html = await page();
      assert.match(html, /HTTP 204/);
      assert.ok(html.includes(`<code>${ENDPOINT}</code>`));
      const resend = new RegExp(`/dashboard/webhooks/${id}/deliveries/([0-9a-f-]{36})/resend`).exec(html);
      assert.ok(resend, 'a delivered delivery can be resent');
      const resent = await browser.post(resend[0], { _csrf: csrf });
      assert.equal(resent.headers.get('location'), '/dashboard/watches?notice=delivery-resent');
      await eventuallyAsync(async () => got.received.length === 2, 'the resend reaches the receiver');
      assert.equal(got.received[1].id, got.received[0].id, 'a resend carries the same webhook-id');
    } finally {
      await browser.post(`/dashboard/webhooks/${id}/delete`, { _csrf: csrf });
    }
  });

  it('refuses a private or metadata address as a bad notice, keeping the URL in the form', async () => {
    const cases = [
      // The guard's refusal comes first, whichever the scheme: the address itself is what is wrong.
      ['http://169.254.169.254/x', /169\.254\.169\.254 is not a public internet host/],
      ['https://169.254.169.254/x', /169\.254\.169\.254 is not a public internet host/],
      ['http://example.com/x', /must be https \(http only for hosts the operator allowlists; example\.com is not\)/],
    ] as const;
    for (const [url, message] of cases) {
      const res = await browser.post('/dashboard/webhooks', { _csrf: csrf, url });
      assert.equal(res.status, 400, url);
      const html = await res.text();
      assert.match(html, /class="notice bad" role="alert">[^<]*url: /, url);
      assert.match(html, message, url);
      assert.ok(html.includes(`value="${url}"`), url);
      assert.doesNotMatch(html, /whsec_/);
    }
    assert.doesNotMatch(await page(), /<code>https?:\/\/169\.254/, 'nothing was created');
  });
});
