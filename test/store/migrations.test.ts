import assert from 'node:assert/strict';
import { createDb, migrateLatest, rollbackAll } from '../../src/store/db';
import { createScratchDatabase, getInfra } from '../support/infra';

const TABLES = [
  'workspaces',
  'api_keys',
  'categories',
  'products',
  'product_categories',
  'audits',
  'usage_events',
  'usage_counters',
  'idempotency_records',
  'trial_buckets',
  'signup_attempts',
  'workspace_limits',
  'spend_notifications',
  'invoices',
  'billing_webhook_events',
  'claims',
  'research_cache',
  'jobs',
  'company_crawls',
  'company_pages',
  'oauth_access_tokens',
];

describe('migrations', () => {
  it('have built every table of the data model in the run database', async () => {
    const rows = await getInfra().db('information_schema.tables').where({ table_schema: 'public' }).pluck('table_name');
    for (const t of TABLES) assert.ok(rows.includes(t), `missing table ${t}`);
  });

  it('roll all the way back and forward again on a scratch database', async () => {
    const url = await createScratchDatabase(getInfra().databaseUrl, `agentdex_mig_${Date.now()}`);
    const db = createDb({ url });
    try {
      assert.ok((await migrateLatest(db)).length >= 1);
      await rollbackAll(db);
      const left = await db('information_schema.tables')
        .where({ table_schema: 'public' })
        .whereIn('table_name', TABLES)
        .count<{ count: number }[]>('* as count');
      assert.equal(Number(left[0].count), 0);
      assert.ok((await migrateLatest(db)).length >= 1);
      assert.deepEqual(await migrateLatest(db), [], 'a second run applies nothing');
    } finally {
      await db.destroy();
    }
  });

  it('index the registry read paths (readiness order, search vector, trigram)', async () => {
    const idx = await getInfra().db('pg_indexes').where({ tablename: 'products' }).pluck('indexname');
    for (const name of ['products_readiness_idx', 'products_search_idx', 'products_name_trgm_idx', 'products_slug_unique']) {
      assert.ok(idx.includes(name), `missing index ${name}`);
    }
  });
});
