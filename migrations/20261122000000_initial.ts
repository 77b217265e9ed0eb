import type { Knex } from 'knex';

// The whole data model the interface spec implies. Every read path in the spec has an index here:
// registry (readiness desc, category), profile (slug), search (full text + trigram), usage events
// (workspace, time, type, product), key lookup (hash), idempotency (scope+key, expiry), claims, caches, jobs.

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');

  await knex.schema.createTable('workspaces', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('email');
    t.text('plan').notNullable().defaultTo('free');
    t.boolean('metered_enabled').notNullable().defaultTo(false);
    t.text('stripe_customer_id').unique();
    t.text('stripe_subscription_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('api_keys', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    // SHA-256 of the raw key, hex. The raw key is never stored.
    t.text('key_hash').notNullable().unique();
    t.text('prefix').notNullable();
    t.text('label');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
    t.index(['workspace_id', 'created_at']);
  });

  await knex.schema.createTable('categories', (t) => {
    t.text('slug').primary();
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
  });

  await knex.schema.createTable('products', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('slug').notNullable().unique();
    t.text('name').notNullable();
    t.text('domain').notNullable().unique();
    t.text('description').notNullable().defaultTo('');
    // Category names, denormalised so the generated search vector can cover them.
    t.text('categories_text').notNullable().defaultTo('');
    t.integer('readiness').notNullable().defaultTo(0);
    t.integer('discovery').notNullable().defaultTo(0);
    t.integer('understanding').notNullable().defaultTo(0);
    t.integer('adoption').notNullable().defaultTo(0);
    t.integer('operability').notNullable().defaultTo(0);
    // Capability flags: what the product offers agents. Requirements filters drop on these.
    t.boolean('has_api').notNullable().defaultTo(false);
    t.boolean('has_mcp').notNullable().defaultTo(false);
    t.boolean('has_self_serve').notNullable().defaultTo(false);
    t.boolean('has_openapi').notNullable().defaultTo(false);
    t.boolean('has_cli').notNullable().defaultTo(false);
    t.boolean('has_llms_txt').notNullable().defaultTo(false);
    t.specificType('sdk_languages', 'text[]').notNullable().defaultTo('{}');
    t.jsonb('signals').notNullable().defaultTo('{}');
    t.jsonb('issues').notNullable().defaultTo('[]');
    t.jsonb('facts').notNullable().defaultTo('{}');
    // 'seed' until a real audit replaces the provisional scores; a newer seed never overwrites 'audit'.
    t.text('score_source').notNullable().defaultTo('seed');
    t.text('seed_hash');
    t.uuid('latest_audit_id');
    t.timestamp('audited_at', { useTz: true });
    t.uuid('claimed_by_workspace_id').references('workspaces.id').onDelete('SET NULL');
    t.timestamp('claimed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`
    ALTER TABLE products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english', coalesce(name, '')), 'A') ||
      setweight(to_tsvector('english', replace(slug, '-', ' ')), 'A') ||
      setweight(to_tsvector('english', coalesce(categories_text, '')), 'B') ||
      setweight(to_tsvector('english', coalesce(description, '')), 'C')
    ) STORED`);
  await knex.raw('CREATE INDEX products_readiness_idx ON products (readiness DESC, slug)');
  await knex.raw('CREATE INDEX products_search_idx ON products USING gin (search_vector)');
  await knex.raw('CREATE INDEX products_name_trgm_idx ON products USING gin (lower(name) gin_trgm_ops)');
  await knex.raw('CREATE INDEX products_slug_trgm_idx ON products USING gin (slug gin_trgm_ops)');
  await knex.raw('CREATE INDEX products_audited_at_idx ON products (audited_at NULLS FIRST)');

  await knex.schema.createTable('product_categories', (t) => {
    t.uuid('product_id').notNullable().references('products.id').onDelete('CASCADE');
    t.text('category_slug').notNullable().references('categories.slug').onDelete('CASCADE');
    t.primary(['product_id', 'category_slug']);
  });
  await knex.raw('CREATE INDEX product_categories_category_idx ON product_categories (category_slug, product_id)');

  await knex.schema.createTable('audits', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('product_id').references('products.id').onDelete('CASCADE');
    t.text('domain').notNullable();
    t.text('workflow_id').unique();
    // 'completed' (scored), 'unreachable' (site could not be reached: no invented score).
    t.text('status').notNullable();
    t.integer('readiness');
    t.integer('discovery');
    t.integer('understanding');
    t.integer('adoption');
    t.integer('operability');
    t.jsonb('signals').notNullable().defaultTo('{}');
    t.jsonb('findings').notNullable().defaultTo('[]');
    t.jsonb('artifacts').notNullable().defaultTo('{}');
    t.jsonb('timings').notNullable().defaultTo('{}');
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('completed_at', { useTz: true });
  });
  await knex.raw('CREATE INDEX audits_product_history_idx ON audits (product_id, started_at DESC)');
  await knex.raw('CREATE INDEX audits_domain_idx ON audits (domain, started_at DESC)');
  await knex.raw('ALTER TABLE products ADD CONSTRAINT products_latest_audit_fk FOREIGN KEY (latest_audit_id) REFERENCES audits(id) ON DELETE SET NULL');

  await knex.schema.createTable('usage_events', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.text('event_type').notNullable();
    t.integer('quantity').notNullable().defaultTo(1);
    t.integer('billable_quantity').notNullable().defaultTo(0);
    t.decimal('amount_usd', 14, 6).notNullable().defaultTo(0);
    t.decimal('provider_cost_usd', 14, 6).notNullable().defaultTo(0);
    t.text('source').notNullable();
    t.uuid('product_id').references('products.id').onDelete('SET NULL');
    // Exactly-once key: the workflow id that ran the call. A retried activity or a replayed request
    // hits this unique constraint instead of recording twice.
    t.text('dedupe_key').notNullable().unique();
    t.date('period_start').notNullable();
    t.text('payments_sync_status').notNullable().defaultTo('not_applicable');
    t.timestamp('payments_synced_at', { useTz: true });
    t.timestamp('occurred_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX usage_events_workspace_time_idx ON usage_events (workspace_id, occurred_at DESC, id)');
  await knex.raw('CREATE INDEX usage_events_workspace_type_idx ON usage_events (workspace_id, event_type, occurred_at DESC)');
  await knex.raw('CREATE INDEX usage_events_workspace_product_idx ON usage_events (workspace_id, product_id, occurred_at DESC)');
  await knex.raw("CREATE INDEX usage_events_sync_pending_idx ON usage_events (occurred_at) WHERE payments_sync_status IN ('pending', 'failed')");

  // Per workspace, period and event type: what has been used and what in-flight calls have reserved.
  // Entitlement checks lock this row so concurrent calls can never overshoot a quota or a hard limit.
  await knex.schema.createTable('usage_counters', (t) => {
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.date('period_start').notNullable();
    t.text('event_type').notNullable();
    t.integer('used').notNullable().defaultTo(0);
    t.integer('reserved').notNullable().defaultTo(0);
    t.decimal('spent_usd', 14, 6).notNullable().defaultTo(0);
    t.primary(['workspace_id', 'period_start', 'event_type']);
  });

  await knex.schema.createTable('idempotency_records', (t) => {
    // 'ws:<workspace id>' for keyed callers, 'ip:<bucket>' for the anonymous trial.
    t.text('scope').notNullable();
    t.text('idempotency_key').notNullable();
    t.text('request_hash').notNullable();
    t.text('workflow_id').notNullable();
    t.text('status').notNullable().defaultTo('running');
    t.integer('response_status');
    t.jsonb('response_body');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.primary(['scope', 'idempotency_key']);
  });
  await knex.raw('CREATE INDEX idempotency_records_expiry_idx ON idempotency_records (expires_at)');

  await knex.schema.createTable('trial_buckets', (t) => {
    // Client IP (or IPv6 /64). Hits inside the rolling hour; the row lock makes admission atomic.
    t.text('client_key').primary();
    t.specificType('hits', 'timestamptz[]').notNullable().defaultTo('{}');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX trial_buckets_updated_idx ON trial_buckets (updated_at)');

  await knex.schema.createTable('signup_attempts', (t) => {
    t.bigIncrements('id');
    t.text('client_key').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['client_key', 'created_at']);
  });

  await knex.schema.createTable('workspace_limits', (t) => {
    t.uuid('workspace_id').primary().references('workspaces.id').onDelete('CASCADE');
    t.decimal('monthly_budget_usd', 14, 6);
    t.decimal('warning_threshold_usd', 14, 6);
    t.decimal('hard_limit_usd', 14, 6);
    t.boolean('notifications_enabled').notNullable().defaultTo(true);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('spend_notifications', (t) => {
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.date('period_start').notNullable();
    t.text('threshold').notNullable(); // 'WARNING' | 'BUDGET_EXCEEDED'
    t.decimal('spent_usd', 14, 6).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('delivered_at', { useTz: true });
    t.primary(['workspace_id', 'period_start', 'threshold']);
  });

  await knex.schema.createTable('invoices', (t) => {
    t.text('id').primary(); // Stripe invoice id
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.decimal('amount_due_usd', 14, 2).notNullable();
    t.text('status').notNullable();
    t.date('period_start').notNullable();
    t.date('period_end').notNullable();
    t.text('hosted_url');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['workspace_id', 'period_start']);
  });

  await knex.schema.createTable('billing_webhook_events', (t) => {
    t.text('id').primary(); // Stripe event id: each webhook is applied once
    t.text('type').notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('claims', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('product_id').notNullable().references('products.id').onDelete('CASCADE');
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.text('email').notNullable();
    t.text('method').notNullable(); // 'dns' | 'meta'
    t.text('token').notNullable();
    t.text('status').notNullable().defaultTo('pending'); // 'pending' | 'verified' | 'expired'
    t.text('detail');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('checked_at', { useTz: true });
    t.timestamp('verified_at', { useTz: true });
  });
  await knex.raw('CREATE INDEX claims_product_workspace_idx ON claims (product_id, workspace_id, created_at DESC)');

  // Company, pricing, competitors, research and how-to answers, cached per normalised key.
  await knex.schema.createTable('research_cache', (t) => {
    t.text('kind').notNullable();
    t.text('cache_key').notNullable();
    t.jsonb('payload').notNullable();
    t.specificType('sources', 'text[]').notNullable().defaultTo('{}');
    t.timestamp('fetched_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('ttl_seconds').notNullable();
    t.primary(['kind', 'cache_key']);
  });

  // Asynchronous metered calls (Prefer: respond-async, or a wait that ran past its deadline).
  await knex.schema.createTable('jobs', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('workspace_id').references('workspaces.id').onDelete('CASCADE');
    t.text('client_key'); // anonymous owner (trial IP bucket)
    t.text('kind').notNullable();
    t.text('workflow_id').notNullable().unique();
    t.text('status').notNullable().defaultTo('running');
    t.jsonb('result');
    t.text('error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('completed_at', { useTz: true });
  });
  await knex.raw('CREATE INDEX jobs_created_idx ON jobs (created_at)');
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'jobs',
    'research_cache',
    'claims',
    'billing_webhook_events',
    'invoices',
    'spend_notifications',
    'workspace_limits',
    'signup_attempts',
    'trial_buckets',
    'idempotency_records',
    'usage_counters',
    'usage_events',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.raw('ALTER TABLE products DROP CONSTRAINT IF EXISTS products_latest_audit_fk');
  await knex.schema.dropTableIfExists('audits');
  await knex.schema.dropTableIfExists('product_categories');
  await knex.schema.dropTableIfExists('products');
  await knex.schema.dropTableIfExists('categories');
  await knex.schema.dropTableIfExists('api_keys');
  await knex.schema.dropTableIfExists('workspaces');
}
