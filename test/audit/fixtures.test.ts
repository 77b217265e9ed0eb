import assert from 'node:assert/strict';
import { startTestApp, testConfig, type TestApp } from '../support/app';
import { auditReports, checkOf } from '../support/audit-reports';
import { jsonOf } from '../support/http';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';

const check = checkOf;

describe('GET /v1/audit against the fixture web', function () {
  this.timeout(120_000);
  let app: TestApp;
  let key: string;
  const { audit, report } = auditReports(() => ({ baseUrl: app.baseUrl, key }));

  before(async () => {
    app = await startTestApp();
    key = (await createWorkspace(getInfra().db)).key;
  });
  after(() => app.close());

  it('agent-native.test: every signal, a live MCP handshake, valid OpenAPI, a high score', async () => {
    const r = await report('agent-native.test');
    assert.equal(r.reachable, true);
    assert.deepEqual(
      { ...r.signals, sdkLanguages: undefined },
      { mcpAvailable: true, cliAvailable: true, llmsTxt: true, openapi: true, sdkLanguages: undefined },
    );
    for (const lang of ['go', 'javascript', 'python', 'ruby']) assert.ok(r.signals.sdkLanguages.includes(lang), lang);
    assert.equal(check(r, 'mcp-live').score, 1);
    assert.match(check(r, 'mcp-live').detail, /2 tools/);
    assert.equal(check(r, 'openapi-valid').score, 1);
    for (const id of [
      'robots-ai-access',
      'content-signals',
      'sitemap',
      'llms-txt',
      'a2a-agent-card',
      'agent-skills',
      'api-catalog',
      'structured-data',
      'link-headers',
      'markdown-negotiation',
      'oauth-discovery',
      'self-serve',
      'free-tier',
      'public-pricing',
      'status-page',
      'changelog',
      'cli',
      'sdks',
    ]) {
      assert.equal(check(r, id).score, 1, `${id}: ${check(r, id).detail}`);
    }
    assert.ok(r.scores.readiness >= 90, `readiness ${r.scores.readiness}`);
    assert.ok(
      r.issues.some((i) => /HTTPS/.test(i)),
      'the fixture is plain http: the one finding',
    );
    assert.equal(r.freshness.source, 'audit');
  });

  it('typical-saas.test: docs and pricing, but AI crawlers blocked, no llms.txt, no MCP', async () => {
    const r = await report('typical-saas.test');
    assert.deepEqual([r.signals.llmsTxt, r.signals.mcpAvailable, r.signals.openapi, r.signals.cliAvailable], [false, false, false, false]);
    assert.deepEqual(r.signals.sdkLanguages, ['javascript', 'python']);
    assert.ok(check(r, 'robots-ai-access').score! < 1);
    assert.match(check(r, 'robots-ai-access').detail, /GPTBot/);
    assert.ok(r.issues.some((i) => /llms\.txt/.test(i) && /Fix:/.test(i)));
    assert.ok(r.scores.readiness >= 20 && r.scores.readiness <= 60, `readiness ${r.scores.readiness}`);
  });

  it('docs-only.test: llms.txt and docs, no way to sign up', async () => {
    const r = await report('docs-only.test');
    assert.equal(r.signals.llmsTxt, true);
    assert.equal(check(r, 'self-serve').score, 0);
    assert.equal(check(r, 'public-pricing').score, 0);
    assert.ok(r.scores.readiness >= 10 && r.scores.readiness <= 50, `readiness ${r.scores.readiness}`);
  });

  it('ranks the agent-native site above the typical SaaS above the docs-only site', async () => {
    const [a, b, c] = await Promise.all(['agent-native.test', 'typical-saas.test', 'docs-only.test'].map(report));
    assert.ok(
      a.scores.readiness > b.scores.readiness && b.scores.readiness > c.scores.readiness,
      `${a.scores.readiness} > ${b.scores.readiness} > ${c.scores.readiness}`,
    );
  });

  it('script-shell.test: renders the client-side shell in Chromium to find its links', async () => {
    // Rendering needs the system Chromium, part of the test environment (.ci/run installs it): a machine
    // without it fails here rather than passing without the renderer.
    assert.ok(testConfig().audit.chromiumPath, 'no system Chromium (apt-get install -y chromium, or set CHROMIUM_PATH)');
    const r = await report('script-shell.test');
    assert.equal(check(r, 'docs').score, 1, check(r, 'docs').detail);
    assert.equal(check(r, 'public-pricing').score, 1, check(r, 'public-pricing').detail);
    assert.ok(r.timings.render !== undefined, 'the homepage was rendered');
    assert.equal(r.name, 'Shell App');
  });

  it('robots-5xx.test: a 5xx robots.txt disallows everything, so the rest is not checked (null), not failed', async () => {
    const r = await report('robots-5xx.test');
    assert.equal(r.reachable, true);
    assert.equal(check(r, 'robots-ai-access').score, 0);
    assert.equal(check(r, 'llms-txt').score, null);
    assert.match(check(r, 'llms-txt').detail, /robots\.txt/);
  });

  const hostile: Array<[string, RegExp]> = [
    ['redirect-loop.test', /too many redirects/],
    ['redirect-private.test', /non-public address/],
    ['huge-body.test', /too large/],
    ['slow-loris.test', /timed out/],
  ];
  for (const [domain, reason] of hostile) {
    it(`${domain}: the homepage audits are null with the reason; the site still counts as reachable`, async () => {
      const r = await report(domain);
      assert.equal(r.reachable, true);
      const meta = check(r, 'homepage-metadata');
      assert.equal(meta.score, null);
      assert.match(meta.detail, reason);
    });
  }

  it('html-llms.test: HTML served as /llms.txt is not an llms.txt', async () => {
    const r = await report('html-llms.test');
    assert.equal(r.signals.llmsTxt, false);
    assert.equal(check(r, 'llms-txt').score, 0.25);
  });

  it('bad-openapi.test: a published but invalid OpenAPI description', async () => {
    const r = await report('bad-openapi.test');
    assert.equal(check(r, 'openapi-published').score, 1);
    assert.equal(check(r, 'openapi-valid').score, 0.25);
    assert.match(check(r, 'openapi-valid').detail, /does not validate/);
  });

  it('mcp-auth.test: an MCP endpoint that requires auth is alive, not dead', async () => {
    const r = await report('mcp-auth.test');
    assert.equal(r.signals.mcpAvailable, true);
    assert.equal(check(r, 'mcp-live').score, 0.75);
    assert.match(check(r, 'mcp-live').detail, /requires authorization/);
  });

  it('mcp-rpc-auth.test: credentials asked for in a JSON-RPC error (HTTP 200) is an MCP server requiring auth', async () => {
    const r = await report('mcp-rpc-auth.test');
    assert.equal(r.signals.mcpAvailable, true);
    assert.equal(check(r, 'mcp-server').score, 1);
    assert.equal(check(r, 'mcp-live').score, 0.75);
  });

  it('mcp-rpc-other.test: a JSON-RPC error that asks for no credentials proves no MCP server', async () => {
    const r = await report('mcp-rpc-other.test');
    assert.equal(r.signals.mcpAvailable, false);
    assert.equal(check(r, 'mcp-live').score, 0);
    assert.equal(check(r, 'mcp-server').score, 0.5);
  });

  it('mcp-html.test: an endpoint that answers HTML is not an MCP server', async () => {
    const r = await report('mcp-html.test');
    assert.equal(r.signals.mcpAvailable, false);
    assert.equal(check(r, 'mcp-live').score, 0);
    assert.equal(check(r, 'mcp-server').score, 0.5);
  });

  it('down.test: an unreachable site gets an honest report, no invented score, and no product', async () => {
    const r = await report('down.test');
    assert.equal(r.reachable, false);
    assert.deepEqual(Object.values(r.scores), [0, 0, 0, 0, 0]);
    assert.match(r.issues[0], /Could not reach down\.test/);
    assert.equal(r.checks.length, 0);
    assert.equal(await getInfra().db('products').where({ domain: 'down.test' }).first(), undefined);
    assert.equal((await getInfra().db('audits').where({ domain: 'down.test', status: 'unreachable' })).length >= 1, true);
  });

  it('writes the product and its audit history; the registry and profile reflect the audit', async () => {
    const r = await report('agent-native.test');
    const profile = await jsonOf(await fetch(`${app.baseUrl}/v1/profile/${r.slug}`));
    assert.deepEqual(profile.scores, r.scores);
    assert.equal(profile.freshness.source, 'audit');
    assert.ok(profile.auditedAt);
    const second = await audit('https://agent-native.test/docs');
    assert.equal(second.slug, r.slug, 'a URL audits its registrable domain');
    const history = await getInfra().db('audits').join('products', 'products.id', 'audits.product_id').where('products.slug', r.slug);
    assert.ok(history.length >= 2, 'audits append to the history');
    const bySlug = await audit(r.slug);
    assert.equal(bySlug.domain, 'agent-native.test', 'a registry slug works too');
  });
});

