import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { renderRouteTable } from '../../src/client/route-table';
import { operationList } from '../../src/operations';
import { startTestApp, type TestApp } from '../support/app';
import { within } from '../support/eventually';
import { fakeClock } from '../support/fake-clock';
import { jsonOf } from '../support/http';
import { track } from '../net/support';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';

// Loaded through the package's own `exports` (agentdex/client), as a user of the package would.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sdk = require('agentdex/client') as typeof import('../../src/client');
const { AgentdexClient } = sdk;

const ROOT = path.resolve(__dirname, '../../..');

describe('typed client (agentdex/client)', function () {
  this.timeout(120_000);
  let app: TestApp;
  let ws: { workspaceId: string; key: string };
  const events = async (workspaceId: string) => getInfra().db('usage_events').where({ workspace_id: workspaceId }).select('event_type', 'source');

  before(async () => {
    app = await startTestApp({}, { TRUST_PROXY: 'true' });
    ws = await createWorkspace(getInfra().db);
  });
  after(() => app.close());

  it('has a route table generated from the declarations (npm run generate:client), one method per operation', () => {
    const committed = readFileSync(path.join(ROOT, 'src/client/routes.generated.ts'), 'utf8');
    assert.equal(committed, renderRouteTable(), 'src/client/routes.generated.ts is stale: run npm run generate:client');
    const client = new AgentdexClient({ baseUrl: app.baseUrl });
    for (const op of operationList) assert.equal(typeof (client as unknown as Record<string, unknown>)[op.name], 'function', op.name);
  });

  it('loads nothing but Node built-ins and its own files', () => {
    const loaded = execFileSync(process.execPath, ['-e', "require('agentdex/client'); console.log(JSON.stringify(Object.keys(require.cache)))"], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    const files = JSON.parse(loaded) as string[];
    assert.ok(files.length > 0);
    assert.deepEqual(
      files.filter((f) => !f.includes(`${path.sep}dist${path.sep}src${path.sep}client${path.sep}`)),
      [],
    );
  });

  it('does every registry, primitive and account operation, typed from the same schemas as the server', async () => {
    const own = await createWorkspace(getInfra().db);
    const client = new AgentdexClient({ baseUrl: app.baseUrl, apiKey: own.key });

    const rows = await client.listRegistry({ category: 'payments', limit: 3 });
    assert.equal(rows.length, 3);
    assert.deepEqual(rows, await jsonOf(await fetch(`${app.baseUrl}/v1/registry?category=payments&limit=3`)));
    const profile = await client.getProfile({ slug: 'stripe' });
    assert.equal(profile.domain, 'stripe.com');
    assert.ok((await client.listCategories()).categories.some((c) => c.slug === 'payments'));
    assert.equal((await client.getCategory({ slug: 'payments', limit: 2 })).products.length, 2);
    assert.ok((await client.search({ query: 'vector database', requirements: { mcp: true } })).length > 0);
    assert.deepEqual(
      (await client.compare({ slugs: ['stripe', 'paypal'] })).rows.map((r) => r.slug),
      ['stripe', 'paypal'],
    );

    const audit = await client.audit({ domain: 'site-4.test' });
    assert.equal(audit.reachable, true);
    const polled = await client.audit({ domain: 'site-5.test' }, { respondAsync: true });
    assert.equal(polled.domain, 'site-5.test', 'a 202 job is polled to its result');
    assert.ok((await client.findTools({ task: 'send transactional email' })).results.length > 0);
    const resolved = await client.resolve({ task: 'send transactional email', requirements: { mcp: true } });
    assert.deepEqual(resolved.capabilities, ['email.send']);
    assert.equal((await client.howTo({ task: 'send transactional email' })).asOf, new Date().toISOString().slice(0, 7));
    assert.equal((await client.getCompany({ domain: 'fernhollow.test' })).domain, 'fernhollow.test');
    assert.ok((await client.getPricing({ domain: 'fernhollow.test' })).plans.length > 0);
    assert.equal((await client.findCompetitors({ domain: 'stripe.com', limit: 2 })).competitors.length, 2);
    assert.equal((await client.compareCompanies({ domains: ['fernhollow.test', 'steelyard.test'] })).companies.length, 2);
    assert.equal((await client.research({ domain: 'fernhollow.test' })).question, 'Company overview');

    const accepted = await fetch(`${app.baseUrl}/v1/find-tools`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': own.key, prefer: 'respond-async' },
      body: JSON.stringify({ task: 'error monitoring' }),
    });
    assert.equal(accepted.status, 202);
    const { jobId } = await jsonOf(accepted);
    let job = await client.getJob({ id: jobId });
    for (let i = 0; job.status === 'running' && i < 100; i++) job = await new Promise((r) => setTimeout(r, 50)).then(() => client.getJob({ id: jobId }));
    assert.equal(job.status, 'completed');

    assert.equal((await client.getPlans()).currency, 'USD');
    const minted = await client.createKey({ label: 'client test' });
    assert.match(minted.key, /^adx_/);
    assert.ok((await client.listKeys()).keys.some((k) => k.id === minted.id && k.label === 'client test'));
    assert.equal(await client.revokeKey({ id: minted.id }), undefined);
    assert.equal((await client.getUsage()).meters.find((m) => m.eventType === 'audit_run')?.used, 2);
    assert.ok((await client.getEntitlements()).entitlements.every((e) => e.allowed));
    const listed = await client.listUsageEvents({ event_type: 'audit_run' });
    assert.equal(listed.events.length, 2);
    assert.equal((await client.setLimits({ monthlyBudgetUsd: 25 })).monthlyBudgetUsd, 25);
    assert.equal((await client.getLimits()).monthlyBudgetUsd, 25);

    const signedUp = await new AgentdexClient({ baseUrl: app.baseUrl, headers: { 'x-forwarded-for': '198.51.100.77' } }).signup({
      email: 'client@example.com',
    });
    assert.match(signedUp.key, /^adx_/);

    const recorded = await events(own.workspaceId);
    // two audits, find-tools twice (one by its job), resolve, how-to and the five company calls
    assert.equal(recorded.length, 11, JSON.stringify(recorded));
    assert.ok(recorded.every((e) => e.source === 'api'));
  });

  it('throws one error class per kind, carrying status, error, reason, retryAfter and the request id', async () => {
    const bad = new AgentdexClient({ baseUrl: app.baseUrl, apiKey: 'adx_00000000000000000000000000000000' });
    await assert.rejects(bad.getUsage(), (e: unknown) => e instanceof sdk.AuthenticationError && e.status === 401 && typeof e.requestId === 'string');
    const client = new AgentdexClient({ baseUrl: app.baseUrl, apiKey: ws.key });
    await assert.rejects(client.getProfile({ slug: 'no-such-product' }), (e: unknown) => e instanceof sdk.NotFoundError && /no-such-product/.test(e.error));
    await assert.rejects(client.compare({ slugs: ['stripe'] }), (e: unknown) => e instanceof sdk.BadRequestError && /body\.slugs/.test(e.error));

    const spent = await createWorkspace(getInfra().db);
    const spentClient = new AgentdexClient({ baseUrl: app.baseUrl, apiKey: spent.key });
    await spentClient.setLimits({ hardLimitUsd: 0 });
    await assert.rejects(
      spentClient.findTools({ task: 'send email' }),
      (e: unknown) => e instanceof sdk.PaymentRequiredError && e.reason === 'SPEND_LIMIT_REACHED',
    );

    // The anonymous trial's ninth call: told to wait most of an hour, the client does not retry (or hang).
    // On a fake clock that never moves, a client that waited for the Retry-After would never settle.
    const time = fakeClock();
    const trial = new AgentdexClient({ baseUrl: app.baseUrl, headers: { 'x-forwarded-for': '198.51.100.78' }, clock: time.clock });
    for (let i = 0; i < 8; i++) await trial.findTools({ task: 'send email' });
    await within(
      assert.rejects(trial.findTools({ task: 'send email' }), (e: unknown) => e instanceof sdk.RateLimitError && (e.retryAfter ?? 0) > 60),
      'the ninth trial call is refused without a wait',
    );
    assert.equal(time.elapsed(), 0);

    const unreachable = new AgentdexClient({ baseUrl: 'http://127.0.0.1:9', maxRetries: 0 });
    await assert.rejects(unreachable.getPlans(), (e: unknown) => e instanceof sdk.APIConnectionError);
  });

  it('retries a metered call whose connection dropped after the server answered, and bills it once', async () => {
    const proxy = await droppingProxy(new URL(app.baseUrl).port);
    try {
      const own = await createWorkspace(getInfra().db);
      const client = new AgentdexClient({ baseUrl: `http://127.0.0.1:${proxy.port}`, apiKey: own.key });
      const result = await client.resolve({ task: 'send transactional email' });
      assert.deepEqual(result.capabilities, ['email.send']);
      assert.ok(proxy.connections() >= 2, 'the first answer was dropped and the call retried');
      assert.equal((await events(own.workspaceId)).length, 1, 'the retry replayed the stored answer under the same Idempotency-Key');
    } finally {
      await proxy.close();
    }
  });
});

/** A TCP proxy that lets the first request reach the server, then drops the connection as its answer arrives. */
async function droppingProxy(targetPort: string) {
  let first = true;
  const server = net.createServer((downstream) => {
    const upstream = net.connect(Number(targetPort), '127.0.0.1');
    for (const s of [downstream, upstream]) s.on('error', () => undefined);
    downstream.on('close', () => upstream.destroy());
    downstream.pipe(upstream);
    if (first) upstream.once('data', () => downstream.destroy());
    else upstream.pipe(downstream);
    first = false;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return track(server);
}
