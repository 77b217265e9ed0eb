import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { randomPartOf } from '../../src/domain/claim-token';
import { claimMetaContent } from '../fixture-web/claims';
import { startTestApp, testConfig, type TestApp } from '../support/app';
import { getInfra } from '../support/infra';
import { addProducts } from '../support/products';

// The web pages in a real browser: Playwright driving the system Chromium (never a downloaded one), with
// axe-core injected into each page type. Screenshots land in test-artifacts/web/ for people to look at.

const ARTIFACTS = path.resolve(__dirname, '../../../test-artifacts/web');
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Injected as a script the page fetches? The CSP forbids inline script, so the source goes in through
  // Playwright's isolated evaluation instead (it is not subject to the page's CSP).
  await page.evaluate(AXE_SOURCE);
  const result = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] })`)) as { violations: AxeViolation[] };
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

describe('web pages in Chromium', function () {
  this.timeout(120_000);
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const shot = (name: string) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });

  before(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const executablePath = testConfig().audit.chromiumPath;
    assert.ok(executablePath, 'no system Chromium (apt-get install -y chromium, or set CHROMIUM_PATH)');
    await addProducts(getInfra().db, [
      { slug: 'claim-meta-web', name: 'Claim Meta Web', domain: 'claim-meta-web.test', description: 'A vendor for the claim flow.' },
    ]);
    app = await startTestApp();
    browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
    context = await browser.newContext({ baseURL: app.baseUrl });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    page = await context.newPage();
  });
  after(async () => {
    await browser?.close();
    await app?.close();
  });

  let apiKey = '';

  it('signs up, copies the key with the button, and lands in the dashboard', async () => {
    await page.goto('/signup');
    await page.getByLabel('Email').fill(`browser-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Create workspace and key' }).click();
    await page.getByRole('heading', { name: 'Your workspace is ready' }).waitFor();
    apiKey = (await page.locator('#new-key').textContent())!.trim();
    assert.match(apiKey, /^adx_[A-Za-z0-9]{32}$/);
    await page.getByRole('button', { name: 'Copy the key' }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    assert.equal(await page.evaluate('navigator.clipboard.readText()'), apiKey);
    await shot('signup-key');
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Workspace' }).waitFor();
    assert.ok(!(await page.content()).includes(apiKey), 'the key is not shown again');
  });

  it('creates a key with a label and revokes it', async () => {
    await page.goto('/dashboard/keys');
    await page.getByLabel('Label').fill('browser test');
    await page.getByRole('button', { name: 'Create key' }).click();
    const created = (await page.locator('#new-key').textContent())!.trim();
    await page.getByRole('link', { name: 'Continue' }).click();
    const row = page.getByRole('row', { name: /browser test/ });
    await row.waitFor();
    page.once('dialog', (d) => d.accept()); // the revoke form asks for confirmation
    await row.getByRole('button', { name: /Revoke key/ }).click();
    await page.getByText('The key is revoked').waitFor();
    assert.match((await page.getByRole('row', { name: /browser test/ }).textContent())!, /revoked/);
    await shot('keys-revoked');
    const res = await fetch(`${app.baseUrl}/v1/usage`, { headers: { 'x-api-key': created } });
    assert.equal(res.status, 401);
  });

  it('shows usage rise after an API call', async () => {
    const total = async () => Number(/(\d+)\s*$/.exec((await page.locator('#usage-total').textContent())!.trim())![1]);
    await page.goto('/dashboard/usage');
    const before = await total();
    const call = await fetch(`${app.baseUrl}/v1/find-tools`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ task: 'send transactional email' }),
    });
    assert.equal(call.status, 200);
    await page.reload();
    assert.equal(await total(), before + 1);
    assert.match(
      (await page
        .getByRole('row', { name: /agent_discovery_check/ })
        .first()
        .textContent())!,
      /1/,
    );
    await shot('usage');
  });

  it('shows the API validation message when a limit is invalid, and saves a valid one', async () => {
    await page.goto('/dashboard/limits');
    await page.getByLabel('Hard limit (USD)').fill('-5');
    await page.getByRole('button', { name: 'Save limits' }).click();
    await page.locator('#limit-hardLimitUsd-error').waitFor();
    assert.match((await page.locator('#limit-hardLimitUsd-error').textContent())!, />=0/);
    assert.equal(await page.getByLabel('Hard limit (USD)').getAttribute('aria-invalid'), 'true');
    await shot('limits-error');
    await page.getByLabel('Hard limit (USD)').fill('40');
    await page.getByRole('button', { name: 'Save limits' }).click();
    await page.getByText('Limits saved.').waitFor();
  });

  it('starts a claim, shows the instructions, verifies it, and the product link becomes followed', async () => {
    await page.goto('/products/claim-meta-web');
    assert.equal(await page.getByRole('link', { name: 'claim-meta-web.test' }).getAttribute('rel'), 'nofollow ugc');
    await page.goto('/dashboard/claims');
    await page.getByLabel('Product (registry slug)').fill('claim-meta-web');
    await page.getByLabel('Contact email').fill('owner@vendor.example');
    await page.getByLabel('Method').selectOption('meta');
    await page.getByRole('button', { name: 'Start the claim' }).click();
    await page.getByRole('heading', { name: /Claim Meta Web/ }).waitFor();
    const token = (await page.locator('#claim-0-token').textContent())!.trim();
    assert.match((await page.locator('#claim-0-instructions').textContent())!, /agentdex-verify/);
    await shot('claim-pending');
    claimMetaContent.set('claim-meta-web.test', randomPartOf(token)); // the vendor publishes the tag
    await page.getByRole('button', { name: 'Verify now' }).click();
    await page.getByText('Verified: the product is now claimed').waitFor();
    await page.goto('/products/claim-meta-web');
    assert.equal(await page.getByRole('link', { name: 'claim-meta-web.test' }).getAttribute('rel'), null);
    await page.getByText('Claimed by its vendor').waitFor();
    await shot('product-claimed');
  });

  it('keeps its stylesheet and script when a page is revalidated (304) from the browser cache', async () => {
    const blocked: string[] = [];
    const listener = (m: { type(): string; text(): string }) => m.type() === 'error' && /Content Security Policy/.test(m.text()) && blocked.push(m.text());
    page.on('console', listener);
    for (let visit = 0; visit < 3; visit++) {
      await page.goto('/products/stripe');
      assert.equal(await page.evaluate("getComputedStyle(document.querySelector('header.site')).backgroundColor"), 'rgb(15, 23, 42)', `visit ${visit}`);
    }
    page.off('console', listener);
    assert.deepEqual(blocked, []);
  });

  it('has no serious or critical accessibility violations on any page type', async () => {
    const pages = [
      '/',
      '/categories/payments',
      '/products/stripe',
      '/search?q=email',
      '/audit',
      '/docs',
      '/pricing',
      '/status',
      '/changelog',
      '/signup',
      '/products/no-such-product',
      '/dashboard',
      '/dashboard/keys',
      '/dashboard/usage',
      '/dashboard/limits',
      '/dashboard/billing',
      '/dashboard/claims',
      '/dashboard/watches',
    ];
    const found: string[] = [];
    for (const p of pages) {
      await page.goto(p);
      for (const v of await seriousViolations(page))
        found.push(`${p}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
    // The signed-out pages too: sign-in, with an error shown.
    const signedOut = await browser.newContext({ baseURL: app.baseUrl });
    const anon = await signedOut.newPage();
    await anon.goto('/dashboard/signin');
    await anon.getByLabel('API key').fill('adx_wrong');
    await anon.getByRole('button', { name: 'Sign in' }).click();
    await anon.getByText('Invalid or revoked API key').waitFor();
    for (const v of await seriousViolations(anon)) found.push(`/dashboard/signin (error): ${v.id} ${v.help}`);
    await signedOut.close();
    assert.deepEqual(found, []);
  });

  it('works with the keyboard alone: skip link, navigation, search, audit form and sign-in', async () => {
    const kb = await browser.newContext({ baseURL: app.baseUrl });
    const p = await kb.newPage();
    await p.goto('/');
    await p.keyboard.press('Tab');
    assert.equal(await p.evaluate('document.activeElement.textContent.trim()'), 'Skip to content');
    await p.keyboard.press('Enter');
    assert.match(p.url(), /#main$/);
    // Tab to the search box in the header and search.
    await p.goto('/');
    for (let i = 0; i < 30 && (await p.evaluate('document.activeElement.id')) !== 'site-search'; i++) await p.keyboard.press('Tab');
    assert.equal(await p.evaluate('document.activeElement.id'), 'site-search');
    await p.keyboard.type('email');
    await p.keyboard.press('Enter');
    await p.waitForURL(/\/search\?q=email/);
    // Follow the navigation to the audit form and submit it with Enter.
    for (let i = 0; i < 30 && (await p.evaluate('document.activeElement.textContent.trim()')) !== 'Audit a domain'; i++) await p.keyboard.press('Tab');
    await p.keyboard.press('Enter');
    await p.waitForURL(/\/audit$/);
    for (let i = 0; i < 30 && (await p.evaluate('document.activeElement.id')) !== 'audit-domain'; i++) await p.keyboard.press('Tab');
    await p.keyboard.type('typical-saas.test');
    await p.keyboard.press('Enter');
    await p.waitForURL(/\/products\/[a-z0-9-]+$/, { timeout: 60_000 });
    await p.screenshot({ path: path.join(ARTIFACTS, 'keyboard-audit-result.png'), fullPage: true });
    // Sign in with the keyboard.
    await p.goto('/dashboard/signin');
    for (let i = 0; i < 30 && (await p.evaluate('document.activeElement.id')) !== 'signin-key'; i++) await p.keyboard.press('Tab');
    await p.keyboard.type(apiKey);
    await p.keyboard.press('Enter');
    await p.waitForURL(/\/dashboard$/);
    // A focused control shows a visible outline.
    await p.keyboard.press('Tab');
    const outline = await p.evaluate('getComputedStyle(document.activeElement).outlineStyle');
    assert.notEqual(outline, 'none');
    await kb.close();
  });
});
