import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../src/config';

describe('config', () => {
  it('applies documented defaults', () => {
    const c = loadConfig({});
    assert.equal(c.port, 3000);
    assert.equal(c.publicBaseUrl, 'http://localhost:3000');
    assert.equal(c.database.url, undefined);
    assert.equal(c.temporal.address, undefined);
    assert.equal(c.temporal.namespace, 'default');
  });

  const bad: Array<[string, Record<string, string>, RegExp]> = [
    ['a non-numeric PORT', { PORT: 'eighty' }, /PORT/],
    ['an out-of-range PORT', { PORT: '70000' }, /PORT/],
    ['a DATABASE_URL that is not a URL', { DATABASE_URL: 'not a url' }, /DATABASE_URL/],
    ['an unknown LOG_LEVEL', { LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    ['a non-boolean TRUST_PROXY', { TRUST_PROXY: 'maybe' }, /TRUST_PROXY/],
    ['a client cert without its key', { TEMPORAL_TLS_CERT_PATH: '/x.pem' }, /TEMPORAL_TLS_KEY_PATH/],
    ['a DNS_SERVERS entry that is no IP address', { DNS_SERVERS: '127.0.0.1:5353,dns.google' }, /DNS_SERVERS.*dns\.google/],
  ];
  for (const [what, env, names] of bad) {
    it(`stops on ${what}, naming the variable`, () => {
      assert.throws(
        () => loadConfig(env),
        (err: unknown) => err instanceof ConfigError && names.test(err.message),
      );
    });
  }

  it('strips a trailing slash from PUBLIC_BASE_URL and treats blank optionals as unset', () => {
    const c = loadConfig({ PUBLIC_BASE_URL: 'https://api.agentdex.dev/', DATABASE_URL: '  ', TEMPORAL_API_KEY: 'k' });
    assert.equal(c.publicBaseUrl, 'https://api.agentdex.dev');
    assert.equal(c.database.url, undefined);
    assert.ok(c.temporal.tls, 'an API key implies TLS (Temporal Cloud)');
  });
});
