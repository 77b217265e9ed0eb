import type { Knex } from 'knex';

// The task ranking (docs/decisions/ranking.md#ranking-a-task, "Ranking a task") reads each product as a document of weighted
// fields in each process's memory. `audit_text` is the field audits fill: what the site says about itself
// (homepage title and description, llms.txt summary and sections, MCP server and tool names and
// descriptions, OpenAPI title, description and tags). A process keeps its index current by reading the
// products written since its last look, so `updated_at` gets an index. Tags no longer rank in SQL, so the
// readiness copy on product_capabilities (and its ranked index) goes; competitors read tags by capability.
// Optional embeddings are stored per product and model.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (t) => {
    t.text('audit_text').notNullable().defaultTo('');
    // Requests the product serves, written offline from its seed description (data/product-queries.json).
    t.text('expansion').notNullable().defaultTo('');
  });
  await knex.raw('CREATE INDEX products_updated_at_idx ON products (updated_at)');
  // Every write to a product marks it written, whoever makes it (store code, a test, an operator's UPDATE),
  // so no write escapes the indexes' next read.
  await knex.raw(`
    CREATE FUNCTION touch_product() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.updated_at := now();
      RETURN NEW;
    END
    $$`);
  await knex.raw('CREATE TRIGGER products_touch BEFORE UPDATE ON products FOR EACH ROW EXECUTE FUNCTION touch_product()');
  await knex.raw(`
    CREATE OR REPLACE FUNCTION copy_product_readiness() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE product_categories SET readiness = NEW.readiness WHERE product_id = NEW.id AND readiness <> NEW.readiness;
      RETURN NULL;
    END
    $$`);
  await knex.raw('DROP INDEX product_capabilities_ranked_idx');
  await knex.raw('CREATE INDEX product_capabilities_capability_idx ON product_capabilities (capability_id, product_id)');
  await knex.schema.alterTable('product_capabilities', (t) => t.dropColumn('readiness'));
  // With an embeddings endpoint configured (optional), each product's vector per model, for the text it
  // was computed from, so a restart or another worker does not pay for it again.
  await knex.schema.createTable('product_embeddings', (t) => {
    t.uuid('product_id').notNullable().references('products.id').onDelete('CASCADE');
    t.text('model').notNullable();
    t.text('text_hash').notNullable();
    t.binary('vector').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['product_id', 'model']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('product_embeddings');
  await knex.schema.alterTable('product_capabilities', (t) => {
    t.integer('readiness').notNullable().defaultTo(0);
  });
  await knex.raw('UPDATE product_capabilities pc SET readiness = p.readiness FROM products p WHERE p.id = pc.product_id');
  await knex.raw('DROP INDEX product_capabilities_capability_idx');
  await knex.raw('CREATE INDEX product_capabilities_ranked_idx ON product_capabilities (capability_id, readiness DESC, product_id)');
  await knex.raw(`
    CREATE OR REPLACE FUNCTION copy_product_readiness() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE product_categories SET readiness = NEW.readiness WHERE product_id = NEW.id AND readiness <> NEW.readiness;
      UPDATE product_capabilities SET readiness = NEW.readiness WHERE product_id = NEW.id AND readiness <> NEW.readiness;
      RETURN NULL;
    END
    $$`);
  await knex.raw('DROP TRIGGER IF EXISTS products_touch ON products');
  await knex.raw('DROP FUNCTION IF EXISTS touch_product()');
  await knex.raw('DROP INDEX IF EXISTS products_updated_at_idx');
  await knex.schema.alterTable('products', (t) => {
    t.dropColumn('audit_text');
    t.dropColumn('expansion');
  });
}
