import assert from 'node:assert/strict';
import { listRegistry } from '../../src/store/products';
import { getInfra } from '../support/infra';

describe('readiness copies (category listings)', () => {
  it('follow a readiness written to products by any statement, so listings stay in readiness order', async () => {
    const { db } = getInfra();
    const tagged = await db('product_categories as pk')
      .join('products as p', 'p.id', 'pk.product_id')
      .where('p.readiness', '<', 90) // so that only a followed copy can put it first
      .first('p.id', 'p.slug', 'p.readiness', 'pk.category_slug');
    assert.ok(tagged, 'the seed has a product with a category');
    try {
      // A bare UPDATE, as an operator or a test would write it: no store function keeps the copies.
      await db('products').where({ id: tagged.id }).update({ readiness: 100 });
      const [top] = await listRegistry(db, { category: tagged.category_slug, minScore: 0, limit: 1 });
      assert.deepEqual([top.slug, top.readiness], [tagged.slug, 100]);
    } finally {
      await db('products').where({ id: tagged.id }).update({ readiness: tagged.readiness });
    }
    const copies = await db('product_categories').where({ product_id: tagged.id }).pluck('readiness');
    assert.ok(
      copies.every((r: number) => r === tagged.readiness),
      'restored in every copy',
    );
  });
});
