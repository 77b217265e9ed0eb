/**
 * The ranking index in the worker's memory at 100k products: `npm run bench:index-memory`. Builds the index
 * the worker builds (src/services/ranking-index.ts: BM25F postings, one word vector per product) over the
 * seed plus 100,000 synthetic products (BENCH_DATA_DIR keeps a filled cluster, as bench:primitives does),
 * and reads the heap and typed arrays it adds after a full GC, how long it took to build, and how long a
 * full GC of the process takes with it. Appends to bench/RESULTS.md. Run with `node --expose-gc`.
 */
import { appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rankingIndex } from '../src/services/ranking-index';
import { wordVectors } from '../src/services/word-vectors';
import { openBenchDatabase } from './database';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const RESULTS = path.resolve(__dirname, '../../bench/RESULTS.md');

async function main(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc (npm run bench:index-memory does)');
  const db = await openBenchDatabase(PRODUCTS, (m) => process.stderr.write(`${m}\n`));
  try {
    gc();
    const before = process.memoryUsage();
    const started = performance.now();
    const index = await rankingIndex(db.db, { fresh: true });
    const buildS = (performance.now() - started) / 1000;
    gc();
    const after = process.memoryUsage();
    const gcStarted = performance.now();
    gc();
    const gcMs = performance.now() - gcStarted;
    const mb = (n: number) => (n / 2 ** 20).toFixed(1);
    const vectors = wordVectors();
    const row = `| ${index.size} | ${vectors.dimensions} | ${mb(after.heapUsed - before.heapUsed)} | ${mb(after.arrayBuffers - before.arrayBuffers)} | ${buildS.toFixed(1)} | ${gcMs.toFixed(0)} |`;
    const text = [
      '',
      `## Ranking index in memory — ${new Date().toISOString().slice(0, 10)}`,
      '',
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. Command: \`npm run bench:index-memory\` (the index the worker builds, word vectors included; heap and typed arrays it adds, after a full GC).`,
      '',
      '| products | word-vector dimensions | heap MB | typed arrays MB | build s | full GC ms |',
      '|---|---|---|---|---|---|',
      row,
      '',
    ].join('\n');
    process.stdout.write(text);
    appendFileSync(RESULTS, text);
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
