import assert from 'node:assert/strict';
import { CATEGORY_SLUGS } from '../../src/domain/taxonomy';
import { loadRegistrySeed, readSeedFile } from '../../src/services/registry-seed';
import { createDb, migrateLatest, type Db } from '../../src/store/db';
import { createScratchDatabase, getInfra } from '../support/infra';

describe('registry seed', () => {
  const seed = readSeedFile();

  it('is a well-formed seed of well over 2,000 real products', () => {
    assert.ok(seed.products.length > 2000, `${seed.products.length} products`);
    const domains = new Set(seed.products.map((p) => p.domain));
    const slugs = new Set(seed.products.map((p) => p.slug));
    assert.equal(domains.size, seed.products.length, 'one product per domain');
    assert.equal(slugs.size, seed.products.length, 'unique slugs');
    for (const p of seed.products) {
      assert.match(p.slug, /^[a-z0-9][a-z0-9-]*$/, p.slug);
      assert.match(p.domain, /^[a-z0-9.-]+\.[a-z]{2,}$/, p.domain);
      assert.ok(p.categories.length >= 1 && p.categories.every((c) => CATEGORY_SLUGS.has(c)), `${p.slug}: ${p.categories}`);
    }
    const usedCategories = new Set(seed.products.flatMap((p) => p.categories));
    assert.equal(usedCategories.size, CATEGORY_SLUGS.size, 'every category has products');
    assert.ok(seed.sources.length === 3 && seed.sources.every((s) => s.license === 'MIT'));
  });

  it('attaches vendor MCP servers to vendors, never lists a repository as a product', () => {
    assert.ok(!seed.products.some((p) => /^io\.github\./.test(p.name)), 'no MCP registry name listed as a product');
    assert.deepEqual(
      seed.products.filter((p) => p.domain === 'github.com').map((p) => p.name),
      ['GitHub'],
      'github.com is GitHub itself, not repositories',
    );
    const withServers = seed.products.filter((p) => p.mcpServers?.length);
    assert.ok(withServers.length >= 10, `${withServers.length} vendors with MCP servers from the registry`);
    assert.ok(withServers.every((p) => p.facts.mcp));
  });

  describe('loading', () => {
    let db: Db;
    before(async () => {
      db = createDb({ url: await createScratchDatabase(getInfra().databaseUrl, `agentdex_seed_${Date.now()}`) });
      await migrateLatest(db);
    });
    after(() => db.destroy());

    it('loads once, then changes nothing on a rerun', async () => {
      const first = await loadRegistrySeed(db, seed);
      assert.ok(first !== 'unchanged' && first.inserted === seed.products.length);
      const before = await db('products').select('id', 'updated_at').orderBy('id');
      assert.equal(await loadRegistrySeed(db, seed), 'unchanged');
      assert.deepEqual(await db('products').select('id', 'updated_at').orderBy('id'), before);
    });

    it('applies a newer seed to seed-derived rows but never overwrites an audited product', async () => {
      const [a, b] = seed.products;
      await db('products').where({ domain: b.domain }).update({ score_source: 'audit', readiness: 99, description: 'from a real audit' });
      const newer = {
        ...seed,
        version: `${seed.version}-next`,
        products: seed.products.map((p) =>
          p === a || p === b ? { ...p, description: `${p.description} (updated)`, facts: { ...p.facts, llmsTxt: true, mcp: true } } : p,
        ),
      };
      const counts = await loadRegistrySeed(db, newer);
      assert.ok(counts !== 'unchanged');
      assert.deepEqual([counts.updated, counts.inserted, counts.keptAudited], [1, 0, 1]);
      const rowA = await db('products').where({ domain: a.domain }).first();
      assert.match(rowA.description, /\(updated\)$/);
      assert.equal(rowA.has_mcp, true);
      const rowB = await db('products').where({ domain: b.domain }).first();
      assert.deepEqual([rowB.description, rowB.readiness, rowB.score_source], ['from a real audit', 99, 'audit']);
    });
  });
});
