/**
 * `npm run quality`: every task set (training, frozen holdout, external) through both primitives
 * (resolve, find-tools), against a throwaway embedded Postgres loaded with the committed seed (or
 * QUALITY_DATABASE_URL). Prints hit@5, nDCG@5, MRR and the empty-answer rate per set and primitive, for
 * short and long (40 words or more) requests apart, hit@20 (a relevant product anywhere in the 20 results: what
 * a better order of them could reach), resolve's capability precision and recall where
 * capabilities are labelled, and whether the targets hold (exit 1 when not).
 * With LLM_BASE_URL or EMBEDDINGS_BASE_URL set, the optional models are measured too, in rows of their own.
 * `--verbose` lists every training task that misses (both training sets only: the others are not read
 * task by task, which would be tuning on them); `--kinds` adds the figures per kind; `--json out.json` writes the report.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { startEmbeddedPostgres } from '../../src/runtime/embedded-postgres';
import { openAiCompatibleEmbeddings } from '../../src/services/embeddings';
import { findTools } from '../../src/services/find-tools';
import { openAiCompatibleModel } from '../../src/services/llm';
import { vectorsFilled } from '../../src/services/product-vectors';
import { freePort } from '../../src/runtime/free-port';
import { loadRegistrySeed } from '../../src/services/registry-seed';
import { createDb, migrateLatest } from '../../src/store/db';
import { evaluateSet, type Figures, type SetReport, TARGETS, taskSet, TRAINING_FLOOR } from './evaluate';

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
    // The optional models are measured the same way when configured; the targets hold on the lexical pipeline.
    const config = loadConfig();
    const models = {
      llm: config.llm ? openAiCompatibleModel(config.llm) : undefined,
      embeddings: config.embeddings ? openAiCompatibleEmbeddings(config.embeddings) : undefined,
    };
    if (models.embeddings) {
      log('embedding the products...');
      await findTools(db, 'warm up', { embeddings: models.embeddings });
      await vectorsFilled(db, models.embeddings);
    }
    const reports: SetReport[] = [];
    for (const name of ['training', 'training-metatool', 'holdout', 'external', 'external+judged'] as const) {
      const set = taskSet(name);
      for (const primitive of ['resolve', 'find-tools'] as const) {
        reports.push(await evaluateSet(db, set, primitive));
        if ((models.llm && primitive === 'resolve') || models.embeddings) reports.push(await evaluateSet(db, set, primitive, models));
      }
    }
    const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
    if (process.argv.includes('--verbose')) {
      const training = reports.filter((r) => r.set.startsWith('training') && r.primitive === 'resolve' && !r.models);
      for (const o of training.flatMap((r) => r.outcomes.filter((x) => !x.hit5))) {
        console.log(`miss [${o.kind}] ${o.task}\n      capabilities ${o.predicted.join(', ') || '-'}\n      top5 ${o.ranked.slice(0, 5).join(', ') || '-'}`);
      }
    }
    const cell = (f: Figures) =>
      `${String(f.tasks).padStart(5)}  ${f.hit5.toFixed(3)}  ${f.hit20.toFixed(3)}   ${f.ndcg5.toFixed(3)}  ${f.mrr.toFixed(3)}  ${f.emptyRate.toFixed(3)}`;
    console.log('\nset               primitive   requests  tasks  hit@5  hit@20  nDCG@5 MRR    empty   capability P / R');
    for (const r of reports) {
      const frozen = taskSet(r.set).frozen;
      const pr = r.all.precision !== undefined ? `  ${r.all.precision.toFixed(3)} / ${r.all.recall!.toFixed(3)}` : '';
      const primitive = r.models ? `${r.primitive}+${r.models}` : r.primitive;
      console.log(`${r.set.padEnd(17)} ${primitive.padEnd(11)} all      ${cell(r.all)}${pr}${frozen ? `   (frozen ${frozen})` : ''}`);
      console.log(`${''.padEnd(29)} short    ${cell(r.short)}`);
      console.log(`${''.padEnd(29)} long     ${cell(r.long)}`);
      if (process.argv.includes('--kinds')) for (const [k, f] of Object.entries(r.byKind)) console.log(`${''.padEnd(29)} ${k.padEnd(8)} ${cell(f)}`);
    }
    const of = (set: SetReport['set'], primitive: SetReport['primitive']) => reports.find((r) => r.set === set && r.primitive === primitive && !r.models)!.all;
    const checks: Array<[string, boolean]> = [
      ...(['resolve', 'find-tools'] as const).flatMap(
        (p): Array<[string, boolean]> => [
          [`holdout ${p} hit@5 ${of('holdout', p).hit5} >= ${TARGETS.holdoutHit5}`, of('holdout', p).hit5 >= TARGETS.holdoutHit5],
          [`external ${p} hit@5 ${of('external', p).hit5} >= ${TARGETS.externalHit5}`, of('external', p).hit5 >= TARGETS.externalHit5],
          [`external+judged ${p} hit@5 ${of('external+judged', p).hit5} >= ${TARGETS.externalHit5}`, of('external+judged', p).hit5 >= TARGETS.externalHit5],
          [`training ${p} hit@5 ${of('training', p).hit5} >= ${TRAINING_FLOOR[p].hit5} (before)`, of('training', p).hit5 >= TRAINING_FLOOR[p].hit5],
          [`training ${p} nDCG@5 ${of('training', p).ndcg5} >= ${TRAINING_FLOOR[p].ndcg5} (before)`, of('training', p).ndcg5 >= TRAINING_FLOOR[p].ndcg5],
        ],
      ),
      [`empty answers: ${reports.reduce((n, r) => n + r.all.empty, 0)} (target 0)`, reports.every((r) => r.all.empty === 0)],
    ];
    console.log('');
    for (const [what, ok] of checks) console.log(`${ok ? 'met    ' : 'NOT MET'}  ${what}`);
    const json = arg('--json');
    if (json)
      writeFileSync(
        json,
        JSON.stringify(
          reports.map(({ outcomes: _o, ...r }) => r),
          null,
          1,
        ),
      );
    process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
  } finally {
    await db.destroy();
    await stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
