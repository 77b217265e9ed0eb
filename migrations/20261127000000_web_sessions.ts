import type { Knex } from 'knex';

// Dashboard sessions (docs/decisions/web.md, "Web pages"): the cookie holds a random token, the table its
// SHA-256 hash only, so a leaked table does not sign anyone in. Each session carries its own CSRF token.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('web_sessions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('token_hash').notNullable().unique();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.uuid('key_id').notNullable().references('api_keys.id').onDelete('CASCADE');
    t.text('csrf_token').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.index(['workspace_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('web_sessions');
}
