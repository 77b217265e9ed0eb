import assert from 'node:assert/strict';
import { bumpRegistryVersion } from '../../src/store/registry-version';
import { PlaybookSchema } from '../../src/schemas/primitives';
import { howToCacheKey } from '../../src/services/how-to';
import { startTestApp, type TestApp } from '../support/app';
import { jsonOf } from '../support/http';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';

// Email vendors whose docs use different layouts (test/fixture-web/howto-docs.ts), audited into the registry
// here; each test says which of them leads, since only the leading tool's docs give the steps.
describe('POST /v1/how-to: the task’s own stack, in working order', function () {
  this.timeout(120_000);
  let app: TestApp;
  let ws: { workspaceId: string; key: string };
  const DOMAINS = ['tabmail.test', 'sectionmail.test', 'llmsmail.test', 'prosemail.test'];
  const howTo = async (task: string) => {
    const res = await fetch(`${app.baseUrl}/v1/how-to`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': ws.key },
      body: JSON.stringify({ task }),
    });
    assert.equal(res.status, 200);
    return PlaybookSchema.parse(await jsonOf(res));
  };
  /**
   * Given `lead` leads the ranking for email (the seed's email APIs are not reachable here), the others next:
   * the four say the same on their homepages, so they fit alike and readiness orders them. A task with a
   * stack names its leader, as a user picking a vendor does, since the seed's email APIs fit such a task better.
   */
  const lead = async (domain: string) => {
    const db = getInfra().db;
    for (const d of DOMAINS) {
      const readiness = d === domain ? 99 : 10;
      const { id } = await db('products').where({ domain: d }).first('id');
      await db('products').where({ id }).update({ readiness });
    }
    bumpRegistryVersion(); // written behind the store's back: this process's rankings must see it
  };
  const installs = (steps: string[]) => steps.filter((s) => s.startsWith('Install'));

  before(async () => {
    app = await startTestApp();
    ws = await createWorkspace(getInfra().db);
    for (const domain of DOMAINS) {
      const res = await fetch(`${app.baseUrl}/v1/audit?domain=${domain}`, { headers: { 'x-api-key': ws.key } });
      assert.equal(res.status, 200, domain);
    }
  });
  after(() => app.close());

  it('"send transactional email from a Node.js app" gives the npm steps only, install → key → first call → check', async () => {
    await lead('tabmail.test');
    const p = await howTo('send transactional email with Tabmail from a Node.js app');
    assert.equal(p.recommendedTools[0].domain, 'tabmail.test');
    const all = p.steps.join(' | ');
    assert.deepEqual(installs(p.steps), ['Install: `npm install tabmail`'], all);
    assert.doesNotMatch(all, /pip install|go get|gem install|yarn add|Install the SDK/);
    assert.equal(new Set(p.steps).size, p.steps.length, all);
    const at = (re: RegExp) => p.steps.findIndex((s) => re.test(s));
    const order = [
      at(/^Install: `npm install tabmail`$/),
      at(/^Sign up .*`TABMAIL_API_KEY` environment variable/),
      at(/^First call \(Node\.js\)/),
      at(/^Check the response/),
    ];
    assert.ok(
      order.every((i) => i >= 0),
      all,
    );
    assert.deepEqual(
      order,
      [...order].sort((a, b) => a - b),
      all,
    );
    assert.match(p.steps[order[2]], /process\.env\.TABMAIL_API_KEY/);
    for (const g of [/Test keys .* live key/, /rate limited to 10 requests per second/, /verify the Tabmail-Signature header/])
      assert.ok(
        p.gotchas.some((x) => g.test(x)),
        `${g}: ${p.gotchas.join(' | ')}`,
      );
    assert.ok(!p.deprecated.some((d) => /Python package/.test(d)), p.deprecated.join(' | '));
    assert.ok(p.sources.includes('http://tabmail.test/docs'));
  });

  it('the same task with no stack named gives each stack’s install step once', async () => {
    await lead('tabmail.test');
    const p = await howTo('send transactional email with Tabmail');
    assert.deepEqual(
      installs(p.steps),
      ['Install: `npm install tabmail`', 'Install: `pip install tabmail`', 'Install: `go get github.com/tabmail/tabmail-go`', 'Install: `gem install tabmail`'],
      p.steps.join(' | '),
    );
    assert.equal(new Set(p.steps).size, p.steps.length);
    assert.ok(!p.steps.some((s) => /^Install the SDK|yarn add/.test(s)));
  });

  it('names the stack in the cache key: "in Go" is not answered with the all-stacks playbook cached above', async () => {
    await lead('tabmail.test');
    assert.notEqual(howToCacheKey('send transactional email with Tabmail in Go'), howToCacheKey('send transactional email with Tabmail'));
    const p = await howTo('send transactional email with Tabmail in Go');
    assert.deepEqual(installs(p.steps), ['Install: `go get github.com/tabmail/tabmail-go`'], p.steps.join(' | '));
    assert.ok(p.steps.some((s) => s.startsWith('First call (Go)')));
  });

  it('reads the llms.txt page for the task’s stack, not the first one listed', async () => {
    await lead('llmsmail.test');
    const before = getInfra().fixtureWeb.requests.length;
    const p = await howTo('send transactional email with Llmsmail from an Express server');
    assert.equal(p.recommendedTools[0].domain, 'llmsmail.test');
    const read = getInfra()
      .fixtureWeb.requests.slice(before)
      .filter((r) => r.host === 'llmsmail.test')
      .map((r) => r.path);
    assert.ok(read.includes('/docs/node'), read.join(' '));
    assert.ok(!read.includes('/docs/python'), read.join(' '));
    assert.deepEqual(installs(p.steps), ['Install: `npm install @llmsmail/node`'], p.steps.join(' | '));
    assert.ok(p.steps.some((s) => s.startsWith('Set the key in the shell: `export LLMSMAIL_API_KEY=')));
    assert.ok(p.gotchas.some((g) => /Verify the signature of every webhook/.test(g)));
  });

  it('takes an install command written inside a sentence, and drops the bare "Install the SDK" after it', async () => {
    await lead('prosemail.test');
    const p = await howTo('send transactional email with Prosemail from a Next.js app');
    assert.equal(p.recommendedTools[0].domain, 'prosemail.test');
    assert.deepEqual(installs(p.steps), ['Install: `npm install prosemail`'], p.steps.join(' | '));
    assert.ok(p.steps.some((s) => s.includes('`PROSEMAIL_TOKEN`')));
  });
});
