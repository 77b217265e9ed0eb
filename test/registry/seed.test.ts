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

  it("names and describes each product from one listing: no API's name over another's description", () => {
    const bySlug = new Map(seed.products.map((p) => [p.slug, p]));
    // starfile.org lists a clinical-trials index and the FAA aircraft registry: both are said, under the domain.
    const starfile = bySlug.get('faa-n-number-registry');
    assert.equal(starfile?.name, 'starfile.org');
    assert.match(starfile?.description ?? '', /Clinical Trials Directory: .*; FAA N-Number Registry: /);
    // readme.io hosts its customers' docs: Spyse and the Internet Archive are two products, not one.
    assert.deepEqual([bySlug.get('spyse')?.domain, bySlug.get('spyse')?.description.includes('attack surface')], ['spyse-dev.readme.io', true]);
    assert.deepEqual([bySlug.get('archive-org')?.domain, bySlug.get('archive-org')?.description], ['archive.readme.io', 'The Internet Archive']);
    assert.ok(!seed.products.some((p) => p.domain === 'readme.io' || p.domain === 'apiary.io'), 'no docs host listed as a vendor');
    const pageTitles = seed.products.filter((p) => /^(home|home page|overview|introduction|welcome\b.*)$/i.test(p.name));
    assert.deepEqual(
      pageTitles.map((p) => p.name),
      [],
      "no product named by its home page's title",
    );
    const raw = seed.products.filter((p) => /&(amp|lt|gt|quot|#\d+);|\\[rn]/.test(p.description));
    assert.deepEqual(
      raw.map((p) => p.slug),
      [],
      'descriptions are plain text: no HTML entities, no written-out line breaks',
    );
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

    it('moves a seed product to its new domain under the same slug, but leaves an audited one where the audit found it', async () => {
      await loadRegistrySeed(db, seed);
      const [, , c, d] = seed.products;
      const rowC = await db('products').where({ domain: c.domain }).first();
      await db('products').where({ domain: d.domain }).update({ score_source: 'audit' });
      const moved = {
        ...seed,
        version: `${seed.version}-moved`,
        products: seed.products.map((p) => (p === c || p === d ? { ...p, domain: `docs.${p.domain}` } : p)),
      };
      const counts = await loadRegistrySeed(db, moved);
      assert.ok(counts !== 'unchanged');
      assert.deepEqual([counts.updated, counts.inserted], [1, 1]);
      const movedC = await db('products')
        .where({ domain: `docs.${c.domain}` })
        .first();
      assert.deepEqual([movedC.id, movedC.slug], [rowC.id, c.slug], 'the same row and slug, at the new domain');
      assert.equal(await db('products').where({ domain: c.domain }).first(), undefined);
      const keptD = await db('products').where({ domain: d.domain }).first();
      assert.equal(keptD.slug, d.slug, 'the audited row stays at its domain');
      const newD = await db('products')
        .where({ domain: `docs.${d.domain}` })
        .first();
      assert.equal(newD.slug, `${d.slug}-2`, 'the new domain is a new product beside it');
    });
  });
});
