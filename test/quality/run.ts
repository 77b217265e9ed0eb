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
 * Every run rewrites its section of bench/RESULTS.md (`quality`) with these figures and targets.
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
import { type Target, writeSection } from '../../bench/results-file';
import { evaluateSet, type Figures, LONG_WORDS, type SetReport, TARGETS, taskSet, TRAINING_FLOOR } from './evaluate';

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
    // Each check names the target of bench/RESULTS.md it counts towards.
    const checks: Array<[string, boolean, Goal]> = [
      ...(['resolve', 'find-tools'] as const).flatMap(
        (p): Array<[string, boolean, Goal]> => [
          [`holdout ${p} hit@5 ${of('holdout', p).hit5} >= ${TARGETS.holdoutHit5}`, of('holdout', p).hit5 >= TARGETS.holdoutHit5, 'holdout'],
          [`external ${p} hit@5 ${of('external', p).hit5} >= ${TARGETS.externalHit5}`, of('external', p).hit5 >= TARGETS.externalHit5, 'external'],
          [
            `external+judged ${p} hit@5 ${of('external+judged', p).hit5} >= ${TARGETS.externalHit5}`,
            of('external+judged', p).hit5 >= TARGETS.externalHit5,
            'external',
          ],
          [`training ${p} hit@5 ${of('training', p).hit5} >= ${TRAINING_FLOOR[p].hit5} (before)`, of('training', p).hit5 >= TRAINING_FLOOR[p].hit5, 'training'],
          [
            `training ${p} nDCG@5 ${of('training', p).ndcg5} >= ${TRAINING_FLOOR[p].ndcg5} (before)`,
            of('training', p).ndcg5 >= TRAINING_FLOOR[p].ndcg5,
            'training',
          ],
        ],
      ),
      [`empty answers: ${reports.reduce((n, r) => n + r.all.empty, 0)} (target 0)`, reports.every((r) => r.all.empty === 0), 'empty'],
    ];
    console.log('');
    for (const [what, ok] of checks) console.log(`${ok ? 'met    ' : 'NOT MET'}  ${what}`);
    writeQualitySection(reports, checks, { database: process.env.QUALITY_DATABASE_URL ? 'QUALITY_DATABASE_URL' : undefined });
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

/** The targets of the `quality` section, each met when every check of its kind is. */
type Goal = 'holdout' | 'external' | 'training' | 'empty';

/** The command as it was run: `npm run quality`, or the script itself, with its arguments. */
function commandRun(): string {
  const args = process.argv.slice(2).join(' ');
  if (process.env.npm_lifecycle_event === 'quality') return `npm run quality${args ? ` -- ${args}` : ''}`;
  return `node ${path.relative(process.cwd(), process.argv[1] ?? 'dist/test/quality/run.js')}${args ? ` ${args}` : ''}`;
}

/**
 * Rewrites the `quality` section of bench/RESULTS.md from the run's reports and checks: one row per set (one per
 * primitive when resolve and find-tools differ), hit@5 of short and long requests, and the targets.
 */
