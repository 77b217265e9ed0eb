import assert from 'node:assert/strict';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { randomPartOf } from '../../src/domain/claim-token';
import { resolveTxt } from '../../src/net/dns-txt';
import { ClaimStartSchema, ClaimVerifySchema } from '../../src/schemas/claims';
import { claimWorkflowIds } from '../../src/services/claims';
import { activityDeps } from '../../workers/deps';
import { startWorker, type RunningWorker } from '../../workers/worker';
import type { ClaimWatchResult } from '../../workflows/claim';
import { claimMetaContent } from '../fixture-web/claims';
import { startTestApp, type TestApp } from '../support/app';
import { runCommand } from '../support/command';
import { startDnsServer, type TestDnsServer } from '../support/dns-server';
import { jsonOf } from '../support/http';
import { getInfra } from '../support/infra';
import { addProducts } from '../support/products';
import { createWorkspace } from '../support/workspaces';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` is true or `ms` pass. */
async function eventually(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(150);
  }
  assert.fail(`not within ${ms} ms: ${what}`);
}

describe('vendor claims (DNS TXT and homepage meta tag, through REST and the CLI)', function () {
  this.timeout(90_000);
  let dns: TestDnsServer;
  let worker: RunningWorker;
  let app: TestApp;
  // The background re-check starts at 400 ms here (a minute in production), so a late record is found in seconds.
  const env = (dnsAddress: string) => ({ DNS_SERVERS: dnsAddress, CLAIM_RECHECK_FIRST_MS: '400' });

  const call = (method: string, p: string, o: { key?: string; body?: unknown } = {}) =>
    fetch(`${app.baseUrl}${p}`, {
      method,
      headers: { ...(o.key ? { 'x-api-key': o.key } : {}), ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: o.body !== undefined ? JSON.stringify(o.body) : undefined,
    });
  const start = (key: string, slug: string, method: 'dns' | 'meta', email = 'owner@vendor.example') =>
    call('POST', '/v1/claim', { key, body: { slug, email, method } });
  const verify = (key: string, slug: string) => call('POST', '/v1/claim/verify', { key, body: { slug } });
  const claimed = async (slug: string) => (await jsonOf(await call('GET', `/v1/profile/${slug}`))).claimed as boolean;
  const watchResult = (claimId: string) => app.deps.temporal.client.workflow.getHandle(claimWorkflowIds.watch(claimId)).result() as Promise<ClaimWatchResult>;

  before(async () => {
    const infra = getInfra();
    dns = await startDnsServer();
    // A worker of its own, resolving TXT records through the loopback DNS server above (DNS_SERVERS).
    const taskQueue = `${infra.taskQueue}-claims`;
    const config = loadConfig({ ...process.env, ...infra.outboundEnv, ...env(dns.address) });
    worker = await startWorker({ target: { address: infra.temporalAddress, namespace: infra.namespace }, taskQueue, deps: activityDeps(config, infra.db) });
    app = await startTestApp({}, { TEMPORAL_TASK_QUEUE: taskQueue, ...env(dns.address) });
    await addProducts(infra.db, [
      ...['claim-dns-a', 'claim-dns-b', 'claim-dns-late', 'claim-dns-split', 'claim-dns-expired', 'claim-dns-watch-expiry', 'claim-dns-cli'].map((slug) => ({
        slug,
        domain: `${slug}.test`,
      })),
      ...['claim-meta-head', 'claim-meta-full', 'claim-meta-wrong', 'claim-meta-body', 'claim-meta-none'].map((slug) => ({ slug, domain: `${slug}.test` })),
    ]);
    for (const name of ['claim-dns-a.test', 'claim-dns-b.test', 'claim-dns-late.test', 'claim-dns-split.test', 'claim-dns-cli.test']) {
      dns.setTxt(name, [['v=spf1 -all'], ['google-site-verification=abc']]);
    }
  });
  after(async () => {
    await app?.close();
    await worker?.stop();
    await dns?.close();
  });

  describe('the loopback DNS server and the TXT lookup', () => {
    it('returns records as lists of strings, [] for no records or no name, and throws on SERVFAIL', async () => {
      const servers = [dns.address];
      dns.setTxt('multi.test', [['v=spf1 ', 'include:x -all'], ['one']]);
      dns.setTxt('empty.test', []);
      dns.setTxt('broken.test', [['x']]);
      dns.failing.add('broken.test');
      assert.deepEqual(await resolveTxt('multi.test', { servers }), [['v=spf1 ', 'include:x -all'], ['one']]);
      assert.deepEqual(await resolveTxt('empty.test', { servers }), []);
      assert.deepEqual(await resolveTxt('nowhere.test', { servers }), []);
      // The server answers SERVFAIL at once; the timeout is a margin for a busy machine, not what ends the lookup.
      await assert.rejects(resolveTxt('broken.test', { servers, timeoutMs: 5_000, tries: 1 }), (err: NodeJS.ErrnoException) => err.code === 'ESERVFAIL');
    });
  });

  describe('REST', () => {
    it('needs a key (401), a known slug (404) and a valid method (400)', async () => {
      assert.equal((await call('POST', '/v1/claim', { body: { slug: 'claim-dns-a', email: 'a@b.example', method: 'dns' } })).status, 401);
      assert.equal((await call('POST', '/v1/claim/verify', { body: { slug: 'claim-dns-a' } })).status, 401);
      const ws = await createWorkspace(getInfra().db);
      const unknown = await start(ws.key, 'no-such-product-anywhere', 'dns');
      assert.equal(unknown.status, 404);
      assert.match((await jsonOf(unknown)).error, /no-such-product-anywhere/);
      assert.equal((await verify(ws.key, 'no-such-product-anywhere')).status, 404);
      const bad = await call('POST', '/v1/claim', { key: ws.key, body: { slug: 'claim-dns-a', email: 'a@b.example', method: 'ftp' } });
      assert.equal(bad.status, 400);
      assert.match((await jsonOf(bad)).error, /body\.method/);
    });

    it('verify before any claim is 404, pointing at POST /v1/claim', async () => {
      const ws = await createWorkspace(getInfra().db);
      const res = await verify(ws.key, 'claim-dns-a');
      assert.equal(res.status, 404);
      assert.match((await jsonOf(res)).error, /POST \/v1\/claim/);
    });

    it('claims by DNS: token and instructions, pending with a detail, then verified once the TXT record is there; another workspace gets 409', async () => {
      const { db } = getInfra();
      const ws = await createWorkspace(db);
      const res = await start(ws.key, 'claim-dns-a', 'dns');
      assert.equal(res.status, 201);
      const started = ClaimStartSchema.parse(await jsonOf(res));
      assert.match(started.token, /^agentdex-verify=[A-Za-z0-9_-]{32}$/);
      assert.match(started.instructions, /TXT record on the apex of claim-dns-a\.test/);
      assert.ok(started.instructions.includes(started.token));

      const again = ClaimStartSchema.parse(await jsonOf(await start(ws.key, 'claim-dns-a', 'dns')));
      assert.equal(again.claimId, started.claimId, 'asking again returns the pending claim');
      assert.equal(again.token, started.token);

      const pendingRes = await verify(ws.key, 'claim-dns-a');
      assert.equal(pendingRes.status, 200);
      const pending = ClaimVerifySchema.parse(await jsonOf(pendingRes));
      assert.deepEqual(
        { slug: pending.slug, claimId: pending.claimId, method: pending.method, verified: pending.verified, status: pending.status },
        { slug: 'claim-dns-a', claimId: started.claimId, method: 'dns', verified: false, status: 'pending' },
      );
      assert.equal(pending.detail, `No TXT record ${started.token} on claim-dns-a.test (found 2 other TXT records).`);
      assert.ok(pending.checkedAt && Date.parse(pending.checkedAt) > Date.now() - 60_000);
      assert.equal(await claimed('claim-dns-a'), false);

      dns.setTxt('claim-dns-a.test', [['v=spf1 -all'], [started.token]]);
      const done = ClaimVerifySchema.parse(await jsonOf(await verify(ws.key, 'claim-dns-a')));
      assert.equal(done.verified, true);
      assert.equal(done.status, 'verified');
      assert.equal(done.detail, `Found TXT record ${started.token} on claim-dns-a.test.`);
      assert.equal(await claimed('claim-dns-a'), true, 'the profile says claimed: true');
      const product = await db('products').where({ slug: 'claim-dns-a' }).first();
      assert.equal(product.claimed_by_workspace_id, ws.workspaceId);
      assert.ok(product.claimed_at);

      const repeat = ClaimVerifySchema.parse(await jsonOf(await verify(ws.key, 'claim-dns-a')));
      assert.equal(repeat.verified, true, 'verifying a verified claim stays verified');

      const other = await createWorkspace(db);
      const refused = await start(other.key, 'claim-dns-a', 'dns');
      assert.equal(refused.status, 409);
      assert.match((await jsonOf(refused)).error, /claim-dns-a \(claim-dns-a\.test\) is already claimed by another workspace/);
    });

    it('keeps a product with the workspace that verified first: a later verify by another workspace is 409 and changes nothing', async () => {
      const { db } = getInfra();
      const first = await createWorkspace(db);
      const second = await createWorkspace(db);
      const a = ClaimStartSchema.parse(await jsonOf(await start(first.key, 'claim-dns-b', 'dns')));
      const b = ClaimStartSchema.parse(await jsonOf(await start(second.key, 'claim-dns-b', 'dns', 'someone@else.example')));
      assert.notEqual(a.token, b.token);
      dns.setTxt('claim-dns-b.test', [[a.token], [b.token]]);
      assert.equal(ClaimVerifySchema.parse(await jsonOf(await verify(first.key, 'claim-dns-b'))).verified, true);
      const late = await verify(second.key, 'claim-dns-b');
      assert.equal(late.status, 409);
      assert.match((await jsonOf(late)).error, /already claimed by another workspace/);
      const product = await db('products').where({ slug: 'claim-dns-b' }).first();
      assert.equal(product.claimed_by_workspace_id, first.workspaceId);
      const theirs = await db('claims').where({ id: b.claimId }).first();
      assert.equal(theirs.status, 'pending');
    });

    it('joins a TXT record split into several strings before comparing', async () => {
      const ws = await createWorkspace(getInfra().db);
      const { token } = ClaimStartSchema.parse(await jsonOf(await start(ws.key, 'claim-dns-split', 'dns')));
      dns.setTxt('claim-dns-split.test', [[token.slice(0, 10), token.slice(10, 30), token.slice(30)]]);
      assert.equal(ClaimVerifySchema.parse(await jsonOf(await verify(ws.key, 'claim-dns-split'))).verified, true);
    });

    it('re-checks a pending claim in the background: a record added after the verify is found without another call', async () => {
      const ws = await createWorkspace(getInfra().db);
      const { claimId, token } = ClaimStartSchema.parse(await jsonOf(await start(ws.key, 'claim-dns-late', 'dns')));
      const first = ClaimVerifySchema.parse(await jsonOf(await verify(ws.key, 'claim-dns-late')));
      assert.equal(first.verified, false);
      // The record is published only once the watcher has looked at least once after the verify and found
      // nothing, so finding it takes a later background check, however slowly this machine runs timers.
      assert.ok(first.checkedAt, 'the verify records when it looked');
      const verifyCheckedAt = Date.parse(first.checkedAt);
      await eventually(
        async () => {
          const row = await getInfra().db('claims').where({ id: claimId }).first();
          return row.checked_at !== null && new Date(row.checked_at).getTime() > verifyCheckedAt;
        },
        15_000,
        'the watcher re-checks the pending claim',
      );
      dns.setTxt('claim-dns-late.test', [['v=spf1 -all'], [token]]);
      const watched = await watchResult(claimId);
      assert.equal(watched.status, 'verified');
      assert.ok(watched.checks >= 2, `checked ${watched.checks} times`);
      await eventually(() => claimed('claim-dns-late'), 5_000, 'the profile says claimed');
      const row = await getInfra().db('claims').where({ id: claimId }).first();
      assert.equal(row.status, 'verified');
    });

    it('answers 410 for an expired claim, and the watcher marks a claim expired when its time is up', async () => {
      const { db } = getInfra();
      const ws = await createWorkspace(db);
      const expired = ClaimStartSchema.parse(await jsonOf(await start(ws.key, 'claim-dns-expired', 'dns')));
      await db('claims')
        .where({ id: expired.claimId })
        .update({ expires_at: new Date(Date.now() - 1_000) });
      const gone = await verify(ws.key, 'claim-dns-expired');
      assert.equal(gone.status, 410);
      assert.match((await jsonOf(gone)).error, /expired unverified .* POST \/v1\/claim/);
      const fresh = ClaimStartSchema.parse(await jsonOf(await start(ws.key, 'claim-dns-expired', 'dns')));
      assert.notEqual(fresh.claimId, expired.claimId, 'an expired claim is not handed out again');
      assert.equal(ClaimVerifySchema.parse(await jsonOf(await verify(ws.key, 'claim-dns-expired'))).status, 'pending');

      const soon = ClaimStartSchema.parse(await jsonOf(await start(ws.key, 'claim-dns-watch-expiry', 'dns')));
      await db('claims')
        .where({ id: soon.claimId })
        .update({ expires_at: new Date(Date.now() + 2_500) });
      const watched = await watchResult(soon.claimId);
      assert.equal(watched.status, 'expired');
      assert.equal((await db('claims').where({ id: soon.claimId }).first()).status, 'expired');
      assert.equal((await verify(ws.key, 'claim-dns-watch-expiry')).status, 410);
    });

    it('claims by meta tag in the head (random part or whole token)', async () => {
      for (const [slug, content] of [
        ['claim-meta-head', (t: string) => randomPartOf(t)],
        ['claim-meta-full', (t: string) => t],
      ] as const) {
        const ws = await createWorkspace(getInfra().db);
        const res = await start(ws.key, slug, 'meta');
        assert.equal(res.status, 201);
        const { token, instructions } = ClaimStartSchema.parse(await jsonOf(res));
        assert.ok(instructions.includes(`<meta name="agentdex-verify" content="${randomPartOf(token)}">`));
        assert.match(instructions, new RegExp(`<head> of the homepage, https://${slug}\\.test/`));
        const before = ClaimVerifySchema.parse(await jsonOf(await verify(ws.key, slug)));
        assert.equal(before.verified, false);
        assert.match(before.detail, /no agentdex-verify meta tag found/);
        claimMetaContent.set(`${slug}.test`, content(token));
        const after = ClaimVerifySchema.parse(await jsonOf(await verify(ws.key, slug)));
        assert.equal(after.verified, true, after.detail);
        assert.match(
          after.detail,
          new RegExp(`^Found <meta name="agentdex-verify" content="${randomPartOf(token)}"> in the <head> of http://${slug}\\.test/\\.$`),
        );
        assert.equal(await claimed(slug), true);
      }
    });

    it('refuses a meta tag that is missing, in the body, or carries a wrong token', async () => {
      const cases: Array<[string, (token: string) => string | undefined, RegExp]> = [
        ['claim-meta-none', () => undefined, /no agentdex-verify meta tag found/],
        ['claim-meta-body', (t) => randomPartOf(t), /1 agentdex-verify tag in the <body>, which is not read: move it into the <head>/],
        [
          'claim-meta-wrong',
          () => 'agentdex-verify=not-this-claims-token',
          /content "agentdex-verify=not-this-claims-token" in the <head>, which is not this claim's token/,
        ],
      ];
      for (const [slug, content, detail] of cases) {
        const ws = await createWorkspace(getInfra().db);
        const { token } = ClaimStartSchema.parse(await jsonOf(await start(ws.key, slug, 'meta')));
        const value = content(token);
        if (value !== undefined) claimMetaContent.set(`${slug}.test`, value);
        const res = await verify(ws.key, slug);
        assert.equal(res.status, 200);
        const body = ClaimVerifySchema.parse(await jsonOf(res));
        assert.equal(body.verified, false, slug);
        assert.equal(body.status, 'pending');
        assert.match(body.detail, detail);
        assert.ok(body.detail.includes(`No <meta name="agentdex-verify" content="${randomPartOf(token)}"> in the <head> of http://${slug}.test/`), body.detail);
        assert.equal(await claimed(slug), false);
      }
    });

    it('records no usage: claims are not metered', async () => {
      const { db } = getInfra();
      const ws = await createWorkspace(db);
      await start(ws.key, 'claim-meta-none', 'meta');
      await verify(ws.key, 'claim-meta-none');
      assert.equal((await db('usage_events').where({ workspace_id: ws.workspaceId })).length, 0);
    });
  });

  describe('CLI', () => {
    const BIN = path.resolve(__dirname, '../../src/cli/main.js');
    const agentdex = (args: string[], key: string) =>
      runCommand(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH, AGENTDEX_BASE_URL: app.baseUrl, AGENTDEX_API_KEY: key } });

    it('agentdex claim <slug> --method dns --email …, then agentdex claim verify <slug>', async () => {
      const ws = await createWorkspace(getInfra().db);
      const started = await agentdex(['--json', 'claim', 'claim-dns-cli', '--method', 'dns', '--email', 'cli@vendor.example'], ws.key);
      assert.equal(started.code, 0, started.stderr);
      const { token } = ClaimStartSchema.parse(JSON.parse(started.stdout));
      const pending = await agentdex(['--json', 'claim', 'verify', 'claim-dns-cli'], ws.key);
      assert.equal(pending.code, 0, pending.stderr);
      assert.equal(ClaimVerifySchema.parse(JSON.parse(pending.stdout)).verified, false);
      dns.setTxt('claim-dns-cli.test', [[token]]);
      const done = await agentdex(['claim', 'verify', 'claim-dns-cli'], ws.key);
      assert.equal(done.code, 0, done.stderr);
      assert.match(done.stdout, /verified/i);
      const unknown = await agentdex(['claim', 'verify', 'no-such-product-anywhere'], ws.key);
      assert.equal(unknown.code, 2, 'a 404 names bad input: exit code 2');
      const missing = await agentdex(['claim', 'claim-dns-cli', '--method', 'dns'], ws.key);
      assert.equal(missing.code, 2, 'the email is required');
    });
  });
});
