import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

// numeric and bigint columns arrive as strings by default; our money columns fit a double comfortably
// and our counts fit in 2^53, so parse them as numbers once, here.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
// A DATE is a calendar day, not an instant: keep 'YYYY-MM-DD' rather than a local-midnight Date.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Db = Knex;

export interface DbOptions {
  url: string;
  poolMax?: number;
  acquireTimeoutMs?: number;
  /** Where knex's own warnings go (pool errors while the database is down); console by default. */
  logger?: { warn(msg: unknown): void; error(msg: unknown): void };
}

export function createDb({ url, poolMax = 10, acquireTimeoutMs = 5_000, logger }: DbOptions): Db {
  return knexFactory({
    log: logger ? { warn: (m) => logger.warn(m), error: (m) => logger.error(m), deprecate: () => undefined, debug: () => undefined } : undefined,
    client: 'pg',
    connection: { connectionString: url, connectionTimeoutMillis: acquireTimeoutMs },
    pool: {
      min: 0,
      max: poolMax,
      // Registry search matches typos by trigram similarity; 0.25 (default 0.3) lets a transposition in a
      // short name ("stirpe") still reach its product while the trigram index keeps the match fast.
      afterCreate: (conn: pg.Client, done: (err: Error | null, conn: pg.Client) => void) => {
        conn.query('SET pg_trgm.similarity_threshold = 0.25', (err) => done(err, conn));
      },
    },
    acquireConnectionTimeout: acquireTimeoutMs,
  });
}

const migrationConfig: Knex.MigratorConfig = {
  // Compiled migrations live beside this file's compiled output: dist/migrations.
  directory: path.resolve(__dirname, '../../migrations'),
  loadExtensions: ['.js'],
  tableName: 'knex_migrations',
};

export async function migrateLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest(migrationConfig)) as [number, string[]];
  return applied;
}

export async function rollbackAll(db: Db): Promise<void> {
  await db.migrate.rollback(migrationConfig, true);
}

/**
 * One pooled connection for a hot path that talks to pg directly (prepared statements, several statements
 * in one round trip). If `fn` fails, whatever transaction it left open is rolled back; a connection that
 * cannot even do that is handed back marked broken, so the pool closes it instead of reusing it.
 */
export async function withConnection<T>(db: Db, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const conn = (await db.client.acquireConnection()) as pg.Client & { __knex__disposed?: unknown };
  try {
    return await fn(conn);
  } catch (err) {
    await conn.query('ROLLBACK').catch((rollbackFailed: unknown) => {
      conn.__knex__disposed = rollbackFailed; // knex's own mark for a connection to destroy
    });
    throw err;
  } finally {
    await db.client.releaseConnection(conn);
  }
}

/** Round trip to Postgres, bounded so a dead database answers quickly instead of hanging. */
export async function pingDb(db: Db, timeoutMs = 2_000): Promise<void> {
  await withTimeout(db.raw('select 1'), timeoutMs, 'postgres ping timed out');
}

export function withTimeout<T>(promise: PromiseLike<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    Promise.resolve(promise).finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms);
    }),
  ]);
}
