import type { Knex } from 'knex';

// Registry read paths at 100k products:
// - a category listing ordered by readiness walks (category_slug, readiness DESC) instead of sorting;
//   product_categories carries a copy of the product's readiness, kept in step by src/store/products.ts;
// - short name prefixes ("st") use a text_pattern_ops index (trigrams need three characters);
// - categories keep their product count, recounted on registry writes, instead of counting per request;
// - registry_state remembers which seed version is loaded, so an unchanged seed costs one read at start-up.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('product_categories', (t) => {
    t.integer('readiness').notNullable().defaultTo(0);
  });
  await knex.raw('DROP INDEX product_categories_category_idx');
  await knex.raw('CREATE INDEX product_categories_ranked_idx ON product_categories (category_slug, readiness DESC, product_id)');
  await knex.raw('CREATE INDEX products_name_prefix_idx ON products (lower(name) text_pattern_ops)');
  await knex.schema.alterTable('categories', (t) => {
    t.integer('product_count').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('registry_state', (t) => {
    t.text('key').primary();
    t.text('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('registry_state');
  await knex.schema.alterTable('categories', (t) => {
    t.dropColumn('product_count');
  });
  await knex.raw('DROP INDEX products_name_prefix_idx');
  await knex.raw('DROP INDEX product_categories_ranked_idx');
  await knex.raw('CREATE INDEX product_categories_category_idx ON product_categories (category_slug, product_id)');
  await knex.schema.alterTable('product_categories', (t) => {
    t.dropColumn('readiness');
  });
}
