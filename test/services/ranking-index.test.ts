import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { termsOf } from '../../src/domain/ranking/terms';
import { rankingIndex } from '../../src/services/ranking-index';
import { CATEGORIES } from '../../src/domain/taxonomy';
import { createDb, type Db, migrateLatest } from '../../src/store/db';
import { syncCategories } from '../../src/store/products';
import { createScratchDatabase, getInfra } from '../support/infra';
import { addProducts } from '../support/products';

// The ranking index lives in each process's memory; other processes (or an operator's SQL) change the
// products under it. Every change must reach it: written rows by their updated_at (a trigger stamps every
// UPDATE), removed rows by the removal stamp a statement trigger keeps in registry_state.
describe('the ranking index follows the products table', function () {
  this.timeout(60_000);
  let db: Db;
  const tag = randomBytes(3).toString('hex');
  const slugs = { kelp: `kelpwise-${tag}`, reef: `reefcount-${tag}` };
  const top = async (query: string) => {
    const index = await rankingIndex(db, { fresh: true });
    return index
      .score(
        termsOf(query).map((term) => ({ term, weight: 1 })),
        undefined,
        5,
      )
      .map((hit) => index.product(hit.slot).slug);
  };

  before(async () => {
    const url = await createScratchDatabase(getInfra().databaseUrl, `agentdex_rankindex_${randomBytes(4).toString('hex')}`);
    db = createDb({ url, poolMax: 2 });
    await migrateLatest(db);
    await syncCategories(db, CATEGORIES);
    await addProducts(db, [
      { slug: slugs.kelp, name: 'Kelpwise', description: 'Seaweed farm yield forecasts' },
      { slug: slugs.reef, name: 'Reefcount', description: 'Coral reef fish census from dive logs' },
    ]);
  });
  after(async () => {
    await db?.destroy();
  });

  it('orders products that tie exactly by slug, the same in every database (not by their random ids)', async () => {
    // Six twins: their ids (random) come in slug order by chance once in 720 databases.
    const twins = ['f', 'b', 'e', 'a', 'd', 'c'].map((letter) => `tidewatch-${tag}-${letter}`);
    await addProducts(
      db,
      twins.map((slug) => ({ slug, name: 'Tidewatch', description: 'Tide gauge readings for harbours' })),
    );
    assert.deepEqual(await top('tide gauge harbours'), [...twins].sort().slice(0, 5));
    await db('products').whereIn('slug', twins).del();
  });

  it('sees a product written by plain SQL', async () => {
    assert.deepEqual(await top('lighthouse'), []);
    await db('products').where({ slug: slugs.kelp }).update({ description: 'Seaweed farm yield forecasts near every lighthouse' });
    assert.deepEqual(await top('lighthouse'), [slugs.kelp]);
  });

  it('re-reading the lookback replaces nothing: the generation (and the cached rankings) hold', async () => {
    const first = (await rankingIndex(db, { fresh: true })).generation;
    const again = (await rankingIndex(db, { fresh: true })).generation;
    assert.equal(again, first);
    await db('products').where({ slug: slugs.kelp }).update({ readiness: 12 });
    assert.ok((await rankingIndex(db, { fresh: true })).generation > again, 'a new version moves it');
  });

  it('drops a product deleted by plain SQL, by rebuilding on the removal stamp', async () => {
    assert.deepEqual(await top('coral'), [slugs.reef]);
    const before = await db('registry_state').where({ key: 'products-removed' }).first();
    await db('products').where({ slug: slugs.reef }).del();
    const after = await db('registry_state').where({ key: 'products-removed' }).first();
    assert.ok(after && after.value !== before?.value, 'the delete stamped the registry');
    assert.deepEqual(await top('coral'), []);
    assert.deepEqual(await top('seaweed'), [slugs.kelp], 'the rest of the registry is still indexed');
  });
});
