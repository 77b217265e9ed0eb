import type { Knex } from 'knex';

// Exact metering: a metered call first reserves its quantity and price under the workspace lock (so
// concurrent calls cannot overshoot a quota or a hard limit), then its workflow settles the reservation
// into exactly one usage event, or releases it when the call fails. One row per workflow makes both
// settle and release idempotent across activity retries and worker crashes.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('usage_counters', (t) => {
    t.decimal('reserved_usd', 14, 6).notNullable().defaultTo(0);
  });
  await knex.schema.createTable('usage_reservations', (t) => {
    t.text('workflow_id').primary();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.date('period_start').notNullable();
    t.text('event_type').notNullable();
    t.decimal('price_usd', 14, 6).notNullable();
    t.boolean('billable').notNullable();
    t.text('source').notNullable();
    t.text('state').notNullable().defaultTo('reserved'); // reserved | settled | released
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw("CREATE INDEX usage_reservations_open_idx ON usage_reservations (created_at) WHERE state = 'reserved'");
  // A replay must return the very bytes first sent; jsonb would reorder keys.
  await knex.raw('ALTER TABLE idempotency_records ALTER COLUMN response_body TYPE text USING response_body::text');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE idempotency_records ALTER COLUMN response_body TYPE jsonb USING response_body::jsonb');
  await knex.schema.dropTable('usage_reservations');
  await knex.schema.alterTable('usage_counters', (t) => {
    t.dropColumn('reserved_usd');
  });
}
