import assert from 'node:assert/strict';
import { BM25F_PARAMS } from '../../../src/domain/ranking/params';
import { type Field, type ProductDocument, ProductIndex, REQUIREMENT_BITS, type WeightedTerm } from '../../../src/domain/ranking/product-index';
import { stemOf } from '../../../src/domain/ranking/terms';

function doc(id: string, name: string, description: string, o: Partial<Record<Field, string>> & { flags?: number; readiness?: number } = {}): ProductDocument {
  return {
    id,
    slug: id,
    name,
    domain: `${id}.dev`,
    readiness: o.readiness ?? 50,
    flags: o.flags ?? 0,
    categories: [],
    capabilities: [],
    fields: { name, description, queries: o.queries ?? '', categories: o.categories ?? '', audit: o.audit ?? '' },
  };
}

const q = (...words: string[]): WeightedTerm[] => words.map((w) => ({ term: stemOf(w), weight: 1 }));

/** The ids of a query's hits, best first. */
function idsFor(index: ProductIndex, query: WeightedTerm[], keep?: (slot: number) => boolean, limit?: number): string[] {
  return index.score(query, keep, limit).map((h) => index.product(h.slot).id);
}

// A small registry: "tracking" is common, "geocoding" and "invoice" rare.
const registry = () => [
  doc('geo-name', 'Geocoding Pro', 'Maps toolkit for developers with address tracking'),
  doc('geo-desc', 'Mapstack', 'Maps toolkit for developers with geocoding support'),
  doc('ledger', 'Ledgerly', 'Invoice tracking for freelancers', { flags: REQUIREMENT_BITS.api }),
  doc('parcel', 'Parcelwise', 'Shipment tracking across carriers', { flags: REQUIREMENT_BITS.api | REQUIREMENT_BITS.mcp }),
  doc('fleet', 'Fleetline', 'Vehicle tracking and routing', { flags: REQUIREMENT_BITS.mcp }),
  doc('habit', 'Habitly', 'Habit tracking for teams'),
  doc('pulse', 'Pulseboard', 'Uptime tracking and status pages'),
  doc('quill', 'Quill', 'Protein folding notebooks', { audit: 'notebooks for scientists' }),
];

