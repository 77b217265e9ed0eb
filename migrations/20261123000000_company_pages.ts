import type { Knex } from 'knex';

// Company intelligence cites pages: every page a company crawl fetched is kept (URL, final URL, title,
// text, HTML, content hash, fetchedAt), once per distinct content. A re-crawl that finds a page unchanged
// (304 to its ETag, or the same hash) moves that row to the new crawl instead of storing it again.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_crawls', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('domain').notNullable();
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
    t.boolean('reachable');
    t.text('error');
    // Pages that were wanted but not read, with why: robots.txt, errors, limits.
    t.jsonb('skipped').notNullable().defaultTo('[]');
  });
  await knex.raw('CREATE INDEX company_crawls_domain_idx ON company_crawls (domain, finished_at DESC)');

  await knex.schema.createTable('company_pages', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('domain').notNullable();
    t.text('url').notNullable();
    t.text('final_url').notNullable();
    t.text('kind').notNullable();
    t.text('title').notNullable().defaultTo('');
    t.text('text').notNullable().defaultTo('');
    t.text('html').notNullable().defaultTo('');
    t.text('content_type').notNullable().defaultTo('');
    t.text('content_hash').notNullable();
    t.text('etag');
    t.timestamp('fetched_at', { useTz: true }).notNullable();
    t.uuid('crawl_id').notNullable().references('company_crawls.id').onDelete('CASCADE');
    t.unique(['url', 'content_hash']);
  });
  await knex.raw('CREATE INDEX company_pages_crawl_idx ON company_pages (crawl_id)');
  await knex.raw('CREATE INDEX company_pages_domain_url_idx ON company_pages (domain, url, fetched_at DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_pages');
  await knex.schema.dropTable('company_crawls');
}
