import type { Knex } from 'knex';

// OAuth client-credentials access tokens (docs/decisions/metering.md#oauth-client-credentials, "OAuth client credentials"): the table holds
// each token's SHA-256 hash only, bound to the API key that obtained it; deleting the key deletes them, and
// a revoked key's tokens are refused by the lookup's join.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('oauth_access_tokens', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('token_hash').notNullable().unique();
    t.uuid('key_id').notNullable().references('api_keys.id').onDelete('CASCADE');
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['key_id']);
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('oauth_access_tokens');
}
