/**
 * The ranking index in the worker's memory at 100k products: `npm run bench:index-memory`. Builds the index
 * the worker builds (src/services/ranking-index.ts: BM25F postings, one word vector per product) over the
 * seed plus 100,000 synthetic products (BENCH_DATA_DIR keeps a filled cluster, as bench:primitives does),
 * and reads the heap and typed arrays it adds after a full GC, how long it took to build, and how long a
 * full GC of the process takes with it. Writes its section of bench/RESULTS.md (`index-memory`). Run with
 * `node --expose-gc`.
 */
import { rankingIndex } from '../src/services/ranking-index';
import { wordVectors } from '../src/services/word-vectors';
import { openBenchDatabase } from './database';
import { machine, writeSection } from './results-file';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);

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
    const command = '`npm run bench:index-memory` (the index the worker builds, word vectors included; heap and typed arrays it adds, after a full GC).';
    const body = ['| products | word-vector dimensions | heap MB | typed arrays MB | build s | full GC ms |', '|---|---|---|---|---|---|', row, ''].join('\n');
    process.stdout.write(
      ['', `## Ranking index in memory — ${new Date().toISOString().slice(0, 10)}`, '', `Machine: ${machine()}. Command: ${command}`, '', body].join('\n'),
    );
    writeSection({
      id: 'index-memory',
      title: 'Ranking index in memory',
      command,
      body,
      targets: [
        {
          target: `ranking index at ${index.size} products: heap, typed arrays, build, full GC`,
          figure: `${mb(after.heapUsed - before.heapUsed)} MB, ${mb(after.arrayBuffers - before.arrayBuffers)} MB, ${buildS.toFixed(1)} s, ${gcMs.toFixed(0)} ms`,
          met: null,
        },
      ],
    });
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
