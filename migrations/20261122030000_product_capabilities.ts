import type { Knex } from 'knex';

// Capability tags (controlled vocabulary ids such as email.send) per product, for resolve: products are
// found by capability and ranked by how many of a task's capabilities they cover.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('product_capabilities', (t) => {
    t.uuid('product_id').notNullable().references('products.id').onDelete('CASCADE');
    t.text('capability_id').notNullable();
    t.text('source').notNullable(); // 'seed' (name, description, categories) | 'audit'
    t.primary(['product_id', 'capability_id']);
  });
  await knex.raw('CREATE INDEX product_capabilities_capability_idx ON product_capabilities (capability_id, product_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('product_capabilities');
}
