import type { Knex } from 'knex';

// How strongly a product's own words name a capability (words a phrasing covers; 0.5 for a closest
// match): resolve's tie-break among products of equal coverage and readiness. Included in the ranking
// index so the ranking still reads the index alone.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('product_capabilities', (t) => {
    t.float('score').notNullable().defaultTo(1);
  });
  await knex.raw('DROP INDEX product_capabilities_ranked_idx');
  await knex.raw('CREATE INDEX product_capabilities_ranked_idx ON product_capabilities (capability_id, readiness DESC, product_id) INCLUDE (score)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX product_capabilities_ranked_idx');
  await knex.raw('CREATE INDEX product_capabilities_ranked_idx ON product_capabilities (capability_id, readiness DESC, product_id)');
  await knex.schema.alterTable('product_capabilities', (t) => t.dropColumn('score'));
}
