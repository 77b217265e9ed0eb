import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/runtime/embedded-postgres';
import { freePort } from '../src/runtime/free-port';
import { loadRegistrySeed } from '../src/services/registry-seed';
import { createDb, migrateLatest, type Db } from '../src/store/db';
import { fillRegistry } from './generate-products';

export interface BenchDatabase {
  url: string;
  db: Db;
  /** Closes the pool, stops an embedded cluster and removes it unless BENCH_DATA_DIR keeps it. */
  close(): Promise<void>;
}

/**
 * The benchmarks' registry: BENCH_DATABASE_URL, or a throwaway embedded Postgres (BENCH_DATA_DIR keeps a
 * filled cluster between runs, since filling 100k products takes a while), migrated, seeded and filled
 * with synthetic products up to `products`.
 */
export async function openBenchDatabase(products: number, log: (m: string) => void): Promise<BenchDatabase> {
  let url = process.env.BENCH_DATABASE_URL;
  let stop = async () => {};
  if (!url) {
    const keep = process.env.BENCH_DATA_DIR;
    const dir = keep ? path.resolve(keep) : mkdtempSync(path.join(os.tmpdir(), 'agentdex-bench-'));
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o755);
    const pg = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: !!keep, database: 'agentdex', log });
    url = pg.url;
    stop = async () => {
      await pg.stop();
      if (!keep) rmSync(dir, { recursive: true, force: true });
    };
  }
  const db = createDb({ url, poolMax: 4 });
  await migrateLatest(db);
  await loadRegistrySeed(db);
  const [{ count }] = await db('products').count<{ count: number }[]>('* as count');
  if (Number(count) < products) {
    log(`filling the registry with ${products} synthetic products...`);
    await fillRegistry(db, products, log);
  }
  return {
    url,
    db,
    async close() {
      await db.destroy();
      await stop();
    },
  };
}