describe('product index (BM25F)', () => {
  it('ranks a product whose name holds the word above one whose description only mentions it', () => {
    const index = ProductIndex.build(registry(), BM25F_PARAMS);
    assert.deepEqual(idsFor(index, q('geocoding')), ['geo-name', 'geo-desc']);
  });

  it('weighs a field by its BM25F weight: zero weight on the name makes the description win', () => {
    const params = { ...BM25F_PARAMS, fields: { ...BM25F_PARAMS.fields, name: { weight: 0, b: 0.5 } } };
    const index = ProductIndex.build(registry(), params);
    assert.deepEqual(idsFor(index, q('geocoding')), ['geo-desc']);
  });

  it('lets a rare word outweigh a common one (IDF)', () => {
    const index = ProductIndex.build(registry(), BM25F_PARAMS);
    assert.ok(index.idf(stemOf('invoice')) > index.idf(stemOf('tracking')));
    // "Ledgerly" holds both; among the rest, only the rare word's holder leads the common word's holders.
    const ids = idsFor(index, q('invoice', 'tracking'));
    assert.equal(ids[0], 'ledger');
    const withRare = ProductIndex.build([...registry(), doc('bill', 'Billbox', 'Invoice templates for teams')], BM25F_PARAMS);
    const scores = new Map(withRare.score(q('invoice', 'tracking')).map((h) => [withRare.product(h.slot).id, h.score]));
    for (const common of ['habit', 'pulse', 'fleet', 'parcel']) assert.ok(scores.get('bill')! > scores.get(common)!, common);
  });

  it('reports which query terms each hit holds as bits', () => {
    const index = ProductIndex.build(registry(), BM25F_PARAMS);
    const hits = index.score(q('invoice', 'tracking', 'carriers'));
    const bits = (id: string) => hits.find((h) => index.product(h.slot).id === id)?.matched;
    assert.equal(bits('ledger'), 0b011);
    assert.equal(bits('parcel'), 0b110);
    assert.equal(bits('habit'), 0b010);
  });

  it('never returns a removed product', () => {
    const index = ProductIndex.build(registry(), BM25F_PARAMS);
    const before = index.generation;
    index.remove('ledger');
    assert.ok(!idsFor(index, q('invoice', 'tracking')).includes('ledger'));
    assert.deepEqual(idsFor(index, q('invoice')), []);
    assert.equal(index.size, registry().length - 1);
    assert.equal(index.slotOfId('ledger'), undefined);
    assert.ok(index.generation > before);
    assert.deepEqual(index.productsNamed('ledgerly'), []);
  });

  it('removing an unknown id changes nothing', () => {
    const index = ProductIndex.build(registry(), BM25F_PARAMS);
    index.remove('nope');
    assert.equal(index.size, registry().length);
    assert.equal(index.generation, 0);
  });

  it('finds an updated product by its new text and no longer by its old text', () => {
    const index = ProductIndex.build(registry(), BM25F_PARAMS);
    index.upsert(doc('quill', 'Quill', 'Spreadsheet formulas explained'));
    assert.deepEqual(idsFor(index, q('spreadsheet')), ['quill']);
    assert.deepEqual(idsFor(index, q('protein')), []);
    assert.deepEqual(idsFor(index, q('scientists')), []);
    assert.equal(index.size, registry().length);
    assert.equal(index.changedSinceBuild, 1);
  });

  it('adds a new product after the build', () => {
    const index = ProductIndex.build(registry(), BM25F_PARAMS);
    index.upsert(doc('sms', 'Textwave', 'SMS verification codes'));
    assert.deepEqual(idsFor(index, q('verification')), ['sms']);
    assert.deepEqual(index.productsNamed('textwave'), [index.slotOfId('sms')]);
  });

  it('drops products the keep filter rejects', () => {
    const index = ProductIndex.build(registry(), BM25F_PARAMS);
    const mcp = (slot: number) => (index.product(slot).flags & REQUIREMENT_BITS.mcp) !== 0;
    assert.deepEqual(idsFor(index, q('tracking'), mcp).sort(), ['fleet', 'parcel']);
  });

  const limits: Array<[number, number]> = [
    [1, 1],
    [3, 3],
    [100, 6],
  ];
  for (const [limit, expected] of limits) {
    it(`returns at most ${limit} hits, the best of them`, () => {
      const index = ProductIndex.build(registry(), BM25F_PARAMS);
      const all = index.score(q('tracking', 'carriers'));
      const top = index.score(q('tracking', 'carriers'), undefined, limit);
      assert.equal(top.length, expected);
      assert.deepEqual(
        top.map((h) => h.slot),
        all.slice(0, limit).map((h) => h.slot),
      );
      for (let i = 1; i < top.length; i++) assert.ok(top[i - 1].score >= top[i].score);
    });
  }

  it('reads a term frequency only where the document holds it, more for a repeated word', () => {
    const index = ProductIndex.build([doc('a', 'Alpha', 'zebra zebra lion'), doc('b', 'Beta', 'zebra lion tiger')], BM25F_PARAMS);
    const [a, b] = ['a', 'b'].map((id) => index.slotOfId(id)!);
    assert.equal(index.frequency(a, 'tiger'), 0);
    assert.ok(index.frequency(b, 'tiger') > 0);
    assert.ok(index.frequency(a, 'zebra') > index.frequency(b, 'zebra'));
  });

  it('finds products by their name words, lower-cased', () => {
    const index = ProductIndex.build(registry(), BM25F_PARAMS);
    assert.deepEqual(index.productsNamed('geocoding pro'), [index.slotOfId('geo-name')]);
    assert.deepEqual(index.productsNamed('geocoding'), []);
  });

  describe('typo correction', () => {
    const cases: Array<[string, string | undefined]> = [
      ['geocodng', 'geocoding'],
      ['shipmnet', 'shipment'],
      ['carreirs', 'carriers'],
      // A word the documents hold is no typo.
      ['geocoding', undefined],
      // A common English word the registry lacks is no typo, however near a registry word ("routing").
      ['routine', undefined],
      // Another form of a word the documents hold is no typo either.
      ['folded', undefined],
      // Short words are never corrected.
      ['maqs', undefined],
      // The first letter is never changed.
      ['keocoding', undefined],
      // Too far from any word.
      ['gxxxxxing', undefined],
    ];
    for (const [word, expected] of cases) {
      it(`${word} → ${expected ?? '(none)'}`, () => {
        const index = ProductIndex.build(registry(), BM25F_PARAMS);
        assert.equal(index.correct(word), expected);
      });
    }
  });
});
