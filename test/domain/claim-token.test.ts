import assert from 'node:assert/strict';
import {
  claimInstructions,
  describeMetaCheck,
  describeTxtCheck,
  inspectMeta,
  inspectTxt,
  metaMatches,
  metaTagFor,
  mintClaimToken,
  randomPartOf,
  txtMatches,
} from '../../src/domain/claim-token';
import { parseDnsServersSetting } from '../../src/net/dns-txt';

const TOKEN = 'agentdex-verify=Zm9vYmFyLWJhei1xdXV4LTEyMzQ1Njc4OTA_-AB';
const RANDOM = randomPartOf(TOKEN);

describe('claim token', () => {
  it('mints agentdex-verify=<random>: url-safe, 192 random bits, different every time', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => mintClaimToken()));
    assert.equal(tokens.size, 200);
    for (const t of tokens) {
      assert.match(t, /^agentdex-verify=[A-Za-z0-9_-]{32}$/);
      assert.equal(Buffer.from(randomPartOf(t), 'base64url').length, 24);
    }
    assert.equal(mintClaimToken(Buffer.alloc(24, 0xff)), `agentdex-verify=${'_'.repeat(32)}`);
  });

  it('names exactly where the token goes for each method', () => {
    const expiresAt = new Date('2026-12-01T00:00:00Z');
    const dns = claimInstructions({ method: 'dns', domain: 'acme.com', slug: 'acme', token: TOKEN, expiresAt });
    assert.match(dns, /TXT record on the apex of acme\.com/);
    assert.ok(dns.includes(`exactly ${TOKEN}`));
    assert.match(dns, /claim\/verify.*"slug":"acme"/);
    assert.match(dns, /2026-12-01T00:00:00\.000Z/);
    const meta = claimInstructions({ method: 'meta', domain: 'acme.com', slug: 'acme', token: TOKEN, expiresAt });
    assert.ok(meta.includes(`<meta name="agentdex-verify" content="${RANDOM}">`));
    assert.match(meta, /inside the <head> of the homepage, https:\/\/acme\.com\//);
    assert.equal(metaTagFor(TOKEN), `<meta name="agentdex-verify" content="${RANDOM}">`);
  });
});

describe('claim token: TXT records (RFC 7208 §3.3 joining)', () => {
  const cases: Array<[string, string[][], boolean]> = [
    ['the token as one string', [[TOKEN]], true],
    ['the token among other records', [['v=spf1 -all'], [TOKEN], ['google-site-verification=x']], true],
    ['the token split into two strings, joined without a space', [[TOKEN.slice(0, 20), TOKEN.slice(20)]], true],
    ['the token split into three strings', [[TOKEN.slice(0, 5), TOKEN.slice(5, 30), TOKEN.slice(30)]], true],
    ['surrounding white space', [[`  ${TOKEN} `]], true],
    ['one pair of literal quotes a DNS panel kept', [[`"${TOKEN}"`]], true],
    ['no records', [], false],
    ['other records only', [['v=spf1 -all'], ['hello']], false],
    ['strings of one record split by a space', [[`${TOKEN.slice(0, 20)} `, TOKEN.slice(20)]], false],
    ['the token spread over two records', [[TOKEN.slice(0, 20)], [TOKEN.slice(20)]], false],
    ['another claim token', [['agentdex-verify=someoneElsesToken000000000000000000']], false],
    ['the random part alone', [[RANDOM]], false],
    ['a different case', [[TOKEN.toUpperCase()]], false],
    ['the token with extra text', [[`${TOKEN}x`]], false],
    ['a space inside the value', [[TOKEN.replace('=', '= ')]], false],
  ];
  for (const [what, records, expected] of cases) {
    it(`${expected ? 'accepts' : 'refuses'} ${what}`, () => assert.equal(txtMatches(records, TOKEN), expected));
  }

  it('says what was looked for, where, and what was found', () => {
    assert.equal(describeTxtCheck('acme.com', TOKEN, inspectTxt([[TOKEN]], TOKEN)), `Found TXT record ${TOKEN} on acme.com.`);
    assert.equal(describeTxtCheck('acme.com', TOKEN, inspectTxt([], TOKEN)), `No TXT record ${TOKEN} on acme.com (no TXT records found).`);
    assert.equal(
      describeTxtCheck('acme.com', TOKEN, inspectTxt([['v=spf1 -all'], ['x']], TOKEN)),
      `No TXT record ${TOKEN} on acme.com (found 2 other TXT records).`,
    );
    assert.equal(
      describeTxtCheck('acme.com', TOKEN, inspectTxt([['agentdex-verify=old'], ['v=spf1 -all']], TOKEN)),
      `No TXT record ${TOKEN} on acme.com (found "agentdex-verify=old", which is not this claim's token; found 1 other TXT record).`,
    );
  });
});

