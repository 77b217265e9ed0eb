import assert from 'node:assert/strict';
import { classifyAddress, isAllowlisted, parseHostLiteral, type AddressClass } from '../../src/net/address-policy';
import { parseAllowlistSetting, parseHostMapSetting } from '../../src/net/settings';

describe('net/address-policy', () => {
  describe('classifyAddress', () => {
    const table: [string, AddressClass][] = [
      // public
      ['8.8.8.8', 'public'],
      ['1.1.1.1', 'public'],
      ['93.184.216.34', 'public'],
      ['2606:4700::1111', 'public'],
      ['2a00:1450:4001:82b::200e', 'public'],
      ['::ffff:8.8.8.8', 'public'], // mapped public v4
      ['64:ff9b::808:808', 'public'], // NAT64 of 8.8.8.8
      ['2002:808:808::1', 'public'], // 6to4 of 8.8.8.8
      ['100.63.255.255', 'public'], // just below CGNAT
      ['100.128.0.0', 'public'], // just above CGNAT
      ['172.15.255.255', 'public'],
      ['172.32.0.0', 'public'],
      ['169.253.255.255', 'public'],
      ['11.0.0.0', 'public'],
      // IPv4 special ranges
      ['0.0.0.0', 'unspecified'],
      ['0.1.2.3', 'unspecified'],
      ['10.0.0.1', 'private'],
      ['10.255.255.255', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.254', 'private'],
      ['192.168.1.1', 'private'],
      ['100.64.0.1', 'carrier-grade-nat'],
      ['100.127.255.254', 'carrier-grade-nat'],
      ['127.0.0.1', 'loopback'],
      ['127.255.255.254', 'loopback'],
      ['169.254.169.254', 'link-local'],
      ['169.254.0.1', 'link-local'],
      ['224.0.0.1', 'multicast'],
      ['239.255.255.250', 'multicast'],
      ['255.255.255.255', 'broadcast'],
      ['240.0.0.1', 'reserved'],
      ['192.0.0.8', 'reserved'],
      ['192.88.99.1', 'reserved'],
      ['192.0.2.1', 'documentation'],
      ['198.51.100.7', 'documentation'],
      ['203.0.113.9', 'documentation'],
      ['198.18.0.1', 'benchmarking'],
      ['198.19.255.254', 'benchmarking'],
      // IPv4 notations
      ['2130706433', 'loopback'],
      ['0x7f000001', 'loopback'],
      ['0X7F000001', 'loopback'],
      ['0177.0.0.1', 'loopback'],
      ['0177.0.0.01', 'loopback'],
      ['127.1', 'loopback'],
      ['127.0.1', 'loopback'],
      ['0x7f.1', 'loopback'],
      ['127.0.0.1.', 'loopback'],
      ['012.0.0.1', 'private'], // octal 10
      ['3232235777', 'private'], // 192.168.1.1
      ['0xa9fea9fe', 'link-local'], // 169.254.169.254
      ['0251.0376.0251.0376', 'link-local'],
      ['0', 'unspecified'],
      // IPv6 special ranges
      ['::', 'unspecified'],
      ['::1', 'loopback'],
      ['0:0:0:0:0:0:0:1', 'loopback'],
      ['[::1]', 'loopback'],
      ['fe80::1', 'link-local'],
      ['febf:ffff::1', 'link-local'],
      ['fe80::1%eth0', 'link-local'],
      ['[fe80::1%25eth0]', 'link-local'],
      ['fc00::1', 'unique-local'],
      ['fd12:3456:789a::1', 'unique-local'],
      ['fec0::1', 'site-local'],
      ['ff02::1', 'multicast'],
      ['2001:db8::1', 'documentation'],
      ['3fff::1', 'documentation'],
      ['2001:2::1', 'benchmarking'],
      ['100::1', 'discard'],
      ['64:ff9b:1::a00:1', 'nat64-local'],
      ['2001:10::1', 'reserved'], // ORCHID, inside 2001::/23
      ['::7f00:1', 'reserved'], // deprecated IPv4-compatible form
      ['4000::1', 'reserved'], // outside 2000::/3
      // IPv6 forms embedding IPv4: the embedded address decides
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['[::ffff:127.0.0.1]', 'loopback'],
      ['0:0:0:0:0:ffff:7f00:0001', 'loopback'],
      ['::ffff:10.0.0.1', 'private'],
      ['::ffff:169.254.169.254', 'link-local'],
      ['::ffff:0.0.0.0', 'unspecified'],
      ['::ffff:0:127.0.0.1', 'loopback'], // RFC 6145 translated
      ['64:ff9b::127.0.0.1', 'loopback'], // NAT64
      ['64:ff9b::a9fe:a9fe', 'link-local'],
      ['2002:7f00:1::1', 'loopback'], // 6to4
      ['2002:c0a8:101::', 'private'],
      ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'], // Teredo, client 127.0.0.1 (bit-inverted)
      ['2001:0:a00:1:8000:63bf:f7f7:f7f7', 'private'], // Teredo, server 10.0.0.1
      ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'public'], // Teredo, server 65.54.227.120, client 8.8.8.8
      // not addresses
      ['example.com', 'invalid'],
      ['', 'invalid'],
      ['1.2.3.4.5', 'invalid'],
      ['256.0.0.1', 'invalid'],
      ['08.0.0.1', 'invalid'],
      ['::ffff:1.2.3', 'invalid'],
    ];
    for (const [ip, expected] of table) {
      it(`${JSON.stringify(ip)} → ${expected}`, () => assert.equal(classifyAddress(ip), expected));
    }
  });

  describe('parseHostLiteral agrees with the WHATWG URL parser', () => {
    const hosts = ['2130706433', '0x7f000001', '0177.0.0.1', '127.1', '0x7f.1', '127.0.0.1.', '0', '0xa9fea9fe', '1.0x2.03.4', '4294967295'];
    for (const host of hosts) {
      it(host, () => {
        const parsed = parseHostLiteral(host);
        assert.equal(parsed.kind, 'ipv4');
        assert.equal(parsed.kind === 'ipv4' && parsed.ip, new URL(`http://${host}/`).hostname);
      });
    }
    for (const host of ['4294967296', '1.2.3.4.5', '256.1.1.1', '0x100.1.1.1', '1.2.3.09', 'foo.123']) {
      it(`${host} is invalid, as for URLs`, () => {
        assert.equal(parseHostLiteral(host).kind, 'invalid');
        assert.throws(() => new URL(`http://${host}/`));
      });
    }
    it('normalises names and IPv6', () => {
      assert.deepEqual(parseHostLiteral('Example.COM.'), { kind: 'name', name: 'example.com' });
      assert.deepEqual(parseHostLiteral('[0:0::0:1]'), { kind: 'ipv6', ip: '::1' });
      assert.deepEqual(parseHostLiteral('fe80::1%eth0'), { kind: 'ipv6', ip: 'fe80::1%eth0' });
      assert.equal(parseHostLiteral('exa mple.com').kind, 'invalid');
      assert.equal(parseHostLiteral('[example.com]').kind, 'invalid');
    });
  });

  describe('isAllowlisted', () => {
    const list = ['fixture.test', '10.1.0.0/16', '192.168.5.5', 'fd00::/8', '::1'];
    const table: [string, boolean][] = [
      ['fixture.test', true],
      ['FIXTURE.test.', true],
      ['sub.fixture.test', false], // exact names only
      ['other.test', false],
      ['10.1.2.3', true],
      ['0x0a010203', true], // same address, hex
      ['10.2.0.1', false],
      ['192.168.5.5', true],
      ['192.168.5.6', false],
      ['::ffff:10.1.2.3', true], // mapped matches as IPv4
      ['fd00::5', true],
      ['fe80::5', false],
      ['[::1]', true],
      ['127.0.0.1', false],
      ['', false],
    ];
    for (const [host, expected] of table) {
      it(`${JSON.stringify(host)} → ${expected}`, () => assert.equal(isAllowlisted(host, list), expected));
    }
    it('an empty list allows nothing', () => assert.equal(isAllowlisted('127.0.0.1', []), false));
  });

  describe('settings parsers', () => {
    it('parses OUTBOUND_HOST_MAP pairs', () => {
      const map = parseHostMapSetting(' acme.test=127.0.0.1:8081, V6.test=[::1]:8082,plain.test=127.0.0.2 ');
      assert.deepEqual(
        [...map],
        [
          ['acme.test', { ip: '127.0.0.1', port: 8081 }],
          ['v6.test', { ip: '::1', port: 8082 }],
          ['plain.test', { ip: '127.0.0.2' }],
        ],
      );
      assert.equal(parseHostMapSetting(undefined).size, 0);
      for (const bad of ['acme.test', 'acme.test=localhost:80', 'acme.test=127.0.0.1:0', '1.2.3.4=127.0.0.1:80']) {
        assert.throws(() => parseHostMapSetting(bad), /name=ip:port/);
      }
    });
    it('parses OUTBOUND_ALLOWLIST entries', () => {
      assert.deepEqual(parseAllowlistSetting('fixture.test, 127.0.0.0/8,::1'), ['fixture.test', '127.0.0.0/8', '::1']);
      assert.deepEqual(parseAllowlistSetting(''), []);
      assert.throws(() => parseAllowlistSetting('10.0.0.0/33'), /CIDR/);
      assert.throws(() => parseAllowlistSetting('exa mple'), /CIDR/);
    });
  });
});
