import type { Knex } from 'knex';

// resolve ranks products by capabilities covered, then readiness. With a copy of the product's readiness on
// each tag (kept in step by src/store, as product_categories does), the ranking reads only this index and
// never scans products; the products table is joined for the few rows returned.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('product_capabilities', (t) => {
    t.integer('readiness').notNullable().defaultTo(0);
  });
  await knex.raw('UPDATE product_capabilities pc SET readiness = p.readiness FROM products p WHERE p.id = pc.product_id');
  await knex.raw('DROP INDEX product_capabilities_capability_idx');
  await knex.raw('CREATE INDEX product_capabilities_ranked_idx ON product_capabilities (capability_id, readiness DESC, product_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX product_capabilities_ranked_idx');
  await knex.raw('CREATE INDEX product_capabilities_capability_idx ON product_capabilities (capability_id, product_id)');
  await knex.schema.alterTable('product_capabilities', (t) => t.dropColumn('readiness'));
}
