import type { Knex } from 'knex';

// product_categories and product_capabilities carry a copy of the product's readiness so that category
// listings and resolve's ranking read one index in order. The copies were kept by each write path in
// src/store, and a write that changed products.readiness alone (a test, an operator's UPDATE) left category
// listings out of readiness order. A trigger keeps the copies in step with every write, as the search
// postings' trigger does.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION copy_product_readiness() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE product_categories SET readiness = NEW.readiness WHERE product_id = NEW.id AND readiness <> NEW.readiness;
      UPDATE product_capabilities SET readiness = NEW.readiness WHERE product_id = NEW.id AND readiness <> NEW.readiness;
      RETURN NULL;
    END
    $$`);
  await knex.raw(`
    CREATE TRIGGER products_readiness_copies AFTER UPDATE OF readiness ON products
    FOR EACH ROW WHEN (OLD.readiness IS DISTINCT FROM NEW.readiness) EXECUTE FUNCTION copy_product_readiness()`);
  // Mend copies that drifted before the trigger existed.
  await knex.raw('UPDATE product_categories pc SET readiness = p.readiness FROM products p WHERE p.id = pc.product_id AND pc.readiness <> p.readiness');
  await knex.raw('UPDATE product_capabilities pc SET readiness = p.readiness FROM products p WHERE p.id = pc.product_id AND pc.readiness <> p.readiness');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS products_readiness_copies ON products');
  await knex.raw('DROP FUNCTION IF EXISTS copy_product_readiness()');
}
