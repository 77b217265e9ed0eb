import type { Knex } from 'knex';

// The `mcp` section of an audit (issue 38; docs/decisions/audits.md#mcp-trust): each audit keeps its
// own, with the drift from the audit before it, and the product carries its latest one, which its profile
// and page show and the ranking reads (a verified call, a high-severity finding). Null where no live MCP
// server was found, and for every audit and seed recorded before.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audits', (t) => t.jsonb('mcp').nullable());
  await knex.schema.alterTable('products', (t) => t.jsonb('mcp').nullable());
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (t) => t.dropColumn('mcp'));
  await knex.schema.alterTable('audits', (t) => t.dropColumn('mcp'));
}
