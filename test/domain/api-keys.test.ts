import assert from 'node:assert/strict';
import { hashApiKey, isWellFormedApiKey, mintApiKey } from '../../src/domain/api-keys';

describe('api key minting', () => {
  it('mints adx_ + 32 base62 characters, a SHA-256 hash and a short display prefix', () => {
    const k = mintApiKey();
    assert.match(k.raw, /^adx_[0-9A-Za-z]{32}$/);
    assert.equal(k.hash, hashApiKey(k.raw));
    assert.match(k.hash, /^[0-9a-f]{64}$/);
    assert.ok(k.raw.startsWith(k.prefix) && k.prefix.length === 10);
  });

  it('never repeats across many mints', () => {
    const seen = new Set(Array.from({ length: 2000 }, () => mintApiKey().raw));
    assert.equal(seen.size, 2000);
  });

  const shapes: Array<[string, boolean]> = [
    [`adx_${'a'.repeat(32)}`, true],
    [`adx_${'a'.repeat(31)}`, false],
    [`adx_${'a'.repeat(31)}!`, false],
    [`sk_${'a'.repeat(33)}`, false],
    ['', false],
  ];
  for (const [raw, ok] of shapes) {
    it(`judges ${JSON.stringify(raw.slice(0, 12))}… (${raw.length} chars) ${ok ? 'well formed' : 'malformed'}`, () => {
      assert.equal(isWellFormedApiKey(raw), ok);
    });
  }
});
