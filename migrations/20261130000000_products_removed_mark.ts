import type { Knex } from 'knex';

// The ranking index (src/services/ranking-index.ts) picks up written products by `updated_at`, but a
// removed product leaves no row to read. Rather than count the products on every look (a scan of 100k
// rows every few seconds in each process), a statement trigger stamps registry_state 'products-removed'
// whenever products are deleted or truncated, and a process whose stamp differs rebuilds.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION mark_products_removed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO registry_state (key, value, updated_at) VALUES ('products-removed', txid_current()::text || ':' || clock_timestamp()::text, now())
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at;
      RETURN NULL;
    END
    $$`);
  await knex.raw('CREATE TRIGGER products_removed AFTER DELETE ON products FOR EACH STATEMENT EXECUTE FUNCTION mark_products_removed()');
  await knex.raw('CREATE TRIGGER products_truncated AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION mark_products_removed()');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER products_truncated ON products');
  await knex.raw('DROP TRIGGER products_removed ON products');
  await knex.raw('DROP FUNCTION mark_products_removed()');
  await knex.raw("DELETE FROM registry_state WHERE key = 'products-removed'");
}