describe('GET /v1/audit input validation and SSRF refusal', () => {
  let app: TestApp;
  let key: string;
  before(async () => {
    app = await startTestApp();
    key = (await createWorkspace(getInfra().db)).key;
  });
  after(() => app.close());

  const refused = [
    'localhost',
    '127.0.0.1',
    'http://127.0.0.1:8080/',
    '0x7f.1',
    '2130706433',
    '017700000001',
    '127.1',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    'http://169.254.169.254/latest/meta-data/',
    '100.64.0.1',
    '[::1]',
    'http://[::ffff:127.0.0.1]/',
    '[fd00::1]',
    '[fe80::1]',
    '0.0.0.0',
    '224.0.0.1',
    'evil-private.test',
  ];
  for (const target of refused) {
    it(`400s ${target} without connecting`, async () => {
      const before = getInfra().fixtureWeb.requests.length;
      const res = await fetch(`${app.baseUrl}/v1/audit?domain=${encodeURIComponent(target)}`, { headers: { 'x-api-key': key } });
      assert.equal(res.status, 400);
      assert.match((await jsonOf(res)).error, /query\.domain/);
      assert.equal(getInfra().fixtureWeb.requests.length, before);
    });
  }

  const invalid = ['', 'not a domain', 'ftp://example.com', 'example.com/path', '-bad-.com'];
  for (const target of invalid) {
    it(`400s ${JSON.stringify(target)}`, async () => {
      const res = await fetch(`${app.baseUrl}/v1/audit?domain=${encodeURIComponent(target)}`, { headers: { 'x-api-key': key } });
      assert.equal(res.status, 400);
    });
  }

  it('404s an unknown registry slug', async () => {
    const res = await fetch(`${app.baseUrl}/v1/audit?domain=no-such-product`, { headers: { 'x-api-key': key } });
    assert.equal(res.status, 404);
  });

  it('answers 202 with a job for Prefer: respond-async, and the job yields the report', async () => {
    const res = await fetch(`${app.baseUrl}/v1/audit?domain=site-2.test`, { headers: { 'x-api-key': key, prefer: 'respond-async' } });
    assert.equal(res.status, 202);
    const body = await jsonOf(res);
    assert.equal(res.headers.get('location'), body.location);
    let job = { status: 'running', result: { domain: '' } };
    for (let i = 0; i < 100; i++) {
      job = await jsonOf(await fetch(`${app.baseUrl}${body.location}`, { headers: { 'x-api-key': key } }));
      if (job.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(job.status, 'completed');
    assert.equal(job.result.domain, 'site-2.test');
    const stranger = await fetch(`${app.baseUrl}${body.location}`, { headers: { 'x-forwarded-for': '192.0.2.99' } });
    assert.equal(stranger.status, 404, 'jobs are visible to their owner only');
  });
});
