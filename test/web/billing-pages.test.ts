import assert from 'node:assert/strict';
import { startTestApp, type TestApp } from '../support/app';
import { getInfra } from '../support/infra';
import { startStripeMock, type RunningStripeMock } from '../support/stripe-mock';
import { createWorkspace } from '../support/workspaces';
import { PageClient } from './browser-session';

describe('dashboard billing with Stripe configured (stripe-mock)', function () {
  this.timeout(60_000);
  let mock: RunningStripeMock;
  let app: TestApp;
  before(async () => {
    mock = await startStripeMock();
    app = await startTestApp({}, { STRIPE_SECRET_KEY: 'sk_test_agentdex', STRIPE_API_BASE: mock.url, STRIPE_PRICE_ID: 'price_usage' });
  });
  after(async () => {
    await app?.close();
    await mock?.stop();
  });

  it("offers checkout and the portal, and sends the browser to Stripe's hosted pages", async () => {
    const ws = await createWorkspace(getInfra().db);
    const browser = new PageClient(app.baseUrl);
    const { csrf } = await browser.form('/dashboard/signin');
    assert.equal((await browser.post('/dashboard/signin', { _csrf: csrf, key: ws.key })).status, 303);
    const page = await browser.form('/dashboard/billing');
    assert.match(page.html, /Add a payment method/);
    assert.match(page.html, /Open the billing portal/);
    assert.doesNotMatch(page.html, /Payments are not configured/);
    for (const action of ['checkout', 'portal']) {
      const res = await browser.post(`/dashboard/billing/${action}`, { _csrf: page.csrf });
      assert.equal(res.status, 303, action);
      assert.match(res.headers.get('location')!, /^https:\/\//, action);
    }
    // The checkout created (or reused) the workspace's Stripe customer.
    const row = await getInfra().db('workspaces').where({ id: ws.workspaceId }).first();
    assert.ok(row.stripe_customer_id, 'a Stripe customer is stored');
  });
});
