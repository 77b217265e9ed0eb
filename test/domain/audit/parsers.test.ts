import assert from 'node:assert/strict';
import { extractInstallFacts } from '../../../src/domain/audit/parse/docs';
import { parseHomepage } from '../../../src/domain/audit/parse/homepage';
import { parseLlmsTxt } from '../../../src/domain/audit/parse/llms-txt';
import { parsePricing } from '../../../src/domain/audit/parse/pricing';
import { parseRobots } from '../../../src/domain/audit/parse/robots';
import { parseWellKnown, WELL_KNOWN_VALIDATORS } from '../../../src/domain/audit/parse/well-known';
import { parseAuditTarget } from '../../../src/domain/audit-target';

describe('audit parsers', () => {
  describe('robots.txt (RFC 9309)', () => {
    const cases: Array<[string, number, string, (r: ReturnType<typeof parseRobots>) => boolean]> = [
      ['allow all', 200, 'User-agent: *\nAllow: /\n', (r) => Object.values(r.aiBots).every(Boolean) && r.present],
      ['blocks GPTBot only', 200, 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n', (r) => !r.aiBots.GPTBot && r.aiBots.ClaudeBot],
      ['blocks everyone', 200, 'User-agent: *\nDisallow: /\n', (r) => Object.values(r.aiBots).every((v) => !v)],
      ['404 means allow all', 404, '', (r) => !r.present && Object.values(r.aiBots).every(Boolean)],
      ['5xx means disallow all', 503, '', (r) => !r.present && Object.values(r.aiBots).every((v) => !v)],
      [
        'reads content signals and sitemaps',
        200,
        'User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\nSitemap: https://x.test/sitemap.xml\n',
        (r) => r.contentSignals[0] === 'search=yes, ai-train=no' && r.sitemaps[0] === 'https://x.test/sitemap.xml',
      ],
    ];
    for (const [what, status, body, ok] of cases) it(what, () => assert.ok(ok(parseRobots('https://x.test', status, body))));
  });

  describe('llms.txt', () => {
    const good =
      '# Acme\n\n> Payments for agents.\n\n## Docs\n\n- [Quickstart](https://acme.test/docs/quickstart): start here\n- [API](https://acme.test/docs/api)\n';
    it('accepts a well-formed file', () => {
      const r = parseLlmsTxt('u', 200, 'text/markdown', good);
      assert.deepEqual(
        [r.found, r.isText, r.title, r.summary, r.sections, r.links.length, r.problems],
        [true, true, 'Acme', 'Payments for agents.', ['Docs'], 2, []],
      );
    });
    it('flags HTML served at /llms.txt', () => {
      const r = parseLlmsTxt('u', 200, 'text/html', '<!doctype html><html><body>hi</body></html>');
      assert.deepEqual([r.found, r.isText], [true, false]);
    });
    it('flags a file without title or links', () => assert.deepEqual(parseLlmsTxt('u', 200, 'text/plain', 'just words').problems, ['no H1 title', 'no links']));
    it('reports absence on 404', () => assert.equal(parseLlmsTxt('u', 404, 'text/html', 'nope').found, false));
  });

  describe('homepage', () => {
    const html = `<!doctype html><html><head><title>Acme — payments</title><meta name="description" content="Pay.">
      <meta property="og:title" content="Acme"><script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Acme Inc","url":"https://acme.test","sameAs":["https://x.com/acme"]}</script></head>
      <body><a href="/docs">Docs</a> <a href="/pricing">Pricing</a> <a href="https://status.acme.test/">Status</a> <a href="/signup">Sign up</a><p>${'Acme lets agents pay. '.repeat(20)}</p></body></html>`;
    it('reads metadata, JSON-LD, links and Link headers', () => {
      const r = parseHomepage('https://acme.test/', 200, { link: '</.well-known/api-catalog>; rel="api-catalog"' }, html, false);
      assert.equal(r.title, 'Acme — payments');
      assert.equal(r.description, 'Pay.');
      assert.equal(r.openGraph['og:title'], 'Acme');
      assert.equal(r.organization?.name, 'Acme Inc');
      assert.deepEqual(r.linkHeader, [{ uri: 'https://acme.test/.well-known/api-catalog', rel: 'api-catalog', type: undefined }]);
      assert.equal(r.links.docs, 'https://acme.test/docs');
      assert.equal(r.links.status, 'https://status.acme.test/');
      assert.equal(r.links.signup, 'https://acme.test/signup');
      assert.equal(r.scriptOnlyShell, false);
      assert.equal(r.https, true);
    });
    it('recognises a script-only shell', () => {
      const r = parseHomepage('http://shell.test/', 200, {}, '<html><body><div id="root"></div><script src="/app.js"></script></body></html>', false);
      assert.equal(r.scriptOnlyShell, true);
    });
  });

  describe('install snippets', () => {
    const cases: Array<[string, string[], number]> = [
      ['npm install @acme/sdk\npip install acme\ngo get github.com/acme/acme-go', ['go', 'javascript', 'python'], 0],
      ['gem install acme && cargo add acme && composer require acme/acme && dotnet add package Acme', ['csharp', 'php', 'ruby', 'rust'], 0],
      ['npm install -g @acme/cli\nbrew install acme', [], 2],
      ['curl -fsSL https://acme.test/install.sh | sh', [], 1],
      ['<artifactId>acme-java</artifactId>', ['java'], 0],
      ['nothing to install here', [], 0],
    ];
    for (const [text, langs, clis] of cases) {
      it(JSON.stringify(text.slice(0, 40)), () => {
        const f = extractInstallFacts(text);
        assert.deepEqual(f.sdkLanguages, langs);
        assert.equal(f.cliInstall.length, clis);
      });
    }
  });

  describe('pricing', () => {
    const cases: Array<[string, Partial<ReturnType<typeof parsePricing>>]> = [
      ['Free tier. Pro $49/month. Sign up', { freeTier: true, publicPrices: true, selfServe: true, contactSalesOnly: false }],
      ['Enterprise plans. Contact sales to learn more.', { freeTier: false, publicPrices: false, selfServe: false, contactSalesOnly: true }],
      ['Start free trial. $29/month. Contact sales for volume.', { freeTier: true, publicPrices: true, contactSalesOnly: false }],
    ];
    for (const [text, expected] of cases) {
      it(text, () => {
        const r = parsePricing('u', text);
        for (const [k, v] of Object.entries(expected)) assert.equal(r[k as keyof typeof r], v, k);
      });
    }
  });

  describe('well-known documents', () => {
    const cases: Array<[keyof typeof WELL_KNOWN_VALIDATORS, string, boolean]> = [
      ['a2a', '{"name":"x","skills":[]}', true],
      ['a2a', '{"name":"x"}', false],
      ['apiCatalog', '{"linkset":[{"anchor":"x"}]}', true],
      ['apiCatalog', '[1,2]', false],
      ['oauthAuthorizationServer', '{"issuer":"https://x","token_endpoint":"https://x/t"}', true],
      ['oauthProtectedResource', '{"resource":"https://x"}', true],
      ['agentSkills', '{"skills":[]}', true],
      ['agentSkills', '<html>', false],
    ];
    for (const [kind, body, valid] of cases) {
      it(`${kind}: ${body} → ${valid ? 'valid' : 'invalid'}`, () => {
        const r = parseWellKnown('u', 200, 'application/json', body, WELL_KNOWN_VALIDATORS[kind]);
        assert.equal(r.valid, valid);
        assert.equal(r.found, true);
      });
    }
    it('404 is not found', () => assert.equal(parseWellKnown('u', 404, '', '', WELL_KNOWN_VALIDATORS.a2a).found, false));
  });
});

describe('audit target', () => {
  const cases: Array<[string, string]> = [
    ['stripe.com', 'host:stripe.com'],
    ['https://docs.stripe.com/api?x=1', 'host:stripe.com'],
    ['WWW.Example.CO.UK', 'host:example.co.uk'],
    ['acme.github.io', 'host:acme.github.io'],
    ['stripe', 'slug:stripe'],
    ['agent-native.test', 'host:agent-native.test'],
    ['http://127.0.0.1/', 'host:127.0.0.1'],
    ['http://0x7f.1/', 'host:127.0.0.1'],
    ['2130706433', 'host:127.0.0.1'],
    ['0x7f000001', 'host:127.0.0.1'],
    ['[::1]', 'host:[::1]'],
    ['', 'invalid'],
    ['not a domain', 'invalid'],
    ['example.com/path', 'invalid'],
    ['ftp://example.com', 'invalid'],
    ['-bad-.com', 'invalid'],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} → ${expected}`, () => {
      const t = parseAuditTarget(input);
      assert.equal(t.kind === 'host' ? `host:${t.host}` : t.kind === 'slug' ? `slug:${t.slug}` : 'invalid', expected);
    });
  }
});
