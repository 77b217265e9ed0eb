/**
 * `npm run quality:tune`: fits the ranking's figures (src/domain/ranking/params.ts) on the TRAINING sets
 * only (tasks.json and the MetaTool training split, each reported). The holdout and external sets are
 * frozen and never read here. It ranks in memory over the committed seed (./seed-ranking.ts), which
 * `npm run quality` confirms through Postgres and the services.
 *   npm run quality:tune                      figures per kind for the current params
 *   npm run quality:tune -- --verbose         and every training task that misses
 *   npm run quality:tune -- --grid '{"rank.capability":[0.02,0.04],"fields.fields.queries.weight":[1,1.5],"query.storyWeight":[0.35,0.5]}'
 *                                             every combination, the 15 best by hit@5 + nDCG@5
 */
import { ndcgAt5, reciprocalRank, taskSet } from './evaluate';
import { CURRENT_PARAMS, type Params, rankSeedTask } from './seed-ranking';

const sets = (['training', 'training-metatool'] as const).map(taskSet);

interface Figures {
  hit: number;
  hit20: number;
  ndcg: number;
  mrr: number;
}

function run(params: Params, verbose = false) {
  const byKind = new Map<string, { n: number; hit: number }>();
  const bySet = new Map<string, Figures>();
  const all: Figures = { hit: 0, hit20: 0, ndcg: 0, mrr: 0 };
  for (const set of sets) {
    const sum: Figures = { hit: 0, hit20: 0, ndcg: 0, mrr: 0 };
    for (const t of set.tasks) {
      const slugs = rankSeedTask(t.task, params).results.map((r) => r.slug);
      const ok = slugs.slice(0, 5).some((s) => t.acceptable.includes(s));
      sum.hit += ok ? 1 : 0;
      sum.hit20 += slugs.some((s) => t.acceptable.includes(s)) ? 1 : 0;
      sum.ndcg += ndcgAt5(slugs, t.acceptable);
      sum.mrr += reciprocalRank(slugs, t.acceptable);
      const k = byKind.get(t.kind) ?? { n: 0, hit: 0 };
      byKind.set(t.kind, { n: k.n + 1, hit: k.hit + (ok ? 1 : 0) });
      if (verbose && !ok) console.log(`miss [${t.kind}] ${t.task}\n     top5 ${slugs.slice(0, 5).join(', ')}\n     want ${t.acceptable.join(', ')}`);
    }
    const n = set.tasks.length;
    bySet.set(set.name, { hit: sum.hit / n, hit20: sum.hit20 / n, ndcg: sum.ndcg / n, mrr: sum.mrr / n });
    for (const f of ['hit', 'hit20', 'ndcg', 'mrr'] as const) all[f] += sum[f];
  }
  const n = sets.reduce((k, s) => k + s.tasks.length, 0);
  return { hit: all.hit / n, hit20: all.hit20 / n, ndcg: all.ndcg / n, mrr: all.mrr / n, byKind, bySet };
}

const line = (f: Figures) => `hit@5 ${f.hit.toFixed(3)}  hit@20 ${f.hit20.toFixed(3)}  nDCG@5 ${f.ndcg.toFixed(3)}  MRR ${f.mrr.toFixed(3)}`;

/** Sets `a.b.c` in a copy of the params. */
function withValue(p: Params, dotted: string, value: number): Params {
  const copy = JSON.parse(JSON.stringify(p)) as Params;
  const keys = dotted.split('.');
  let at: Record<string, unknown> = copy as unknown as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
  if (!(keys[keys.length - 1] in at)) throw new Error(`no parameter ${dotted}`);
  at[keys[keys.length - 1]] = value;
  return copy;
}

const current = CURRENT_PARAMS;
const gridArg = process.argv.includes('--grid') ? process.argv[process.argv.indexOf('--grid') + 1] : undefined;
if (gridArg) {
  const grid = JSON.parse(gridArg) as Record<string, number[]>;
  let combos: Array<Record<string, number>> = [{}];
  for (const [k, values] of Object.entries(grid)) combos = combos.flatMap((c) => values.map((v) => ({ ...c, [k]: v })));
  const results = combos.map((c) => ({ c, ...run(Object.entries(c).reduce((p, [k, v]) => withValue(p, k, v), current)) }));
  results.sort((a, b) => b.hit + b.ndcg - (a.hit + a.ndcg));
  for (const r of results.slice(0, 15))
    console.log(`${JSON.stringify(r.c)}  ${line(r)}  (${[...r.bySet].map(([k, f]) => `${k} ${f.hit.toFixed(3)}`).join(', ')})`);
} else {
  const r = run(current, process.argv.includes('--verbose'));
  console.log([...r.byKind].map(([k, v]) => `${k} ${v.hit}/${v.n}`).join('  '));
  for (const set of sets) console.log(`${set.name}: ${set.tasks.length} tasks  ${line(r.bySet.get(set.name)!)}`);
  console.log(`both: ${line(r)}`);
}
