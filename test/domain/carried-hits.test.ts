import assert from 'node:assert/strict';
import { carry, hitsOf, packHits } from '../../src/domain/carried-hits';
import type { RankedProduct } from '../../src/domain/ranked-product';

const hit = (i: number, o: Partial<RankedProduct> = {}): RankedProduct => ({
  slug: `product-${i}`,
  name: `Product ${i}`,
  domain: `product-${i}.example.com`,
  readiness: 20 + i,
  match: Math.round((0.9 - i / 50) * 100) / 100,
  matched: i % 2 ? ['email.send'] : ['email.send', 'email.inbound'],
  words: ['send', 'transactional', 'email'].slice(0, 1 + (i % 3)),
  ...o,
});

describe('carried hits', () => {
  const cases: Array<[string, RankedProduct[]]> = [
    ['no hits', []],
    ['one hit with nothing matched', [hit(0, { matched: [], words: [] })]],
    ['twenty hits sharing words and capabilities', Array.from({ length: 20 }, (_, i) => hit(i))],
    ['a word that is also a capability id', [hit(0, { matched: ['search'], words: ['search'] }), hit(1, { matched: [], words: ['search', 'web'] })]],
    ['words as written, case kept', [hit(0, { words: ['LLM', 'llm', 'Fallbacks'] })]],
  ];
  for (const [title, hits] of cases) {
    it(`packs and unpacks to the same products: ${title}`, () => {
      const packed = packHits(hits);
      assert.deepEqual(hitsOf(JSON.parse(JSON.stringify(packed))), hits);
      assert.equal(new Set(packed.terms).size, packed.terms.length, 'each term once');
    });
  }

  it('carries twenty hits in well under half the bytes', () => {
    const hits = Array.from({ length: 20 }, (_, i) => hit(i));
    const plain = JSON.stringify({ task: 't', capabilities: ['email.send'], hits }).length;
    const carried = JSON.stringify(carry({ task: 't', capabilities: ['email.send'], hits })).length;
    assert.ok(carried < plain * 0.5, `${carried} of ${plain} bytes`);
  });

  it('keeps the rest of what was found', () => {
    const carried = carry({ task: 't', capabilities: ['a'], hits: [hit(0)], note: 'weak', discovered: 2 });
    assert.deepEqual({ ...carried, hits: undefined }, { task: 't', capabilities: ['a'], note: 'weak', discovered: 2, hits: undefined });
  });

  it('reads hits recorded whole (a history from before the packing) as they were', () => {
    const hits = [hit(0), hit(1)];
    assert.deepEqual(hitsOf(hits), hits);
  });

  it('reads a hit recorded before match and words existed as a match of 0 and no words', () => {
    const old = { slug: 'portkey', name: 'Portkey', domain: 'portkey.ai', readiness: 23, matched: ['ai.gateway'] } as unknown as RankedProduct;
    assert.deepEqual(hitsOf([old]), [{ ...old, match: 0, words: [] }]);
  });
});
