import assert from 'node:assert/strict';
import { createOutbound, type Outbound } from '../../src/net/outbound';
import { expectCode, startDns, startHttp, watchConnections, type TestDns, type TestServer } from './support';

// The SSRF corpus: every private, loopback and metadata target, in every notation, reached directly, through a
// redirect from an allowlisted fixture, and through DNS names. Loopback targets point at `sink`, a server that
// must never see a connection; the connection log proves no socket went anywhere but the fixture.

describe('net/outbound SSRF corpus', () => {
  const log = watchConnections();
  let sink: TestServer;
  let fixture: TestServer;
  let dns: TestDns;
  let outbound: Outbound;

  const literalTargets = (p: number) => [
    `http://127.0.0.1:${p}/`,
    `http://127.1:${p}/`,
    `http://127.0.1:${p}/`,
    `http://2130706433:${p}/`,
    `http://0x7f000001:${p}/`,
    `http://0177.0.0.1:${p}/`,
    `http://0x7f.0.0.1:${p}/`,
    `http://127.0.0.1.:${p}/`,
    `http://127.42.0.1:${p}/`,
    `https://127.0.0.1:${p}/`,
    `http://0.0.0.0:${p}/`,
    `http://0:${p}/`,
    `http://[::]:${p}/`,
    `http://[::1]:${p}/`,
    `http://[0:0:0:0:0:0:0:1]:${p}/`,
    `http://[::ffff:127.0.0.1]:${p}/`,
    `http://[::ffff:7f00:1]:${p}/`,
    `http://[64:ff9b::7f00:1]:${p}/`,
    `http://[2002:7f00:1::]:${p}/`,
    `http://[2001:0:4136:e378:8000:63bf:80ff:fffe]:${p}/`,
    'http://10.0.0.1/',
    'http://012.0.0.1/',
    'http://167772161/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://3232235777/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0xa9fea9fe/latest/meta-data/',
    'http://0251.0376.0251.0376/',
    'http://[::ffff:169.254.169.254]/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://100.64.0.1/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://198.18.0.1/',
    'http://192.0.2.1/',
    'http://240.0.0.1/',
    'http://[ff02::1]/',
    'http://[2001:db8::1]/',
  ];
  // Names served by the test DNS server (or the host map) that land on non-public addresses.
  const nameTargets = (p: number) => [
    `http://loop.evil.test:${p}/`, // A 127.0.0.1
    `http://v6.evil.test:${p}/`, // AAAA ::1
    `http://mapped.evil.test:${p}/`, // AAAA ::ffff:127.0.0.1
    `http://zero.evil.test:${p}/`, // A 0.0.0.0
    `http://mixed.evil.test:${p}/`, // A 127.0.0.1 and 10.0.0.1
    `http://localhost:${p}/`,
    'http://rebind.evil.test/', // A 10.0.0.1
    'http://meta.evil.test/latest/meta-data/', // A 169.254.169.254
    'http://ula.evil.test/', // AAAA fd00::1
    'https://meta.evil.test/',
    'http://hostmapped.test/', // host map → sink, not allowlisted
    'https://hostmapped.test/',
  ];

  before(async () => {
    sink = await startHttp((_req, res) => res.end('reached the sink'));
    fixture = await startHttp((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fixture.test');
      if (url.pathname === '/redirect') {
        res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
      } else if (url.pathname === '/robots.txt') {
        res.writeHead(404).end();
      } else res.end('fixture');
    });
    dns = await startDns({
      'loop.evil.test': { A: ['127.0.0.1'] },
      'v6.evil.test': { AAAA: ['::1'] },
      'mapped.evil.test': { AAAA: ['::ffff:127.0.0.1'] },
      'zero.evil.test': { A: ['0.0.0.0'] },
      'mixed.evil.test': { A: ['127.0.0.1', '10.0.0.1'] },
      localhost: { A: ['127.0.0.1'], AAAA: ['::1'] },
      'rebind.evil.test': { A: ['10.0.0.1'] },
      'meta.evil.test': { A: ['169.254.169.254'] },
      'ula.evil.test': { AAAA: ['fd00::1'] },
    });
    outbound = createOutbound({
      hostMap: new Map([
        ['fixture.test', { ip: '127.0.0.1', port: fixture.port }],
        ['hostmapped.test', { ip: '127.0.0.1', port: sink.port }],
      ]),
      allowlist: ['fixture.test'],
      resolve: dns.resolver,
      timeoutMs: 3000,
    });
  });
  after(async () => {
    await Promise.all([sink.close(), fixture.close(), dns.close()]);
  });

  it('the fixture itself is reachable (allowlisted by name)', async () => {
    const res = await outbound.fetch('http://fixture.test/hello');
    assert.equal(res.text(), 'fixture');
  });

  describe('IP literals, directly', () => {
    it('every notation is refused before any socket', async () => {
      for (const target of literalTargets(sink.port)) {
        const before = log.attempts.length;
        const err = await expectCode(outbound.fetch(target), 'BLOCKED_ADDRESS');
        assert.equal(log.attempts.length, before, `a connection was attempted for ${target}`);
        assert.ok(err.url.startsWith(new URL(target).protocol), err.url);
      }
    });
  });

  describe('IP literals, through a redirect from an allowlisted fixture', () => {
    it('every hop is re-checked', async () => {
      for (const target of literalTargets(sink.port)) {
        const err = await expectCode(outbound.fetch(`http://fixture.test/redirect?to=${encodeURIComponent(target)}`), 'BLOCKED_ADDRESS');
        assert.equal(new URL(err.url).href, new URL(target).href, 'the error names the blocked hop');
      }
    });
  });

  describe('DNS names and host-mapped names', () => {
    it('are refused at connect time, directly', async () => {
      for (const target of nameTargets(sink.port)) await expectCode(outbound.fetch(target), 'BLOCKED_ADDRESS');
    });
    it('are refused at connect time, through a redirect', async () => {
      for (const target of nameTargets(sink.port)) {
        await expectCode(outbound.fetch(`http://fixture.test/redirect?to=${encodeURIComponent(target)}`), 'BLOCKED_ADDRESS');
      }
    });
    it('are refused with robots.txt checks off too', async () => {
      for (const target of nameTargets(sink.port)) await expectCode(outbound.fetch(target, { robots: false }), 'BLOCKED_ADDRESS');
    });
    it('the answers came from the real DNS server', () => {
      for (const q of ['A rebind.evil.test', 'AAAA v6.evil.test', 'A meta.evil.test']) assert.ok(dns.queries.includes(q), q);
    });
  });

  it('a rebinding name (public at preflight, loopback at connect) never reaches the sink', async () => {
    const flips = await startDns({ 'flip.evil.test': (type, n) => (type === 'A' ? [n === 1 ? '93.184.216.34' : '127.0.0.1'] : []) });
    try {
      const flipping = createOutbound({ resolve: flips.resolver, timeoutMs: 3000 });
      await flipping.preflight('flip.evil.test'); // first answer: public, and preflight never connects
      await expectCode(flipping.fetch(`http://flip.evil.test:${sink.port}/`), 'BLOCKED_ADDRESS');
      assert.ok(flips.queries.filter((q) => q === 'A flip.evil.test').length >= 2, 'resolved again at connect time');
    } finally {
      await flips.close();
    }
  });

  it('non-http schemes are BAD_URL, directly and as redirect targets', async () => {
    for (const target of ['file:///etc/passwd', 'gopher://127.0.0.1:70/', 'ftp://fixture.test/', 'data:text/plain,hi', 'javascript:alert(1)']) {
      await expectCode(outbound.fetch(target), 'BAD_URL');
      await expectCode(outbound.fetch(`http://fixture.test/redirect?to=${encodeURIComponent(target)}`), 'BAD_URL');
    }
    await expectCode(outbound.fetch('http://[fe80::1%25eth0]/'), 'BAD_URL'); // zone ids have no URL form
  });

  // Last: mocha runs a suite's own tests before its nested suites.
  describe('afterwards', () => {
    it('nothing but the fixture was ever connected to', () => {
      assert.equal(sink.connections(), 0);
      assert.ok(log.attempts.length > 0);
      for (const a of log.attempts) assert.deepEqual(a, { ip: '127.0.0.1', port: fixture.port });
    });
  });
});
