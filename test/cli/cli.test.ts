import assert from 'node:assert/strict';
import path from 'node:path';
import { commandGroups } from '../../src/cli/commands';
import { operationList } from '../../src/operations';
import { bumpRegistryVersion } from '../../src/store/registry-version';
import { receiver } from '../fixture-web/watch-sites';
import { startHttp } from '../net/support';
import { startTestApp, type TestApp } from '../support/app';
import { runCommand } from '../support/command';
import { eventuallyAsync } from '../support/eventually';
import { jsonOf } from '../support/http';
import { getInfra } from '../support/infra';
import { startStripeMock, type RunningStripeMock } from '../support/stripe-mock';
import { createWorkspace } from '../support/workspaces';

const BIN = path.resolve(__dirname, '../../src/cli/main.js');
const ESCAPE = '\u001b[';

/** The built `agentdex` binary as a child process, with only the environment given (no TTY: pipes). */
const agentdex = (args: string[], env: Record<string, string> = {}) =>
  runCommand(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH, ...env } });

describe('agentdex CLI (the built binary against a running server)', function () {
  this.timeout(120_000);
  let app: TestApp;
  let ws: { workspaceId: string; key: string };
  let env: Record<string, string>;

  let stripe: RunningStripeMock;

  before(async () => {
    // Billing against stripe-mock, so `billing checkout` and `billing portal` run through to Stripe.
    stripe = await startStripeMock();
    app = await startTestApp({}, { STRIPE_SECRET_KEY: 'sk_test_cli', STRIPE_API_BASE: stripe.url, STRIPE_PRICE_ID: 'price_usage' });
    ws = await createWorkspace(getInfra().db);
    env = { AGENTDEX_BASE_URL: app.baseUrl, AGENTDEX_API_KEY: ws.key };
  });
  after(async () => {
    await app.close();
    await stripe.stop();
  });

  describe('help', () => {
    it('runs as the package’s bin, by its own #! line (the build marks it executable, so `npx agentdex` works in a clone)', async () => {
      const r = await runCommand(BIN, ['--help'], { env: { PATH: process.env.PATH } });
      assert.equal(r.code, 0);
      assert.match(r.stdout, /Usage: agentdex/);
    });

    it('lists every command, with the exit codes', async () => {
      const r = await agentdex(['--help']);
      assert.equal(r.code, 0);
      for (const word of [
        'registry',
        'profile',
        'categories',
        'search',
        'compare',
        'audit',
        'find',
        'resolve',
        'how-to',
        'company',
        'pricing',
        'competitors',
        'compare-companies',
        'research',
        'usage',
        'events',
        'watch',
        'webhooks',
        'entitlements',
        'limits',
        'keys',
        'signup',
        'job',
        'billing',
        'claim',
        'admin',
      ]) {
        assert.match(r.stdout, new RegExp(`\\n  ${word}\\b`), word);
      }
      assert.match(r.stdout, /Exit codes: 0 ok, 1 unexpected, 2 usage, 3 auth, 4 quota, limit or trial, 5 server or unreachable/);
    });

    it('gives every command its own help with an example', async () => {
      const commands = [...commandGroups().map((g) => g.words), ['admin', 'create-workspace']];
      for (const words of commands) {
        const r = await agentdex([...words, '--help']);
        assert.equal(r.code, 0, words.join(' '));
        assert.match(r.stdout, /Example/, words.join(' '));
        assert.match(r.stdout, new RegExp(`\\$ .*agentdex ${words.join(' ')}`), words.join(' '));
      }
    });

    it('shows resolve’s requirement flags and the limits flags decisions.md names', async () => {
      const resolve = (await agentdex(['resolve', '--help'])).stdout;
      for (const flag of ['--discover', '--api', '--mcp', '--cli', '--openapi', '--self-serve']) assert.ok(resolve.includes(flag), flag);
      const limits = (await agentdex(['limits', '--help'])).stdout;
      for (const flag of ['--budget <n>', '--warning <n>', '--hard-limit <n>']) assert.ok(limits.includes(flag), flag);
    });
  });

  describe('output', () => {
    it('prints aligned tables with readiness bars and no colour when stdout is not a terminal', async () => {
      const r = await agentdex(['registry', '--category', 'payments', '--limit', '3'], env);
      assert.equal(r.code, 0, r.stderr);
      const lines = r.stdout.trimEnd().split('\n');
      assert.match(lines[0], /^readiness\s+slug\s+name\s+domain$/);
      assert.equal(lines.length, 4);
      for (const line of lines.slice(1)) assert.match(line, /^[█░]{10}\s+\d+\s+\S+/);
      assert.ok(!r.stdout.includes(ESCAPE), 'no escape codes in a pipe');
      assert.equal(r.stderr, '', 'no spinner on a pipe');
    });

    it('--json prints the REST JSON alone', async () => {
      const r = await agentdex(['--json', 'profile', 'stripe'], env);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(JSON.parse(r.stdout), await jsonOf(await fetch(`${app.baseUrl}/v1/profile/stripe`)));
      const compare = await agentdex(['compare', 'stripe', 'paypal', '--json'], env);
      assert.deepEqual(
        JSON.parse(compare.stdout).rows.map((row: { slug: string }) => row.slug),
        ['stripe', 'paypal'],
      );
    });

    it('profile says "not audited yet" for a provisional product and "No failing checks." for an audited clean one', async () => {
      const id = Date.now();
      const product = (slug: string) => ({
        slug,
        name: slug,
        domain: `${slug}.example`,
        description: 'd',
        readiness: 50,
        discovery: 50,
        understanding: 50,
        adoption: 50,
        operability: 50,
      });
      await getInfra()
        .db('products')
        .insert([product(`cli-seed-${id}`), { ...product(`cli-audited-${id}`), score_source: 'audit', audited_at: new Date() }]);
      bumpRegistryVersion();
      const seed = await agentdex(['profile', `cli-seed-${id}`], env);
      assert.equal(seed.code, 0, seed.stderr);
      assert.match(seed.stdout, /^Not audited yet: scores are provisional, from public data\.$/m);
      assert.doesNotMatch(seed.stdout, /No failing checks/);
      const audited = await agentdex(['profile', `cli-audited-${id}`], env);
      assert.equal(audited.code, 0, audited.stderr);
      assert.match(audited.stdout, /^No failing checks\.$/m);
      assert.doesNotMatch(audited.stdout, /not audited/i);
    });

    it('picks the operation a shared command means from its arguments', async () => {
      const all = JSON.parse((await agentdex(['categories', '--json'], env)).stdout);
      assert.ok(Array.isArray(all.categories));
      const one = JSON.parse((await agentdex(['categories', 'payments', '--limit', '2', '--json'], env)).stdout);
      assert.equal(one.slug, 'payments');
      assert.equal(one.products.length, 2);
      const own = await createWorkspace(getInfra().db);
      const set = await agentdex(['limits', '--budget', '50', '--warning', '40', '--hard-limit', '60', '--json'], { ...env, AGENTDEX_API_KEY: own.key });
      assert.equal(set.code, 0, set.stderr);
      assert.deepEqual(JSON.parse(set.stdout), { ...JSON.parse(set.stdout), monthlyBudgetUsd: 50, warningThresholdUsd: 40, hardLimitUsd: 60 });
      const cleared = JSON.parse(
        (await agentdex(['limits', '--hard-limit', 'none', '--no-notifications', '--json'], { ...env, AGENTDEX_API_KEY: own.key })).stdout,
      );
      assert.equal(cleared.hardLimitUsd, null);
      assert.equal(cleared.notificationsEnabled, false);
      const shown = await agentdex(['limits'], { ...env, AGENTDEX_API_KEY: own.key });
      assert.match(shown.stdout, /monthly budget\s+\$50/);
    });

    it('records its metered calls with source cli', async () => {
      const own = await createWorkspace(getInfra().db);
      const r = await agentdex(['resolve', 'send transactional email', '--mcp'], { ...env, AGENTDEX_API_KEY: own.key });
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /Capabilities: email\.send/);
      const events = await getInfra().db('usage_events').where({ workspace_id: own.workspaceId }).select('source');
      assert.deepEqual(
        events.map((e) => e.source),
        ['cli'],
      );
    });

    it('manages keys and shows a new key once', async () => {
      const own = await createWorkspace(getInfra().db);
      const e = { ...env, AGENTDEX_API_KEY: own.key };
      const created = JSON.parse((await agentdex(['keys', 'create', '--label', 'laptop', '--json'], e)).stdout);
      assert.match(created.key, /^adx_/);
      const listed = await agentdex(['keys', 'list'], e);
      assert.match(listed.stdout, /laptop/);
      assert.ok(!listed.stdout.includes(created.key), 'the raw key is never listed');
      const revoked = await agentdex(['keys', 'revoke', created.id], e);
      assert.equal(revoked.code, 0, revoked.stderr);
      assert.equal((await agentdex(['usage'], { ...env, AGENTDEX_API_KEY: created.key })).code, 3, 'a revoked key is refused');
    });
  });

  describe('keys', () => {
    it('reads --key, then AGENTDEX_API_KEY, then ASI_API_KEY', async () => {
      const base = { AGENTDEX_BASE_URL: app.baseUrl };
      assert.equal((await agentdex(['usage'], { ...base, ASI_API_KEY: ws.key })).code, 0, 'the older variable is a fallback');
      assert.equal((await agentdex(['usage'], { ...base, AGENTDEX_API_KEY: ws.key, ASI_API_KEY: 'adx_bad' })).code, 0, 'AGENTDEX_API_KEY wins');
      assert.equal((await agentdex(['usage', '--key', ws.key], { ...base, AGENTDEX_API_KEY: 'adx_bad' })).code, 0, '--key wins');
      assert.equal((await agentdex(['--key', 'adx_bad', 'usage'], { ...base, AGENTDEX_API_KEY: ws.key })).code, 3);
    });

    it('admin create-workspace creates a workspace in the database and prints its key once', async () => {
      const r = await agentdex(['admin', 'create-workspace', 'Ops test', '--email', 'ops@example.com'], { DATABASE_URL: getInfra().databaseUrl });
      assert.equal(r.code, 0, r.stderr);
      const key = /API key \(shown once, store it now\): (adx_\w+)/.exec(r.stdout)?.[1];
      assert.ok(key, r.stdout);
      assert.equal((await agentdex(['usage', '--json'], { AGENTDEX_BASE_URL: app.baseUrl, AGENTDEX_API_KEY: key })).code, 0, 'the key works');
      const ws = await getInfra().db('workspaces').where({ name: 'Ops test' }).first();
      assert.equal(ws.email, 'ops@example.com');
    });
  });

  describe('every operation', () => {
    it('runs each declared command (exit 0, output on stdout), recording cli as the source of its metered calls', async () => {
      const own = await createWorkspace(getInfra().db);
      const e = { ...env, AGENTDEX_API_KEY: own.key };
      const job = await fetch(`${app.baseUrl}/v1/find-tools`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': own.key, prefer: 'respond-async' },
        body: JSON.stringify({ task: 'send email' }),
      });
      const { jobId } = await jsonOf(job);
      const spare = JSON.parse((await agentdex(['keys', 'create', '--json'], e)).stdout);
      const watch = JSON.parse((await agentdex(['watch', 'add', 'paypal', '--json'], e)).stdout);
      receiver('cli', { secrets: [] });
      const hook = JSON.parse((await agentdex(['webhooks', 'add', 'http://receiver.test/r/cli', '--json'], e)).stdout);
      const spareHook = JSON.parse((await agentdex(['webhooks', 'add', 'http://receiver.test/r/cli-spare', '--json'], e)).stdout);
      const sent = JSON.parse((await agentdex(['webhooks', 'test', hook.id, '--json'], e)).stdout);
      await eventuallyAsync(
        async () => JSON.parse((await agentdex(['webhooks', 'deliveries', hook.id, '--json'], e)).stdout).deliveries[0]?.status === 'delivered',
        'the test delivery is delivered',
      );
      // One invocation per operation with a command: a new operation fails here until it has one.
      const invocations: Record<string, string[]> = {
        listRegistry: ['registry', '--limit', '3'],
        getProfile: ['profile', 'stripe'],
        listCategories: ['categories'],
        getCategory: ['categories', 'payments', '--limit', '2'],
        search: ['search', 'vector database', '--mcp'],
        compare: ['compare', 'stripe', 'paypal'],
        audit: ['audit', 'site-6.test'],
        findTools: ['find', 'send transactional email'],
        resolve: ['resolve', 'send transactional email', '--api'],
        howTo: ['how-to', 'send transactional email'],
        getJob: ['job', jobId],
        signup: ['signup', 'cli-user@example.com', '--workspace-name', 'CLI user'],
        getPlans: ['plans'],
        createKey: ['keys', 'create', '--label', 'cli'],
        listKeys: ['keys', 'list'],
        revokeKey: ['keys', 'revoke', spare.id],
        getUsage: ['usage'],
        getEntitlements: ['entitlements'],
        listUsageEvents: ['usage', 'events', '--limit', '5'],
        getLimits: ['limits'],
        setLimits: ['limits', '--budget', '20'],
        getCompany: ['company', 'mosaicdesk.test'],
        getPricing: ['pricing', 'mosaicdesk.test'],
        findCompetitors: ['competitors', 'stripe.com', '--limit', '3'],
        compareCompanies: ['compare-companies', 'mosaicdesk.test', 'ledgerloop.test'],
        research: ['research', 'mosaicdesk.test', 'Where is Mosaicdesk headquartered?'],
        startClaim: ['claim', 'paypal', '--method', 'dns', '--email', 'owner@paypal.example'],
        verifyClaim: ['claim', 'verify', 'paypal'],
        getBilling: ['billing'],
        createCheckout: ['billing', 'checkout', '--success-url', 'https://example.com/paid', '--cancel-url', 'https://example.com/billing'],
        createPortal: ['billing', 'portal', '--return-url', 'https://example.com/billing'],
        listInvoices: ['billing', 'invoices'],
        watchProduct: ['watch', 'add', 'stripe.com', '--events', 'openapi.breaking,readiness.dropped', '--threshold', '10'],
        listWatches: ['watch', 'list'],
        unwatchProduct: ['watch', 'remove', watch.id],
        listEvents: ['events', '--limit', '5'],
        listWebhooks: ['webhooks', 'list'],
        deleteWebhook: ['webhooks', 'remove', spareHook.id],
        createWebhook: ['webhooks', 'add', 'http://receiver.test/r/cli-2', '--events', 'openapi.breaking'],
        testWebhook: ['webhooks', 'test', hook.id],
        rotateWebhookSecret: ['webhooks', 'rotate', hook.id],
        listDeliveries: ['webhooks', 'deliveries', hook.id],
        resendDelivery: ['webhooks', 'resend', hook.id, sent.deliveryId],
        updateWebhook: ['webhooks', 'update', hook.id, '--no-enabled'],
      };
      assert.deepEqual(
        Object.keys(invocations).sort(),
        operationList
          .filter((op) => op.cli)
          .map((op) => op.name)
          .sort(),
      );
      for (const [name, args] of Object.entries(invocations)) {
        const r = await agentdex(args, e);
        assert.equal(r.code, 0, `${name}: ${args.join(' ')}: ${r.stderr}`);
        assert.ok(r.stdout.trim().length > 0, `${name} printed something`);
      }
      const events = await getInfra().db('usage_events').where({ workspace_id: own.workspaceId }).select('source');
      assert.equal(events.length, 10, 'audit, find, resolve, how-to, the five company commands, and the REST job');
      assert.deepEqual(events.map((x) => x.source).sort(), ['api', ...Array(9).fill('cli')]);
    });
  });

  describe('exit codes', () => {
    it('2 for usage errors, found before anything is sent or named by the server', async () => {
      for (const args of [
        ['no-such-command'],
        ['profile'],
        ['registry', '--limit', 'many'],
        ['compare', 'stripe'],
        ['usage', 'events', '--event-type', 'nonsense'],
        ['events', '--type', 'nonsense'],
        ['profile', 'no-such-product'],
      ]) {
        const r = await agentdex(args, env);
        assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
        assert.ok(r.stderr.length > 0, args.join(' '));
        assert.equal(r.stdout, '', args.join(' '));
      }
      assert.match((await agentdex(['registry', '--limit', 'many'], env)).stderr, /--limit: /);
      assert.match((await agentdex(['compare', 'stripe'], env)).stderr, /<slugs>: /);
    });

    it('3 for a missing, unknown or revoked key where one is needed', async () => {
      const r = await agentdex(['usage'], { AGENTDEX_BASE_URL: app.baseUrl });
      assert.equal(r.code, 3);
      assert.match(r.stderr, /401/);
    });

    it('4 for a quota, spend limit or trial refusal', async () => {
      const spent = await createWorkspace(getInfra().db);
      await agentdex(['limits', '--hard-limit', '0'], { ...env, AGENTDEX_API_KEY: spent.key });
      const refused = await agentdex(['find', 'send email'], { ...env, AGENTDEX_API_KEY: spent.key });
      assert.equal(refused.code, 4);
      assert.match(refused.stderr, /402 SPEND_LIMIT_REACHED/);

      // The anonymous trial of this address (the loopback all anonymous test calls share), full for this one call.
      const db = getInfra().db;
      const hits = Array.from({ length: 8 }, () => new Date());
      await db('trial_buckets').insert({ client_key: 'ip:127.0.0.1', hits }).onConflict('client_key').merge();
      try {
        const trial = await agentdex(['find', 'send email'], { AGENTDEX_BASE_URL: app.baseUrl });
        assert.equal(trial.code, 4, trial.stderr);
        assert.match(trial.stderr, /429/);
      } finally {
        await db('trial_buckets').where({ client_key: 'ip:127.0.0.1' }).del();
      }
    });

    it('1 for anything unexpected, such as a server answering something that is not JSON', async () => {
      const broken = await startHttp((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('<html>not json</html>');
      });
      try {
        const r = await agentdex(['plans'], { AGENTDEX_BASE_URL: `http://127.0.0.1:${broken.port}` });
        assert.equal(r.code, 1);
        assert.match(r.stderr, /Invalid JSON/);
      } finally {
        await broken.close();
      }
    });

    it('5 when the server cannot be reached', async () => {
      const r = await agentdex(['registry'], { AGENTDEX_BASE_URL: 'http://127.0.0.1:9' });
      assert.equal(r.code, 5);
      assert.match(r.stderr, /Connection error/);
    });
  });
});
