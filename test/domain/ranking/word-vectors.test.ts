import assert from 'node:assert/strict';
import { productDocument } from '../../../src/domain/ranking/documents';
import { BM25F_PARAMS } from '../../../src/domain/ranking/params';
import { ProductIndex } from '../../../src/domain/ranking/product-index';
import { readTaskQuery } from '../../../src/domain/ranking/query';
import { rankTask } from '../../../src/domain/ranking/rank';
import { SlotVectors, type WordVectorData, WordVectors } from '../../../src/domain/ranking/word-vectors';
import { capabilityTexts } from '../../../src/services/capability-vocabulary';
import { wordVectors } from '../../../src/services/word-vectors';

const words = (text: string) => text.split(' ').map((word) => ({ word, weight: 1 }));
const cosine = (a: Float32Array, b: Float32Array) => a.reduce((n, x, i) => n + x * b[i], 0);

describe('static word vectors (data/word-vectors.json)', () => {
  const vectors = wordVectors();

  // Texts sharing no word: the first pair speak of one thing, the second of two.
  const pairs: Array<[string, string, string]> = [
    ['high tide at the marina', 'harbour conditions for sailors', 'invoices for accountants'],
    ['cook pasta for dinner', 'recipes and ingredients', 'server uptime monitoring'],
    ['hotel to stay in london', 'book rooms and accommodation', 'transcribe audio recordings'],
    ['stock price of nvidia shares', 'market data for equities', 'wedding photography'],
  ];
  for (const [text, near, far] of pairs) {
    it(`"${text}" is closer to "${near}" than to "${far}"`, () => {
      const [t, n, f] = [text, near, far].map((x) => vectors.textVector(words(x))!);
      assert.ok(cosine(t, n) > cosine(t, f), `${cosine(t, n).toFixed(3)} vs ${cosine(t, f).toFixed(3)}`);
    });
  }

  it('gives unit vectors, and none for words it does not know or weights of 0', () => {
    const v = vectors.textVector(words('send email'))!;
    assert.ok(Math.abs(cosine(v, v) - 1) < 1e-5);
    assert.equal(vectors.textVector(words('zzqxv qqzzv')), undefined);
    assert.equal(vectors.textVector([{ word: 'email', weight: 0 }]), undefined);
  });

  it('refuses data whose components do not match its words', () => {
    const data: WordVectorData = { dimensions: 2, words: ['a', 'b'], scales: [1, 1], vectors: Buffer.from([1, 2, 3]).toString('base64') };
    assert.throws(() => WordVectors.fromData(data), /do not match/);
  });
});

describe('slot vectors: closeness above the average product', () => {
  const data: WordVectorData = {
    dimensions: 2,
    words: ['east', 'north', 'northeast'],
    scales: [1 / 127, 1 / 127, 1 / 127],
    vectors: Buffer.from(Int8Array.from([127, 0, 0, 127, 90, 90]).buffer).toString('base64'),
  };
  const vectors = WordVectors.fromData(data);
  const slots = new SlotVectors(vectors);
  slots.set(0, vectors.textVector(words('east')));
  slots.set(1, vectors.textVector(words('north')));
  slots.set(3, undefined);

  const cases: Array<{ task: string; slot: number; expected: number | undefined }> = [
    // The products' mean is north-east: east's cosine with it is 0.71, so east itself reads as 1 and north as 0.
    { task: 'east', slot: 0, expected: 1 },
    { task: 'east', slot: 1, expected: 0 },
    { task: 'north', slot: 1, expected: 1 },
    // Exactly as close to both as the average: nothing above the baseline.
    { task: 'northeast', slot: 0, expected: 0 },
    { task: 'east', slot: 3, expected: undefined },
    { task: 'east', slot: 7, expected: undefined },
  ];
  for (const c of cases) {
    it(`"${c.task}" against slot ${c.slot}: ${c.expected}`, () => {
      const got = slots.similarity(c.slot, vectors.textVector(words(c.task))!);
      if (c.expected === undefined) assert.equal(got, undefined);
      else assert.ok(Math.abs(got! - c.expected) < 0.02, `${got}`);
    });
  }
});

describe('the ranking with word vectors', () => {
  // Both name the task's one distinctive word; the laundry brand is readier, so words alone put it first.
  const products = [
    { id: 'tidewatch', name: 'Tidewatch', description: 'Tide times and harbour conditions for marinas', readiness: 20 },
    { id: 'tidebright', name: 'Tidebright', description: 'Tide laundry detergent coupons and stain removal tips', readiness: 90 },
    { id: 'ledgerly', name: 'Ledgerly', description: 'Invoices and bookkeeping for freelancers', readiness: 50 },
  ];
  const build = (withVectors: boolean) =>
    ProductIndex.build(
      products.map((p) =>
        productDocument({
          ...p,
          slug: p.id,
          domain: `${p.id}.com`,
          requirements: { api: true, mcp: false, self_serve: true, openapi: false, cli: false },
          auditText: '',
          categories: [],
          capabilities: [],
        }),
      ),
      BM25F_PARAMS,
      withVectors ? wordVectors() : undefined,
    );
  const first = (index: ProductIndex) => {
    const texts = capabilityTexts();
    const query = readTaskQuery('when is the next high tide for my sailing trip', (w) => texts.uses(w));
    return rankTask({ index, capabilityTexts: texts, query, capabilities: [], limit: 3 }).results[0];
  };

  it('puts the product closer in meaning first among equal word matches', () => {
    assert.equal(first(build(false)).slug, 'tidebright', 'without vectors the readier product leads');
    const top = first(build(true));
    assert.equal(top.slug, 'tidewatch');
    assert.ok(top.match > 0 && top.match <= 1);
  });
});
