import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { bumpRegistryVersion } from '../../src/store/registry-version';
import { getInfra } from '../support/infra';
import { startTestApp, type TestApp } from '../support/app';
import { jsonOf } from '../support/http';
import { createWorkspace } from '../support/workspaces';
import { PageClient } from './browser-session';

const PAGES = ['/', '/categories/payments', '/products/stripe', '/search?q=email', '/audit', '/docs', '/pricing', '/changelog', '/signup', '/dashboard/signin'];

describe('web pages over HTTP', function () {
  this.timeout(60_000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());

  it('serves every public page as HTML with a CSP that allows no inline script, no framing and a strict referrer policy', async () => {
    for (const path of PAGES) {
      const res = await fetch(`${app.baseUrl}${path}`, { headers: { accept: 'text/html' } });
      assert.equal(res.status, 200, path);
      assert.match(res.headers.get('content-type')!, /^text\/html/, path);
      const csp = res.headers.get('content-security-policy')!;
      assert.match(csp, /script-src 'self'(;|$)/, path);
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/, path);
      assert.match(csp, /frame-ancestors 'none'/, path);
      assert.equal(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', path);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', path);
      const html = await res.text();
      assert.match(html, /^<!doctype html><html lang="en">/, path);
      // No inline script (JSON-LD is data, not script) and no inline event handlers.
      for (const m of html.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)) if (m[2]) assert.match(m[1], /type="application\/ld\+json"/, path);
      assert.doesNotMatch(html, /\son[a-z]+="/i, path);
      for (const asset of html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)) {
        const a = await fetch(`${app.baseUrl}${asset[1]}`);
        assert.equal(a.status, 200, asset[1]);
        assert.match(a.headers.get('cache-control')!, /immutable/);
      }
    }
  });

  it('escapes product data in HTML and markdown', async () => {
    const { db } = getInfra();
    const slug = `xss-${randomUUID().slice(0, 8)}`;
    await db('products').insert({
      slug,
      name: '<script>alert(1)</script>',
      domain: `${slug}.example`,
      description: '"><img src=x onerror=alert(2)> & more',
      readiness: 40,
      discovery: 40,
      understanding: 40,
      adoption: 40,
      operability: 40,
    });
    bumpRegistryVersion();
    const html = await (await fetch(`${app.baseUrl}/products/${slug}`, { headers: { accept: 'text/html' } })).text();
    assert.ok(!html.includes('<script>alert(1)'), 'raw script tag rendered');
    assert.ok(!html.includes('<img src=x'), 'raw img tag rendered');
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(html.includes('&quot;&gt;&lt;img src=x onerror=alert(2)&gt; &amp; more'));
    const md = await (await fetch(`${app.baseUrl}/products/${slug}`, { headers: { accept: 'text/markdown' } })).text();
    assert.ok(md.includes('\\<script\\>alert(1)\\</script\\>'), md.slice(0, 200));
  });

  it('answers Accept: text/markdown with the same page as markdown, varies on Accept and revalidates by ETag', async () => {
    const res = await fetch(`${app.baseUrl}/products/stripe`, { headers: { accept: 'text/markdown' } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type')!, /^text\/markdown/);
    assert.equal(res.headers.get('vary'), 'Accept');
    const md = await res.text();
    assert.match(md, /^# Stripe\n/);
    assert.match(md, /Readiness: \d+\/100 \(discovery \d+, understanding \d+, adoption \d+, operability \d+\)/);
    const html = await fetch(`${app.baseUrl}/products/stripe`, { headers: { accept: 'text/html' } });
    const etag = html.headers.get('etag')!;
    assert.ok(etag);
    const again = await fetch(`${app.baseUrl}/products/stripe`, { headers: { accept: 'text/html', 'if-none-match': etag } });
    assert.equal(again.status, 304);
    // The 304's headers update the browser's stored page: its policy must still admit the page's own assets.
    assert.match(again.headers.get('content-security-policy')!, /script-src 'self'/);
    const home = await fetch(`${app.baseUrl}/`, { headers: { accept: 'text/markdown' } });
    assert.match(await home.text(), /^# Agentdex\n/);
  });

  it('says "not audited yet" where a provisional product\'s findings would be, and "No failing checks." only for an audited clean one', async () => {
    const { db } = getInfra();
    const id = randomUUID().slice(0, 8);
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
    await db('products').insert([product(`provisional-${id}`), { ...product(`audited-${id}`), score_source: 'audit', audited_at: new Date() }]);
    bumpRegistryVersion();
    const read = async (slug: string, accept: string) => (await fetch(`${app.baseUrl}/products/${slug}`, { headers: { accept } })).text();
    const findings = (html: string) => /<h2 id="failing">What to fix<\/h2>([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
    const mdFindings = (md: string) => /## What to fix\n\n([\s\S]*?)\n\n##/.exec(md)?.[1] ?? '';

    const seedHtml = findings(await read(`provisional-${id}`, 'text/html'));
    assert.match(seedHtml, /Not audited yet: scores are provisional, from public data\./);
    assert.doesNotMatch(seedHtml, /No failing checks/);
    const seedMd = mdFindings(await read(`provisional-${id}`, 'text/markdown'));
    assert.match(seedMd, /^Not audited yet: scores are provisional, from public data\./);
    assert.doesNotMatch(seedMd, /No failing checks/);

    const auditedHtml = findings(await read(`audited-${id}`, 'text/html'));
    assert.match(auditedHtml, /<p>No failing checks\.<\/p>/);
    assert.doesNotMatch(auditedHtml, /not audited/i);
    const auditedMd = mdFindings(await read(`audited-${id}`, 'text/markdown'));
    assert.equal(auditedMd, 'No failing checks.');
  });

  it('links a product nofollow until it is claimed, then followed', async () => {
    const { db } = getInfra();
    const ws = await createWorkspace(db);
    const slug = `claimable-${randomUUID().slice(0, 8)}`;
    await db('products').insert({
      slug,
      name: 'Claimable',
      domain: `${slug}.example`,
      description: 'd',
      readiness: 50,
      discovery: 50,
      understanding: 50,
      adoption: 50,
      operability: 50,
    });
    bumpRegistryVersion();
    const before = await (await fetch(`${app.baseUrl}/products/${slug}`, { headers: { accept: 'text/html' } })).text();
    assert.match(before, new RegExp(`<a href="https://${slug}.example/" rel="nofollow ugc">`));
    await db('products').where({ slug }).update({ claimed_by_workspace_id: ws.workspaceId });
    bumpRegistryVersion();
    const after = await (await fetch(`${app.baseUrl}/products/${slug}`, { headers: { accept: 'text/html' } })).text();
    assert.match(after, new RegExp(`<a href="https://${slug}.example/">`));
    assert.doesNotMatch(after, /nofollow/);
  });

  it('gives browsers an HTML error page and API clients JSON', async () => {
    const page = await fetch(`${app.baseUrl}/products/no-such-product`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    assert.equal(page.status, 404);
    assert.match(page.headers.get('content-type')!, /^text\/html/);
    assert.match(await page.text(), /No product with slug &#39;no-such-product&#39;|No product with slug 'no-such-product'/);
    const api = await fetch(`${app.baseUrl}/nowhere`);
    assert.equal(api.status, 404);
    assert.deepEqual(await api.json(), { error: 'No route for GET /nowhere' });
    const v1 = await fetch(`${app.baseUrl}/v1/nowhere`, { headers: { accept: 'text/html' } });
    assert.match(v1.headers.get('content-type')!, /json/);
  });

  it('publishes robots.txt with AI rules and content signals, a sitemap of every product page, the API catalog and Link headers', async () => {
    const robots = await (await fetch(`${app.baseUrl}/robots.txt`)).text();
    assert.match(robots, /^Content-Signal: search=yes, ai-input=yes, ai-train=no$/m);
    assert.match(robots, /^User-agent: GPTBot\nAllow: \//m);
    assert.match(robots, /^Sitemap: http:\/\/agentdex\.test\/sitemap\.xml$/m);
    const index = await (await fetch(`${app.baseUrl}/sitemap.xml`)).text();
    assert.match(index, /<loc>http:\/\/agentdex\.test\/sitemaps\/products-1\.xml<\/loc>/);
    const products = await (await fetch(`${app.baseUrl}/sitemaps/products-1.xml`)).text();
    const [{ n }] = await getInfra().db('products').count<{ n: string }[]>('* as n');
    assert.equal((products.match(/<url>/g) ?? []).length, Number(n));
    assert.equal((await fetch(`${app.baseUrl}/sitemaps/products-2.xml`)).status, 404);
    const catalog = await fetch(`${app.baseUrl}/.well-known/api-catalog`);
    assert.match(catalog.headers.get('content-type')!, /^application\/linkset\+json/);
    assert.equal((await jsonOf(catalog)).linkset[0]['service-desc'][0].href, 'http://agentdex.test/openapi.json');
    const home = await fetch(`${app.baseUrl}/`, { headers: { accept: 'text/html' } });
    assert.match(home.headers.get('link')!, /<\/\.well-known\/api-catalog>; rel="api-catalog"/);
    assert.match(home.headers.get('link')!, /<\/llms\.txt>; rel="describedby"/);
    const full = await (await fetch(`${app.baseUrl}/llms-full.txt`)).text();
    assert.match(full, /^### POST \/v1\/find-tools$/m);
  });

  it('signs up through the form: key shown once, uncached, with an httpOnly SameSite=Lax session', async () => {
    const browser = new PageClient(app.baseUrl);
    const { csrf } = await browser.form('/signup');
    const res = await browser.post('/signup', { _csrf: csrf, email: `web-${randomUUID().slice(0, 6)}@example.com` });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('adx_session='))!;
    assert.match(setCookie, /httponly/i);
    assert.match(setCookie, /samesite=lax/i);
    const key = /id="new-key" class="secret">(adx_[A-Za-z0-9]+)</.exec(await res.text())?.[1];
    assert.ok(key, 'the key is shown');
    const keys = await (await browser.get('/dashboard/keys')).text();
    assert.ok(!keys.includes(key), 'the key is never shown again');
    assert.match(keys, new RegExp(`<code>${key.slice(0, 10)}…</code>`));
    // The key works on the API.
    assert.equal((await fetch(`${app.baseUrl}/v1/usage`, { headers: { 'x-api-key': key } })).status, 200);
  });

  it('refuses a form without the CSRF token, with another token, or from another origin', async () => {
    const browser = new PageClient(app.baseUrl);
    const { csrf } = await browser.form('/signup');
    assert.equal((await browser.post('/signup', { email: 'a@example.com' })).status, 403);
    assert.equal((await browser.post('/signup', { _csrf: `${csrf}x`, email: 'a@example.com' })).status, 403);
    assert.equal((await browser.post('/signup', { _csrf: csrf, email: 'a@example.com' }, { origin: 'https://evil.example' })).status, 403);
    const stranger = new PageClient(app.baseUrl); // no cookie: a token copied from elsewhere is not enough
    assert.equal((await stranger.post('/signup', { _csrf: csrf, email: 'a@example.com' })).status, 403);
    // Signed in, the session's own token is required.
    const ws = await createWorkspace(getInfra().db);
    const signedIn = await signIn(app, ws.key);
    assert.equal((await signedIn.post('/dashboard/keys', { _csrf: csrf, label: 'x' })).status, 403);
  });

  it('ends a session on sign-out, on revocation and when its key is revoked', async () => {
    const { db } = getInfra();
    const ws = await createWorkspace(db);
    const a = await signIn(app, ws.key);
    const b = await signIn(app, ws.key);
    assert.equal((await a.get('/dashboard')).status, 200);
    // b revokes a's session from the overview's session list.
    const overview = await b.form('/dashboard');
    const ids = [...overview.html.matchAll(/\/dashboard\/sessions\/([0-9a-f-]{36})\/revoke/g)].map((m) => m[1]);
    assert.equal(ids.length, 2);
    const [row] = await db('web_sessions').select('id').where({ workspace_id: ws.workspaceId }).orderBy('created_at').limit(1);
    assert.equal((await b.post(`/dashboard/sessions/${row.id}/revoke`, { _csrf: overview.csrf })).status, 303);
    const gone = await a.get('/dashboard');
    assert.equal(gone.status, 303);
    assert.equal(gone.headers.get('location'), '/dashboard/signin');
    // Revoking the key b signed in with ends b's session too.
    await db('api_keys').where({ id: ws.keyId }).update({ revoked_at: db.fn.now() });
    assert.equal((await b.get('/dashboard')).status, 303);
    // Signing in with the revoked key fails with the API's message.
    const c = new PageClient(app.baseUrl);
    const { csrf } = await c.form('/dashboard/signin');
    const refused = await c.post('/dashboard/signin', { _csrf: csrf, key: ws.key });
    assert.equal(refused.status, 401);
    assert.match(await refused.text(), /Invalid or revoked API key/);
  });

  it('shows the API validation messages in the limits form, and saves valid limits', async () => {
    const ws = await createWorkspace(getInfra().db);
    const browser = await signIn(app, ws.key);
    const { csrf } = await browser.form('/dashboard/limits');
    const bad = await browser.post('/dashboard/limits', { _csrf: csrf, hardLimitUsd: '-5', monthlyBudgetUsd: '' });
    assert.equal(bad.status, 400);
    const api = await fetch(`${app.baseUrl}/v1/limits`, {
      method: 'PATCH',
      headers: { 'x-api-key': ws.key, 'content-type': 'application/json' },
      body: JSON.stringify({ hardLimitUsd: -5 }),
    });
    const apiMessage = (await jsonOf(api)).details[0].message as string;
    assert.ok((await bad.text()).includes(`id="limit-hardLimitUsd-error" class="error">${apiMessage.replace('>', '&gt;')}</p>`), apiMessage);
    const ok = await browser.post('/dashboard/limits', { _csrf: csrf, hardLimitUsd: '25', monthlyBudgetUsd: '10', notificationsEnabled: 'true' });
    assert.equal(ok.status, 303);
    const limits = await jsonOf(await fetch(`${app.baseUrl}/v1/limits`, { headers: { 'x-api-key': ws.key } }));
    assert.equal(limits.hardLimitUsd, 25);
    assert.equal(limits.monthlyBudgetUsd, 10);
  });

  it('creates and revokes keys only within the session workspace, and explains billing without Stripe', async () => {
    const { db } = getInfra();
    const mine = await createWorkspace(db);
    const other = await createWorkspace(db);
    const browser = await signIn(app, mine.key);
    const { csrf } = await browser.form('/dashboard/keys');
    const created = await browser.post('/dashboard/keys', { _csrf: csrf, label: 'ci <agent>' });
    assert.equal(created.status, 201);
    assert.match(await created.text(), /id="new-key" class="secret">adx_/);
    const list = await (await browser.get('/dashboard/keys')).text();
    assert.ok(list.includes('ci &lt;agent&gt;'));
    // Another workspace's key cannot be revoked from here.
    const foreign = await browser.post(`/dashboard/keys/${other.keyId}/revoke`, { _csrf: csrf });
    assert.equal(foreign.headers.get('location'), '/dashboard/keys?notice=key-missing');
    assert.equal((await fetch(`${app.baseUrl}/v1/usage`, { headers: { 'x-api-key': other.key } })).status, 200);
    // Billing without STRIPE_SECRET_KEY: the page says so and checkout's 503 is shown, not hidden.
    const billing = await (await browser.get('/dashboard/billing')).text();
    assert.match(billing, /Payments are not configured on this deployment/);
    const checkout = await browser.post('/dashboard/billing/checkout', { _csrf: csrf });
    assert.equal(checkout.status, 503);
    assert.match(await checkout.text(), /STRIPE_SECRET_KEY/);
  });

  it('runs an audit from the form under the trial rules and lands on the product page', async () => {
    const browser = new PageClient(app.baseUrl);
    const { csrf } = await browser.form('/audit');
    const started = await browser.post('/audit', { _csrf: csrf, domain: 'agent-native.test' });
    assert.equal(started.status, 303);
    let location = started.headers.get('location')!;
    assert.match(location, /^\/audit\/jobs\/[0-9a-f-]{36}\?domain=agent-native\.test$/);
    const deadline = Date.now() + 45_000;
    while (location.startsWith('/audit/jobs/') && Date.now() < deadline) {
      const res = await browser.get(location);
      if (res.status === 200) {
        const html = await res.text();
        assert.match(html, /<meta http-equiv="refresh" content="2"\/>/);
        assert.match(html, /<progress/);
        await new Promise((r) => setTimeout(r, 300));
        continue;
      }
      assert.equal(res.status, 303);
      location = res.headers.get('location')!;
    }
    assert.match(location, /^\/products\/[a-z0-9-]+$/);
    const product = await (await browser.get(location)).text();
    assert.match(product, /agent-native\.test/);
    assert.match(product, /Audited \d{4}-\d{2}-\d{2}/);
    // A bad domain is shown beside the field with the API's rule.
    const bad = await browser.post('/audit', { _csrf: csrf, domain: 'not a domain!' });
    assert.equal(bad.status, 400);
    assert.match(await bad.text(), /must be a domain/);
    // A slow site keeps the audit running: its job page shows progress and reloads itself.
    const slow = await browser.post('/audit', { _csrf: csrf, domain: 'slow-loris.test' });
    const progress = await browser.get((await browser.get(slow.headers.get('location')!)).headers.get('location')!);
    assert.equal(progress.status, 200);
    const html = await progress.text();
    assert.match(html, /<meta http-equiv="refresh" content="2"\/>/);
    assert.match(html, /Auditing slow-loris\.test…/);
    assert.match(html, /<progress aria-label="Audit in progress"/);
  });
});

async function signIn(app: TestApp, key: string): Promise<PageClient> {
  const browser = new PageClient(app.baseUrl);
  const { csrf } = await browser.form('/dashboard/signin');
  const res = await browser.post('/dashboard/signin', { _csrf: csrf, key });
  assert.equal(res.status, 303, 'signed in');
  return browser;
}