function writeQualitySection(reports: SetReport[], checks: Array<[string, boolean, Goal]>, o: { database?: string }): void {
  const f3 = (x: number) => x.toFixed(3);
  const sets = [...new Set(reports.map((r) => r.set))];
  const label = (set: SetReport['set']) => {
    const frozen = taskSet(set).frozen;
    const name = set === 'external+judged' ? 'external + judged labels' : set;
    return frozen && set !== 'external+judged' ? `${name} (frozen ${frozen})` : name;
  };
  const lexical = (set: SetReport['set'], p: SetReport['primitive']) => reports.find((r) => r.set === set && r.primitive === p && !r.models)!;
  // The shown figures only: resolve alone has capability precision and recall.
  const same = (a: Figures, b: Figures) => (['tasks', 'hit5', 'hit20', 'ndcg5', 'mrr', 'empty'] as const).every((k) => a[k] === b[k]);
  /** The reports to show for a set: one for both primitives when their figures agree, then any with the optional models. */
  const shown = (set: SetReport['set'], agree: (a: SetReport, b: SetReport) => boolean): Array<[string, SetReport]> => {
    const [resolve, find] = [lexical(set, 'resolve'), lexical(set, 'find-tools')];
    const withModels = reports.filter((r) => r.set === set && r.models).map((r): [string, SetReport] => [`${r.primitive}+${r.models}`, r]);
    return [
      ...(agree(resolve, find)
        ? [['both', resolve] as [string, SetReport]]
        : [['resolve', resolve] as [string, SetReport], ['find-tools', find] as [string, SetReport]]),
      ...withModels,
    ];
  };
  const row = (set: SetReport['set'], primitive: string, f: Figures) =>
    `| ${label(set)} | ${primitive} | ${f.tasks} | ${f3(f.hit5)} | ${f3(f.hit20)} | ${f3(f.ndcg5)} | ${f3(f.mrr)} | ${f.empty} |`;
  const table = [
    '| set | primitive | tasks | hit@5 | hit@20 | nDCG@5 | MRR | empty |',
    '|---|---|---|---|---|---|---|---|',
    ...sets.flatMap((set) => shown(set, (a, b) => same(a.all, b.all)).map(([p, r]) => row(set, p, r.all))),
  ];
  const lengths = sets.flatMap((set) =>
    shown(set, (a, b) => same(a.short, b.short) && same(a.long, b.long))
      .filter(([, r]) => r.short.tasks && r.long.tasks)
      .map(([p, r]) => `${set}${p === 'both' ? '' : ` ${p}`} ${f3(r.short.hit5)} (${r.short.tasks}) / ${f3(r.long.hit5)} (${r.long.tasks})`),
  );
  const met = (goal: Goal) => checks.filter(([, , g]) => g === goal).every(([, ok]) => ok);
  /** A figure of both primitives: one number when they agree. */
  const both = (set: SetReport['set'], pick: (f: Figures) => number) => {
    const [a, b] = [pick(lexical(set, 'resolve').all), pick(lexical(set, 'find-tools').all)];
    return a === b ? f3(a) : `resolve ${f3(a)}, find-tools ${f3(b)}`;
  };
  const empties = reports.filter((r) => r.all.empty);
  const targets: Target[] = [
    { target: `holdout hit@5 >= ${TARGETS.holdoutHit5.toFixed(2)}, both primitives`, figure: both('holdout', (f) => f.hit5), met: met('holdout') },
    {
      target: `external hit@5 >= ${TARGETS.externalHit5.toFixed(2)}, both primitives`,
      figure: `${both('external', (f) => f.hit5)} (${both('external+judged', (f) => f.hit5)} with the judged labels)`,
      met: met('external'),
    },
    {
      target: '0 empty answers where a relevant product is in the registry',
      figure: empties.length
        ? empties.map((r) => `${r.set} ${r.models ? `${r.primitive}+${r.models}` : r.primitive}: ${r.all.empty}`).join(', ')
        : '0 in every set',
      met: met('empty'),
    },
    {
      target: 'no drop on the training set (hit@5 and nDCG@5 against the replaced ranking)',
      figure: `hit@5 ${both('training', (f) => f.hit5)}, nDCG@5 ${both('training', (f) => f.ndcg5)}`,
      met: met('training'),
    },
  ];
  const models = [...new Set(reports.map((r) => r.models).filter(Boolean))];
  const body = [
    'Every set through both primitives (resolve, find-tools) on the lexical pipeline, which the targets measure;',
    `"both" where the two give the same figures.${models.length ? ` Rows with ${models.join(', ')}: the optional models, outside the targets.` : ''}`,
    '',
    ...table,
    '',
    ...(lengths.length ? [`Short and long (${LONG_WORDS} words or more) requests, hit@5: ${lengths.join('; ')}.`] : []),
  ].join('\n');
  writeSection({
    id: 'quality',
    title: 'Task ranking: `npm run quality`',
    command: `\`${commandRun()}\` (${o.database ?? 'a throwaway embedded Postgres loaded with the committed seed'}).`,
    body,
    targets,
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
