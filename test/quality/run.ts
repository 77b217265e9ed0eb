/**
 * `npm run quality`: prints resolve's capability precision, recall and nDCG@5 over the labelled tasks,
 * against a throwaway embedded Postgres loaded with the committed seed (or QUALITY_DATABASE_URL).
 * `-- --tasks holdout-tasks.json` evaluates another labelled set in test/quality/; `--verbose` lists every task.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../src/runtime/embedded-postgres';
import { freePort } from '../../src/runtime/free-port';
import { loadRegistrySeed } from '../../src/services/registry-seed';
import { createDb, migrateLatest } from '../../src/store/db';
import { evaluateResolve, labelledTasks, TARGETS } from './evaluate';

async function main(): Promise<void> {
  const log = (m: string) => process.stderr.write(`${m}\n`);
  let url = process.env.QUALITY_DATABASE_URL;
  let stop = async () => {};
  if (!url) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agentdex-quality-'));
    chmodSync(dir, 0o755);
    const pg = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false, database: 'agentdex', log: () => {} });
    url = pg.url;
    stop = async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const db = createDb({ url, poolMax: 2 });
  try {
    await migrateLatest(db);
    log('loading the seed...');
    await loadRegistrySeed(db);
    const at = process.argv.indexOf('--tasks');
    const report = await evaluateResolve(db, labelledTasks(at > 0 ? process.argv[at + 1] : undefined));
    const verbose = process.argv.includes('--verbose');
    for (const o of report.outcomes) {
      const missed = o.capabilities.filter((c) => !o.predicted.includes(c));
      const extra = o.predicted.filter((c) => !o.capabilities.includes(c));
      if (verbose || missed.length || extra.length || o.ndcg5 < 0.5) {
        console.log(`${o.ndcg5.toFixed(2)}  ${o.task}\n      capabilities ${o.predicted.join(', ') || '-'}${missed.length ? `  missed ${missed.join(', ')}` : ''}${extra.length ? `  extra ${extra.join(', ')}` : ''}\n      top5 ${o.top5.join(', ') || '-'}`);
      }
    }
    console.log('\nkind          tasks  precision  recall  nDCG@5');
    for (const [kind, s] of Object.entries(report.byKind)) console.log(`${kind.padEnd(13)} ${String(s.tasks).padStart(5)}  ${s.precision.toFixed(3).padStart(9)}  ${s.recall.toFixed(3).padStart(6)}  ${s.ndcg5.toFixed(3).padStart(6)}`);
    console.log(`${'all'.padEnd(13)} ${String(report.tasks).padStart(5)}  ${report.precision.toFixed(3).padStart(9)}  ${report.recall.toFixed(3).padStart(6)}  ${report.ndcg5.toFixed(3).padStart(6)}`);
    console.log(`targets               ${TARGETS.precision.toFixed(3).padStart(9)}  ${TARGETS.recall.toFixed(3).padStart(6)}  ${TARGETS.ndcg5.toFixed(3).padStart(6)}`);
    const met = report.precision >= TARGETS.precision && report.recall >= TARGETS.recall && report.ndcg5 >= TARGETS.ndcg5;
    console.log(met ? 'all targets met' : 'TARGETS NOT MET');
    process.exitCode = met ? 0 : 1;
  } finally {
    await db.destroy();
    await stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
