import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { BillingSummarySchema, InvoiceListSchema } from '../../src/schemas/billing';
import { loadConfig } from '../../src/config';
import { createTemporalClient, type TemporalClientHandle } from '../../src/temporal/connection';
import { runWorkflow } from '../../src/temporal/run-workflow';
import { WorkflowTypes } from '../../src/temporal/workflow-names';
import { activityDeps } from '../../workers/deps';
import { startWorker, type RunningWorker } from '../../workers/worker';
import { startTestApp, type TestApp } from '../support/app';
import { jsonOf } from '../support/http';
import { getInfra } from '../support/infra';
import { startStripeMock, type RunningStripeMock } from '../support/stripe-mock';
import { recordingProxy } from './recording-proxy';
import { createWorkspace } from '../support/workspaces';

const WEBHOOK_SECRET = 'whsec_test_agentdex';

function signed(event: object, o: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: o.secret ?? WEBHOOK_SECRET, timestamp: o.timestamp });
  return { payload, header };
}

const stripeEvent = (type: string, object: Record<string, unknown>) => ({
  id: `evt_${randomUUID().replace(/-/g, '')}`,
  object: 'event',
  type,
  data: { object },
});

describe('billing (stripe-node against stripe-mock, signed webhooks)', function () {
  this.timeout(120_000);
  let mock: RunningStripeMock;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  let app: TestApp;
  let bare: TestApp;
  let worker: RunningWorker;
  let temporal: TemporalClientHandle;
  let taskQueue: string;
  const hooks: Array<{ body: string; signature: string | undefined }> = [];
  let hookServer: http.Server;

  const call = (a: TestApp, method: string, path: string, o: { key?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {}) =>
    fetch(`${a.baseUrl}${path}`, {
      method,
      headers: {
        ...(o.key ? { 'x-api-key': o.key } : {}),
        ...(o.body !== undefined || o.raw !== undefined ? { 'content-type': 'application/json' } : {}),
        ...o.headers,
      },
      body: o.raw ?? (o.body !== undefined ? JSON.stringify(o.body) : undefined),
    });
  const webhook = (a: TestApp, s: { payload: string; header: string }) =>
    call(a, 'POST', '/v1/billing/webhook', { raw: s.payload, headers: { 'stripe-signature': s.header } });
  const workspace = (id: string) => getInfra().db('workspaces').where({ id }).first();

  before(async () => {
    mock = await startStripeMock();
    proxy = await recordingProxy(mock);
    hookServer = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        hooks.push({ body: Buffer.concat(chunks).toString(), signature: req.headers['x-agentdex-signature'] as string | undefined });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => hookServer.listen(0, '127.0.0.1', r));
    const stripeEnv = {
      STRIPE_SECRET_KEY: 'sk_test_agentdex',
      STRIPE_API_BASE: proxy.url,
      STRIPE_PRICE_ID: 'price_usage',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    };
    app = await startTestApp({}, stripeEnv);
    bare = await startTestApp({}, {});
    // A worker of its own, configured for Stripe and the notification webhook (the run's shared worker has neither).
    const infra = getInfra();
    taskQueue = `${infra.taskQueue}-billing`;
    const hookPort = (hookServer.address() as AddressInfo).port;
    const config = loadConfig({
      ...process.env,
      ...infra.outboundEnv,
      ...stripeEnv,
      OUTBOUND_HOST_MAP: `${infra.outboundEnv.OUTBOUND_HOST_MAP},hooks.test=127.0.0.1:${hookPort}`,
      OUTBOUND_ALLOWLIST: `${infra.outboundEnv.OUTBOUND_ALLOWLIST},hooks.test`,
      NOTIFY_WEBHOOK_URL: 'http://hooks.test/agentdex',
      NOTIFY_WEBHOOK_SECRET: 'notify-secret',
    });
    worker = await startWorker({ target: { address: infra.temporalAddress, namespace: infra.namespace }, taskQueue, deps: activityDeps(config, infra.db) });
    temporal = createTemporalClient({ address: infra.temporalAddress, namespace: infra.namespace });
  });
  after(async () => {
    await app?.close();
    await bare?.close();
    await worker?.stop();
    await temporal?.connection.close();
    await proxy?.close();
    await mock?.stop();
    await new Promise((r) => hookServer?.close(r));
  });

  const sync = async () => {
    const r = await runWorkflow<{ synced: number; failed: number; notificationsDelivered: number }>(temporal.client, WorkflowTypes.usageSync, {
      workflowId: `usage-sync-test-${randomUUID()}`,
      taskQueue,
      args: [],
      waitMs: 60_000,
    });
    assert.equal(r.status, 'completed');
    return (r as { result: { synced: number; failed: number; notificationsDelivered: number } }).result;
  };

  it('answers the summary and invoices without Stripe, and 503 {error} for checkout and portal', async () => {
    const ws = await createWorkspace(getInfra().db);
    const summary = BillingSummarySchema.parse(await jsonOf(await call(bare, 'GET', '/v1/billing', { key: ws.key })));
    assert.equal(summary.plan, 'free');
    assert.equal(summary.paymentsConfigured, false);
    assert.equal(summary.stripeCustomer, false);
    assert.deepEqual(InvoiceListSchema.parse(await jsonOf(await call(bare, 'GET', '/v1/billing/invoices', { key: ws.key }))), { invoices: [] });
    for (const [path, body] of [
      ['/v1/billing/checkout', { successUrl: 'https://example.com/ok', cancelUrl: 'https://example.com/no' }],
      ['/v1/billing/portal', { returnUrl: 'https://example.com/back' }],
    ] as const) {
      const res = await call(bare, 'POST', path, { key: ws.key, body });
      assert.equal(res.status, 503, path);
      assert.match((await jsonOf(res)).error, /STRIPE_SECRET_KEY/);
    }
    const hook = await webhook(bare, signed(stripeEvent('invoice.paid', {})));
    assert.equal(hook.status, 503);
    assert.equal((await call(bare, 'GET', '/v1/billing')).status, 401);
  });

  it('validates checkout and portal bodies, naming the field', async () => {
    const ws = await createWorkspace(getInfra().db);
    const res = await call(app, 'POST', '/v1/billing/checkout', {
      key: ws.key,
      body: { successUrl: 'javascript:alert(1)', cancelUrl: 'https://example.com/no' },
    });
    assert.equal(res.status, 400);
    assert.match((await jsonOf(res)).error, /successUrl/);
    const portal = await call(app, 'POST', '/v1/billing/portal', { key: ws.key, body: {} });
    assert.equal(portal.status, 400);
    assert.match((await jsonOf(portal)).error, /returnUrl/);
  });

  it('creates one customer and a hosted Checkout session; the portal opens once a customer exists', async () => {
    const ws = await createWorkspace(getInfra().db);
    const noCustomer = await call(app, 'POST', '/v1/billing/portal', { key: ws.key, body: { returnUrl: 'https://example.com/back' } });
    assert.equal(noCustomer.status, 409);
    const body = { successUrl: 'https://example.com/ok', cancelUrl: 'https://example.com/no', email: 'billing@example.com' };
    const first = await call(app, 'POST', '/v1/billing/checkout', { key: ws.key, body });
    assert.equal(first.status, 200);
    assert.match((await jsonOf(first)).url, /^https:\/\/checkout\.stripe\.com\//);
    const customer = (await workspace(ws.workspaceId)).stripe_customer_id;
    assert.match(customer, /^cus_/);
    const before = proxy.seen.filter((s) => s.path === '/v1/customers').length;
    assert.equal((await call(app, 'POST', '/v1/billing/checkout', { key: ws.key, body })).status, 200);
    assert.equal(proxy.seen.filter((s) => s.path === '/v1/customers').length, before, 'the stored customer is reused');
    const session = proxy.seen.filter((s) => s.path === '/v1/checkout/sessions').at(-1)!;
    assert.equal(session.body.get('customer'), customer);
    assert.equal(session.body.get('client_reference_id'), ws.workspaceId);
    assert.equal(session.body.get('line_items[0][price]'), 'price_usage');
    const portal = await call(app, 'POST', '/v1/billing/portal', { key: ws.key, body: { returnUrl: 'https://example.com/back' } });
    assert.equal(portal.status, 200);
    assert.match((await jsonOf(portal)).url, /^https:\/\//);
    assert.equal(BillingSummarySchema.parse(await jsonOf(await call(app, 'GET', '/v1/billing', { key: ws.key }))).stripeCustomer, true);
  });

  it('moves the workspace on signed webhooks, once per event; forged, stale and unsigned change nothing', async () => {
    const ws = await createWorkspace(getInfra().db);
    const completed = stripeEvent('checkout.session.completed', {
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: ws.workspaceId,
      customer: `cus_${ws.workspaceId.slice(0, 8)}`,
      subscription: 'sub_1',
    });

    const forged = await webhook(app, signed(completed, { secret: 'whsec_wrong' }));
    assert.equal(forged.status, 400);
    assert.match((await jsonOf(forged)).error, /signature/i);
    const stale = await webhook(app, signed(completed, { timestamp: Math.floor(Date.now() / 1000) - 3600 }));
    assert.equal(stale.status, 400);
    const unsigned = await call(app, 'POST', '/v1/billing/webhook', { raw: JSON.stringify(completed) });
    assert.equal(unsigned.status, 400);
    assert.match((await jsonOf(unsigned)).error, /stripe-signature/i, 'the missing header is named');
    const empty = await call(app, 'POST', '/v1/billing/webhook', { raw: JSON.stringify(completed), headers: { 'stripe-signature': '' } });
    assert.equal(empty.status, 400);
    assert.match((await jsonOf(empty)).error, /stripe-signature/i);
    const tampered = signed(completed);
    assert.equal((await webhook(app, { payload: tampered.payload.replace(ws.workspaceId, randomUUID()), header: tampered.header })).status, 400);
    assert.equal((await workspace(ws.workspaceId)).plan, 'free', 'nothing changed');
    assert.equal(await getInfra().db('billing_webhook_events').where({ id: completed.id }).first(), undefined);

    const ok = await webhook(app, signed(completed));
    assert.equal(ok.status, 200);
    assert.deepEqual(await jsonOf(ok), { received: true, duplicate: false, applied: 'subscribed' });
    let row = await workspace(ws.workspaceId);
    assert.equal(row.plan, 'usage');
    assert.equal(row.metered_enabled, true);
    assert.equal(row.stripe_subscription_id, 'sub_1');

    // Stripe's retry of the same event after the workspace moved on must not move it back.
    await webhook(app, signed(stripeEvent('customer.subscription.deleted', { id: 'sub_1', customer: row.stripe_customer_id, status: 'canceled' })));
    const replay = await webhook(app, signed(completed));
    assert.equal(replay.status, 200);
    assert.equal((await jsonOf(replay)).duplicate, true);
    row = await workspace(ws.workspaceId);
    assert.equal(row.plan, 'free');
    assert.equal(row.metered_enabled, false);

    await webhook(app, signed(stripeEvent('customer.subscription.updated', { id: 'sub_2', customer: row.stripe_customer_id, status: 'active' })));
    assert.equal((await workspace(ws.workspaceId)).plan, 'usage');
    await webhook(app, signed(stripeEvent('customer.subscription.updated', { id: 'sub_2', customer: row.stripe_customer_id, status: 'unpaid' })));
    assert.equal((await workspace(ws.workspaceId)).metered_enabled, false);
  });

  it('keeps the invoice list from invoice webhooks, never moving an invoice back', async () => {
    const ws = await createWorkspace(getInfra().db);
    const customer = `cus_inv_${ws.workspaceId.slice(0, 8)}`;
    await webhook(
      app,
      signed(stripeEvent('checkout.session.completed', { mode: 'subscription', client_reference_id: ws.workspaceId, customer, subscription: 'sub_i' })),
    );
    const invoice = (status: string, id = `in_${ws.workspaceId.slice(0, 8)}`) => ({
      id,
      customer,
      status,
      amount_due: 1234,
      period_start: Date.UTC(2026, 9, 1) / 1000,
      period_end: Date.UTC(2026, 10, 1) / 1000,
      hosted_invoice_url: 'https://invoice.stripe.com/i/x',
    });
    await webhook(app, signed(stripeEvent('invoice.created', invoice('draft'))));
    await webhook(app, signed(stripeEvent('invoice.finalized', invoice('open'))));
    await webhook(app, signed(stripeEvent('invoice.paid', invoice('paid'))));
    await webhook(app, signed(stripeEvent('invoice.updated', invoice('open')))); // late and out of order
    await webhook(app, signed(stripeEvent('invoice.voided', invoice('void', `in_v_${ws.workspaceId.slice(0, 6)}`))));
    const list = InvoiceListSchema.parse(await jsonOf(await call(app, 'GET', '/v1/billing/invoices', { key: ws.key })));
    const byId = Object.fromEntries(list.invoices.map((i) => [i.id, i]));
    assert.equal(list.invoices.length, 2);
    assert.deepEqual(byId[`in_${ws.workspaceId.slice(0, 8)}`], {
      id: `in_${ws.workspaceId.slice(0, 8)}`,
      amountDueUsd: 12.34,
      status: 'paid',
      periodStart: '2026-10-01',
      periodEnd: '2026-11-01',
      hostedUrl: 'https://invoice.stripe.com/i/x',
    });
    assert.equal(byId[`in_v_${ws.workspaceId.slice(0, 6)}`].status, 'void');
    // Another workspace sees none of them.
    const other = await createWorkspace(getInfra().db);
    assert.deepEqual((await jsonOf(await call(app, 'GET', '/v1/billing/invoices', { key: other.key }))).invoices, []);
  });

  it('sends each billable usage event to Stripe once, as a meter event identified by its id, and retries failures', async () => {
    const db = getInfra().db;
    // A paying workspace at the end of its find-tools allowance: the next calls are billable overage.
    const ws = await createWorkspace(db, { plan: 'usage', meteredEnabled: true, used: { agent_discovery_check: 1000 } });
    await db('workspaces')
      .where({ id: ws.workspaceId })
      .update({ stripe_customer_id: `cus_sync_${ws.workspaceId.slice(0, 8)}` });
    for (const task of ['send transactional email', 'transcribe audio']) {
      const res = await call(app, 'POST', '/v1/find-tools', { key: ws.key, body: { task } });
      assert.equal(res.status, 200);
    }
    const events = await db('usage_events').where({ workspace_id: ws.workspaceId }).orderBy('occurred_at');
    assert.equal(events.length, 2);
    assert.ok(events.every((e) => e.payments_sync_status === 'pending' && e.billable_quantity === 1));

    proxy.fail(true);
    const failedRun = await sync();
    assert.ok(failedRun.failed >= 2);
    for (const e of await db('usage_events').where({ workspace_id: ws.workspaceId })) {
      assert.equal(e.payments_sync_status, 'failed');
      assert.match(e.payments_sync_error, /payment processor/);
    }
    proxy.fail(false);

    const sentBefore = proxy.meterEvents().length;
    await sync();
    const rows = await db('usage_events').where({ workspace_id: ws.workspaceId });
    assert.ok(rows.every((e) => e.payments_sync_status === 'synced' && e.payments_synced_at !== null && e.payments_sync_error === null));
    const sent = proxy
      .meterEvents()
      .slice(sentBefore)
      .filter((m) => events.some((e) => e.id === m.body.get('identifier')));
    assert.deepEqual(sent.map((m) => m.body.get('identifier')).sort(), events.map((e) => e.id).sort());
    assert.ok(sent.every((m) => m.body.get('event_name') === 'agentdex_agent_discovery_check' && m.body.get('payload[value]') === '1'));
    assert.ok(sent.every((m) => m.body.get('payload[stripe_customer_id]') === `cus_sync_${ws.workspaceId.slice(0, 8)}`));

    // Another run sends nothing more for them.
    const again = proxy.meterEvents().length;
    await sync();
    assert.equal(
      proxy
        .meterEvents()
        .slice(again)
        .filter((m) => events.some((e) => e.id === m.body.get('identifier'))).length,
      0,
    );
  });

  it('delivers each spend notification once to the configured webhook, signed', async () => {
    const db = getInfra().db;
    const ws = await createWorkspace(db);
    await db('spend_notifications').insert({ workspace_id: ws.workspaceId, period_start: '2026-11-01', threshold: 'WARNING', spent_usd: 5.5 });
    await sync();
    const mine = () => hooks.filter((h) => JSON.parse(h.body).workspaceId === ws.workspaceId);
    assert.equal(mine().length, 1);
    const hook = mine()[0];
    assert.equal(hook.signature, `sha256=${createHmac('sha256', 'notify-secret').update(hook.body).digest('hex')}`);
    assert.deepEqual((({ type, threshold, spentUsd, periodStart }) => ({ type, threshold, spentUsd, periodStart }))(JSON.parse(hook.body)), {
      type: 'spend.threshold_crossed',
      threshold: 'WARNING',
      spentUsd: 5.5,
      periodStart: '2026-11-01',
    });
    assert.notEqual((await db('spend_notifications').where({ workspace_id: ws.workspaceId }).first()).delivered_at, null);
    await sync();
    assert.equal(mine().length, 1, 'sent once');
  });
});
