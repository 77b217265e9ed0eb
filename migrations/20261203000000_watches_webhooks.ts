import type { Knex } from 'knex';

// Watching products (issue 39; docs/decisions/watches.md):
// - openapi_documents: each audited OpenAPI description, stored once per content hash, so two audits'
//   descriptions can be compared however far apart they are.
// - product_events: the outbox. An audit writes what changed since the product's previous audit in the same
//   transaction as the audit itself (unique per audit and type: recorded once, never lost). `seq` orders the
//   feed and is its cursor; `dispatched_at` says the event's deliveries exist and their workflows started.
// - watches, webhook_endpoints: a workspace's subscriptions. Secrets are AES-256-GCM ciphertext.
// - webhook_deliveries: one per event and endpoint (unique: never two deliveries, so never two ids), and
//   webhook_attempts: every attempt, kept for the dashboard and for proof.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('openapi_documents', (t) => {
    t.text('hash').primary();
    t.jsonb('document').notNullable();
    t.integer('bytes').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('product_events', (t) => {
    t.text('id').primary();
    t.bigIncrements('seq', { primaryKey: false }).unique();
    t.uuid('product_id').nullable().references('products.id').onDelete('CASCADE');
    // Only test events (`webhook.test`) belong to a workspace; product events belong to every watcher.
    t.uuid('workspace_id').nullable().references('workspaces.id').onDelete('CASCADE');
    t.uuid('audit_id').nullable().references('audits.id').onDelete('SET NULL');
    t.text('type').notNullable();
    t.jsonb('data').notNullable();
    t.timestamp('occurred_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('dispatched_at', { useTz: true }).nullable();
    t.unique(['audit_id', 'type']);
    t.index(['product_id', 'seq']);
  });
  await knex.raw('CREATE INDEX product_events_undispatched ON product_events (seq) WHERE dispatched_at IS NULL');

  await knex.schema.createTable('watches', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.uuid('product_id').notNullable().references('products.id').onDelete('CASCADE');
    t.specificType('events', 'text[]').nullable();
    t.integer('threshold').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['workspace_id', 'product_id']);
    t.index(['product_id']);
  });

  await knex.schema.createTable('webhook_endpoints', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.text('url').notNullable();
    t.specificType('events', 'text[]').nullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.text('disabled_reason').nullable();
    t.timestamp('disabled_at', { useTz: true }).nullable();
    t.text('secret_ciphertext').notNullable();
    t.text('previous_secret_ciphertext').nullable();
    t.timestamp('previous_secret_expires_at', { useTz: true }).nullable();
    t.timestamp('secret_rotated_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['workspace_id']);
  });

  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('event_id').notNullable().references('product_events.id').onDelete('CASCADE');
    t.uuid('endpoint_id').notNullable().references('webhook_endpoints.id').onDelete('CASCADE');
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.text('status').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    // A resend starts another run of attempts; the workflow of run N is webhook-delivery-<id>-<N>.
    t.integer('run').notNullable().defaultTo(1);
    t.integer('last_status_code').nullable();
    t.text('last_error').nullable();
    t.timestamp('next_attempt_at', { useTz: true }).nullable();
    t.timestamp('delivered_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['event_id', 'endpoint_id']);
    t.index(['endpoint_id', 'created_at']);
  });

  await knex.schema.createTable('webhook_attempts', (t) => {
    t.uuid('delivery_id').notNullable().references('webhook_deliveries.id').onDelete('CASCADE');
    t.integer('run').notNullable();
    t.integer('attempt').notNullable();
    t.integer('status_code').nullable();
    t.integer('latency_ms').notNullable();
    t.text('error').nullable();
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['delivery_id', 'run', 'attempt']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['webhook_attempts', 'webhook_deliveries', 'webhook_endpoints', 'watches', 'product_events', 'openapi_documents']) {
    await knex.schema.dropTableIfExists(table);
  }
}