describe('claim token: homepage meta tag', () => {
  const doc = (head: string, body = '<p>hi</p>') => `<!doctype html><html><head><title>x</title>${head}</head><body>${body}</body></html>`;
  const cases: Array<[string, string, boolean]> = [
    ['the random part in the head', doc(`<meta name="agentdex-verify" content="${RANDOM}">`), true],
    ['the whole token in the head', doc(`<meta name="agentdex-verify" content="${TOKEN}">`), true],
    ['upper-case name and white space around the content', doc(`<META NAME="Agentdex-Verify" CONTENT="  ${RANDOM} ">`), true],
    ['one of several agentdex tags in the head', doc(`<meta name="agentdex-verify" content="old"><meta name="agentdex-verify" content="${RANDOM}">`), true],
    ['a head with no <head> tag written (the parser puts meta there)', `<title>x</title><meta name="agentdex-verify" content="${RANDOM}"><p>hi</p>`, true],
    ['no tag', doc('<meta name="description" content="x">'), false],
    ['the tag in the body', doc('', `<p>hi</p><meta name="agentdex-verify" content="${RANDOM}">`), false],
    ['a wrong token', doc('<meta name="agentdex-verify" content="not-the-token">'), false],
    ['the random part with a different case', doc(`<meta name="agentdex-verify" content="${RANDOM.toUpperCase()}">`), false],
    ['the token in another meta name', doc(`<meta name="verify" content="${RANDOM}">`), false],
    ['the token as a property, not a name', doc(`<meta property="agentdex-verify" content="${RANDOM}">`), false],
    ['the tag inside a comment', doc(`<!-- <meta name="agentdex-verify" content="${RANDOM}"> -->`), false],
    ['the tag as text in a script', doc(`<script>var t = '<meta name="agentdex-verify" content="${RANDOM}">';</script>`), false],
    ['the tag after body content began (parsed into the body)', `<title>x</title><p>hi</p><meta name="agentdex-verify" content="${RANDOM}">`, false],
  ];
  for (const [what, html, expected] of cases) {
    it(`${expected ? 'accepts' : 'refuses'} ${what}`, () => assert.equal(metaMatches(html, TOKEN), expected));
  }

  it('says what was found where', () => {
    const url = 'https://acme.com/';
    assert.match(
      describeMetaCheck(url, TOKEN, inspectMeta(doc(metaTagFor(TOKEN)), TOKEN)),
      /^Found <meta name="agentdex-verify" .*> in the <head> of https:\/\/acme\.com\/\.$/,
    );
    assert.match(describeMetaCheck(url, TOKEN, inspectMeta(doc(''), TOKEN)), /\(no agentdex-verify meta tag found\)/);
    assert.match(describeMetaCheck(url, TOKEN, inspectMeta(doc('', metaTagFor(TOKEN)), TOKEN)), /1 agentdex-verify tag in the <body>, which is not read/);
    assert.match(
      describeMetaCheck(url, TOKEN, inspectMeta(doc('<meta name="agentdex-verify" content="zzz">'), TOKEN)),
      /content "zzz" in the <head>, which is not this claim's token/,
    );
  });
});

describe('DNS_SERVERS', () => {
  const good: Array<[string, string[]]> = [
    ['', []],
    ['192.0.2.53', ['192.0.2.53']],
    ['127.0.0.1:5353, 192.0.2.1', ['127.0.0.1:5353', '192.0.2.1']],
    ['2001:db8::53', ['2001:db8::53']],
    ['[2001:db8::53]:5353', ['[2001:db8::53]:5353']],
    ['[::1]', ['::1']],
  ];
  for (const [value, expected] of good) it(`reads ${JSON.stringify(value)}`, () => assert.deepEqual(parseDnsServersSetting(value), expected));
  for (const bad of ['dns.google', '127.0.0.1:0', '127.0.0.1:70000', '300.1.1.1', '127.0.0.1:53:1']) {
    it(`refuses ${JSON.stringify(bad)}`, () => assert.throws(() => parseDnsServersSetting(bad)));
  }
});
