import assert from 'node:assert/strict';
import { OutboundError, type OutboundErrorCode } from '../../src/net/errors';
import { createOutbound, type Outbound } from '../../src/net/outbound';
import { startDns, watchConnections, type TestDns } from './support';

// preflight validates a user-supplied target before any work starts; it resolves but never connects.

async function expectCode(promise: Promise<unknown>, code: OutboundErrorCode): Promise<void> {
  await assert.rejects(promise, (err: unknown) => {
    assert.ok(err instanceof OutboundError, `expected OutboundError, got ${String(err)}`);
    assert.equal(err.code, code, err.message);
    return true;
  });
}

describe('net/outbound preflight', () => {
  const log = watchConnections();
  let dns: TestDns;
  let outbound: Outbound;
  const fixtureMap = new Map([['fixture.test', { ip: '127.0.0.1', port: 8081 }]]);

  before(async () => {
    dns = await startDns({
      'rebind.evil.test': { A: ['10.0.0.1'] },
      'meta.evil.test': { A: ['169.254.169.254'] },
      'v6.evil.test': { AAAA: ['::1'] },
      'mapped.evil.test': { AAAA: ['::ffff:192.168.0.1'] },
      // One public and one private answer: any refused address refuses the name.
      'mixed.evil.test': { A: ['93.184.216.34', '10.0.0.1'] },
      'public.example.test': { A: ['93.184.216.34'], AAAA: ['2606:2800:220:1:248:1893:25c8:1946'] },
    });
    outbound = createOutbound({ hostMap: fixtureMap, resolve: dns.resolver });
  });
  after(() => dns.close());

  it('refuses non-public IP literals in any notation, bare or in a URL', async () => {
    const targets = [
      '127.0.0.1',
      '2130706433',
      '0x7f000001',
      '0177.0.0.1',
      '127.1',
      '[::1]',
      '::1',
      '::ffff:127.0.0.1',
      'fe80::1%eth0',
      '[fe80::1%25eth0]',
      '169.254.169.254',
      '0xa9fea9fe',
      '10.0.0.1:8080',
      '0.0.0.0',
      '[fd00::1]',
      'http://10.0.0.1/x',
      'https://[::ffff:127.0.0.1]/',
      'http://192.168.0.1:3000/admin',
      'HTTP://100.64.0.1',
    ];
    for (const target of targets) await expectCode(outbound.preflight(target), 'BLOCKED_ADDRESS');
  });

  it('refuses names whose resolved addresses are not all public', async () => {
    for (const name of ['rebind.evil.test', 'meta.evil.test', 'v6.evil.test', 'mapped.evil.test', 'mixed.evil.test', 'https://meta.evil.test/path']) {
      await expectCode(outbound.preflight(name), 'BLOCKED_ADDRESS');
    }
    assert.ok(dns.queries.includes('A mixed.evil.test'), 'resolved through the DNS server');
  });

  it('passes public literals and names', async () => {
    for (const target of ['8.8.8.8', '[2606:4700::1111]', 'https://1.1.1.1/dns', 'public.example.test', 'https://Public.Example.Test./docs']) {
      await outbound.preflight(target);
    }
  });

  it('a host-mapped name needs the allowlist (by name, IP or CIDR)', async () => {
    await expectCode(outbound.preflight('fixture.test'), 'BLOCKED_ADDRESS');
    for (const allowlist of [['fixture.test'], ['127.0.0.1'], ['127.0.0.0/8']]) {
      await createOutbound({ hostMap: fixtureMap, allowlist, resolve: dns.resolver }).preflight('fixture.test');
    }
    await expectCode(createOutbound({ hostMap: fixtureMap, allowlist: ['other.test', '10.0.0.0/8'] }).preflight('fixture.test'), 'BLOCKED_ADDRESS');
  });

  it('an allowlisted literal passes, its neighbours do not', async () => {
    const allowing = createOutbound({ allowlist: ['10.1.0.0/16'], resolve: dns.resolver });
    await allowing.preflight('10.1.2.3');
    await expectCode(allowing.preflight('10.2.0.1'), 'BLOCKED_ADDRESS');
  });

  it('garbage is BAD_URL', async () => {
    const garbage = [
      'http://',
      'exa mple.com',
      'ftp://x',
      '',
      '   ',
      'http://exa mple.com/',
      'user@example.com',
      'example.com/path',
      'example.com?q',
      '1.2.3.4.5',
      '256.0.0.1',
      '[::1',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'http://[fe80::1%25eth0]/',
      'example.com:99999',
    ];
    for (const g of garbage) await expectCode(outbound.preflight(g), 'BAD_URL');
  });

  it('a name that does not resolve is NETWORK, not BAD_URL', async () => {
    await expectCode(outbound.preflight('nxdomain.evil.test'), 'NETWORK');
  });

  it('rejects a malformed configuration up front', () => {
    assert.throws(() => createOutbound({ allowlist: ['10.0.0.0/40'] }), /allowlist/);
    assert.throws(() => createOutbound({ hostMap: new Map([['x.test', { ip: 'localhost' }]]) }), /host map/);
    assert.throws(() => createOutbound({ maxBytes: 0 }), /maxBytes/);
  });

  describe('afterwards', () => {
    it('never opened a connection', () => assert.deepEqual(log.attempts, []));
  });
});
