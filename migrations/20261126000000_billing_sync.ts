import type { Knex } from 'knex';

// Billing (docs/decisions/billing-claims.md#billing, "Billing"): what the usage sync and the spend-notification sender need to
// retry a failure and say why it failed.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('usage_events', (t) => {
    t.integer('payments_sync_attempts').notNullable().defaultTo(0);
    t.text('payments_sync_error');
  });
  await knex.schema.alterTable('spend_notifications', (t) => {
    t.integer('delivery_attempts').notNullable().defaultTo(0);
    t.text('delivery_error');
  });
  // Undelivered notifications, oldest first, for the sender.
  await knex.raw('CREATE INDEX spend_notifications_undelivered_idx ON spend_notifications (created_at) WHERE delivered_at IS NULL');
  await knex.raw('CREATE INDEX invoices_workspace_created_idx ON invoices (workspace_id, created_at DESC)');
  // Webhooks arrive in any order: an invoice's status only moves forward (src/domain/billing.ts keeps the
  // same ranks, tested against this).
  await knex.raw(`
    CREATE FUNCTION invoice_status_rank(status text) RETURNS int LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE status WHEN 'draft' THEN 0 WHEN 'open' THEN 1 WHEN 'uncollectible' THEN 2 WHEN 'paid' THEN 3 WHEN 'void' THEN 3 ELSE 0 END
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS invoice_status_rank(text)');
  await knex.raw('DROP INDEX IF EXISTS invoices_workspace_created_idx');
  await knex.raw('DROP INDEX IF EXISTS spend_notifications_undelivered_idx');
  await knex.schema.alterTable('spend_notifications', (t) => {
    t.dropColumn('delivery_error');
    t.dropColumn('delivery_attempts');
  });
  await knex.schema.alterTable('usage_events', (t) => {
    t.dropColumn('payments_sync_error');
    t.dropColumn('payments_sync_attempts');
  });
}
