import type { Knex } from 'knex';

// Registry search as search engines do it (see docs/decisions/ranking.md#registry, "Registry"):
// - search_postings is an inverted index ordered by a static rank: one row per (lexeme of
//   products.search_vector, product), ordered by the product's readiness, with the product's capability
//   flags as a bit mask. "The most ready products with this word (and these capabilities)" is then an
//   index-only range read that stops after N rows, instead of a walk of products_readiness_idx that
//   filters every row (thousands for a word one product in twenty has, all 100k for a word none has).
// - search_words is the registry's vocabulary: each word of three or more characters of a name, category
//   or description, its english stem (the lexeme it matches) and how many products have it. Search
//   corrects unknown query words against it (one or two edits), expands the last word as a prefix, and
//   reads how rare each word is.
// Triggers on products keep both in step with every write (seed loads, audits, anything else), so no
// write path can forget them; a product's readiness or capabilities changing moves its postings.
// The rows of an UPDATE whose postings or words must change, with what they were and are.
const CHANGED = `
  SELECT o.id, o.readiness AS old_r, n.readiness AS new_r, o.search_vector AS old_v, n.search_vector AS new_v,
         search_caps(n.has_api, n.has_mcp, n.has_self_serve, n.has_openapi, n.has_cli) AS new_c,
         o.name AS old_n, o.categories_text AS old_k, o.description AS old_d,
         n.name AS new_n, n.categories_text AS new_k, n.description AS new_d,
         (o.name, o.categories_text, o.description) IS DISTINCT FROM (n.name, n.categories_text, n.description) AS text_changed
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE o.readiness <> n.readiness OR o.search_vector <> n.search_vector
     OR search_caps(o.has_api, o.has_mcp, o.has_self_serve, o.has_openapi, o.has_cli)
        <> search_caps(n.has_api, n.has_mcp, n.has_self_serve, n.has_openapi, n.has_cli)`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS fuzzystrmatch');

  await knex.raw(`
    CREATE TABLE search_postings (
      lexeme text COLLATE "C" NOT NULL,
      readiness integer NOT NULL,
      product_id uuid NOT NULL,
      caps smallint NOT NULL
    )`);
  await knex.raw('CREATE UNIQUE INDEX search_postings_ranked_idx ON search_postings (lexeme, readiness DESC, product_id) INCLUDE (caps)');

  await knex.raw(`
    CREATE TABLE search_words (
      word text COLLATE "C" PRIMARY KEY,
      lexeme text COLLATE "C" NOT NULL,
      ndoc integer NOT NULL
    )`);
  await knex.raw('CREATE INDEX search_words_lexeme_idx ON search_words (lexeme)');
  // Typo candidates: words of letters only, with the same first letter and a length within the budget.
  await knex.raw("CREATE INDEX search_words_shape_idx ON search_words (left(word, 1), length(word)) WHERE word ~ '^[a-z]+$'");

  // The capability bits: api 1, mcp 2, self_serve 4, openapi 8, cli 16 (src/store/search.ts).
  await knex.raw(`
    CREATE FUNCTION search_caps(api boolean, mcp boolean, self_serve boolean, openapi boolean, cli boolean) RETURNS smallint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT (api::int | (mcp::int << 1) | (self_serve::int << 2) | (openapi::int << 3) | (cli::int << 4))::smallint
    $$`);
  // The distinct words of a product's text, as search_words counts them.
  await knex.raw(`
    CREATE FUNCTION search_words_of(name text, categories text, description text) RETURNS SETOF text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT DISTINCT w FROM regexp_split_to_table(lower(coalesce(name, '') || ' ' || coalesce(categories, '') || ' ' || coalesce(description, '')), '[^a-z0-9]+') w
      WHERE length(w) >= 3
    $$`);
  await knex.raw(`
    CREATE FUNCTION search_index_products() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        -- Only rows whose lexemes, readiness or capabilities changed move; only changed text is recounted.
        -- EXECUTE plans these joins of the transition tables for this statement's row count. A saved plan
        -- (plpgsql's default for a statement without parameters) keeps the count of the session's first
        -- update, often one row from an audit, and its nested loop turned a later 3,000-row update from
        -- 0.2 s into a minute.
        EXECUTE $q$ DELETE FROM search_postings s USING (${CHANGED}) c, unnest(tsvector_to_array(c.old_v)) l(lexeme)
          WHERE s.lexeme = l.lexeme AND s.readiness = c.old_r AND s.product_id = c.id $q$;
        EXECUTE $q$ INSERT INTO search_postings (lexeme, readiness, product_id, caps)
          SELECT l.lexeme, c.new_r, c.id, c.new_c FROM (${CHANGED}) c, unnest(tsvector_to_array(c.new_v)) l(lexeme) $q$;
        EXECUTE $q$ SELECT search_adjust_words(
          (SELECT array_agg(x.word) FROM (${CHANGED}) c, search_words_of(c.new_n, c.new_k, c.new_d) x(word) WHERE c.text_changed),
          (SELECT array_agg(x.word) FROM (${CHANGED}) c, search_words_of(c.old_n, c.old_k, c.old_d) x(word) WHERE c.text_changed)) $q$;
      ELSIF TG_OP = 'INSERT' THEN
        INSERT INTO search_postings (lexeme, readiness, product_id, caps)
          SELECT l.lexeme, n.readiness, n.id, search_caps(n.has_api, n.has_mcp, n.has_self_serve, n.has_openapi, n.has_cli)
          FROM new_rows n, unnest(tsvector_to_array(n.search_vector)) l(lexeme);
        PERFORM search_adjust_words((SELECT array_agg(x.word) FROM new_rows n, search_words_of(n.name, n.categories_text, n.description) x(word)), NULL);
      ELSE
        DELETE FROM search_postings s USING old_rows o, unnest(tsvector_to_array(o.search_vector)) l(lexeme)
          WHERE s.lexeme = l.lexeme AND s.readiness = o.readiness AND s.product_id = o.id;
        PERFORM search_adjust_words(NULL, (SELECT array_agg(x.word) FROM old_rows o, search_words_of(o.name, o.categories_text, o.description) x(word)));
      END IF;
      RETURN NULL;
    END
    $$`);
  // Moves each word's count by the products that gained it (`added`) and lost it (`removed`), in one
  // statement with rows in word order, so concurrent writers (a sweep audits several products at once)
  // lock words alike and cannot deadlock; only words new to the vocabulary are stemmed. Stop words have no
  // lexeme and are never matched, so they are not vocabulary.
  await knex.raw(`
    CREATE FUNCTION search_adjust_words(added text[], removed text[]) RETURNS void LANGUAGE sql AS $$
      INSERT INTO search_words AS w (word, lexeme, ndoc)
        SELECT c.word, (tsvector_to_array(to_tsvector('english', c.word)))[1], c.n
        FROM (SELECT word, sum(d)::int AS n
              FROM (SELECT unnest(coalesce(added, '{}')) AS word, 1 AS d UNION ALL SELECT unnest(coalesce(removed, '{}')), -1) x
              WHERE word IS NOT NULL GROUP BY word HAVING sum(d) <> 0) c
        WHERE (tsvector_to_array(to_tsvector('english', c.word)))[1] IS NOT NULL
        ORDER BY c.word
      ON CONFLICT (word) DO UPDATE SET ndoc = w.ndoc + excluded.ndoc
    $$`);
  // The query words as the registry knows them, in one round trip: each word's stem and how many products
  // have a word of that stem (1 when only a slug or identifier has it); for the last word (a prefix while
  // typing, at least three characters) the stems of the commonest words it begins; for a word the
  // registry lacks, with a typo budget (0, 1 or 2, set by the caller), the vocabulary words of the same
  // first letter within twice that many Levenshtein edits (a swap is two there; the caller keeps those
  // within budget counting a swap as one). plpgsql, so the plan is made once per connection, not per call.
  await knex.raw(`
    CREATE FUNCTION search_lookup(words jsonb)
    RETURNS TABLE (word text, last boolean, stem text, ndoc integer, completions text[], near json)
    LANGUAGE plpgsql STABLE AS $$
    BEGIN
      RETURN QUERY
      SELECT q.word, q.last, s.stem::text, n.ndoc::int, c.completions::text[],
             CASE WHEN s.stem IS NOT NULL AND n.ndoc = 0 AND c.completions IS NULL AND q.budget > 0 THEN (
               SELECT json_agg(v ORDER BY v.lev, v.ndoc DESC) FROM (
                 SELECT w.word, w.lexeme, w.ndoc, levenshtein_less_equal(q.word, w.word, 2 * q.budget) AS lev
                 FROM search_words w
                 WHERE left(w.word, 1) = left(q.word, 1) AND length(w.word) BETWEEN length(q.word) - q.budget AND length(q.word) + q.budget
                   AND w.ndoc > 0 AND w.word ~ '^[a-z]+$' AND levenshtein_less_equal(q.word, w.word, 2 * q.budget) <= 2 * q.budget
                 ORDER BY lev, w.ndoc DESC LIMIT 20) v)
             END
      FROM jsonb_to_recordset(words) AS q(word text, last boolean, budget int)
      CROSS JOIN LATERAL (SELECT (tsvector_to_array(to_tsvector('english', q.word)))[1] AS stem) s
      CROSS JOIN LATERAL (
        SELECT coalesce((SELECT sum(w.ndoc) FROM search_words w WHERE w.lexeme = s.stem AND w.ndoc > 0),
                        (SELECT 1 FROM search_postings t WHERE t.lexeme = s.stem LIMIT 1), 0) AS ndoc) n
      LEFT JOIN LATERAL (
        SELECT array_agg(DISTINCT x.lexeme) AS completions FROM (
          SELECT w.lexeme FROM search_words w
          WHERE q.last AND length(q.word) >= 3 AND w.word > q.word AND w.word < q.word || '{' AND w.ndoc > 0
          ORDER BY w.ndoc DESC LIMIT 5) x
        HAVING count(*) > 0) c ON true;
    END
    $$`);
  for (const [event, ref] of [
    ['INSERT', 'NEW TABLE AS new_rows'],
    ['UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
    ['DELETE', 'OLD TABLE AS old_rows'],
  ]) {
    await knex.raw(
      `CREATE TRIGGER products_search_index_${event.toLowerCase()} AFTER ${event} ON products REFERENCING ${ref} FOR EACH STATEMENT EXECUTE FUNCTION search_index_products()`,
    );
  }

  // The products already there.
  await knex.raw(`
    INSERT INTO search_postings (lexeme, readiness, product_id, caps)
      SELECT l.lexeme, p.readiness, p.id, search_caps(p.has_api, p.has_mcp, p.has_self_serve, p.has_openapi, p.has_cli)
      FROM products p, unnest(tsvector_to_array(p.search_vector)) l(lexeme)`);
  await knex.raw(`
    SELECT search_adjust_words(array_agg(x.word), NULL) FROM products p, search_words_of(p.name, p.categories_text, p.description) x(word)`);
}

export async function down(knex: Knex): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) await knex.raw(`DROP TRIGGER IF EXISTS products_search_index_${event} ON products`);
  await knex.raw('DROP FUNCTION IF EXISTS search_lookup(jsonb)');
  await knex.raw('DROP FUNCTION IF EXISTS search_index_products()');
  await knex.raw('DROP FUNCTION IF EXISTS search_adjust_words(text[], text[])');
  await knex.raw('DROP FUNCTION IF EXISTS search_words_of(text, text, text)');
  await knex.raw('DROP FUNCTION IF EXISTS search_caps(boolean, boolean, boolean, boolean, boolean)');
  await knex.schema.dropTableIfExists('search_words');
  await knex.schema.dropTableIfExists('search_postings');
}
