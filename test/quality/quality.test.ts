import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { loadRegistrySeed } from '../../src/services/registry-seed';
import { createDb, migrateLatest, type Db } from '../../src/store/db';
import { createScratchDatabase, getInfra } from '../support/infra';
import { EXTERNAL_FLOOR, evaluateSet, isLong, ndcgAt5, reciprocalRank, type SetReport, TARGETS, taskSet, TRAINING_FLOOR } from './evaluate';

describe('task ranking quality: two training sets, frozen holdout and external sets, both primitives (on the seed alone)', function () {
  this.timeout(300_000);
  let db: Db;
  const reports: SetReport[] = [];
  const report = (set: SetReport['set'], primitive: SetReport['primitive']) => reports.find((r) => r.set === set && r.primitive === primitive && !r.models)!;

  before(async () => {
    // A database of its own: other tests audit fixture products into the shared one.
    const url = await createScratchDatabase(getInfra().databaseUrl, `agentdex_quality_${randomBytes(4).toString('hex')}`);
    db = createDb({ url, poolMax: 2 });
    await migrateLatest(db);
    await loadRegistrySeed(db);
    for (const name of ['training', 'training-metatool', 'holdout', 'external'] as const) {
      for (const primitive of ['resolve', 'find-tools'] as const) reports.push(await evaluateSet(db, taskSet(name), primitive));
    }
  });
  after(() => db?.destroy());

  it('keeps the four sets apart, the holdout and external sets frozen, each big enough', () => {
    const norm = (s: string) =>
      s
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ' ')
        .trim();
    const [training, metatool, holdout, external] = (['training', 'training-metatool', 'holdout', 'external'] as const).map(taskSet);
    const seen = new Map<string, string>();
    for (const set of [training, metatool, holdout, external]) {
      for (const t of set.tasks) {
        assert.ok(!seen.has(norm(t.task)) || seen.get(norm(t.task)) === set.name, `"${t.task}" is in ${seen.get(norm(t.task))} and ${set.name}`);
        seen.set(norm(t.task), set.name);
        assert.ok(t.acceptable.length > 0, `"${t.task}" has no acceptable product`);
      }
    }
    assert.match(holdout.frozen ?? '', /^\d{4}-\d{2}-\d{2}$/);
    assert.match(external.frozen ?? '', /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(training.tasks.length >= 150 && metatool.tasks.length >= 100 && holdout.tasks.length >= 100 && external.tasks.length >= 150);
    // The MetaTool training split shares no gold tool with the external set (tuning on it reads no external tool).
    const externalTools = new Set(external.tasks.flatMap((t) => t.goldTools ?? []));
    assert.deepEqual(
      metatool.tasks.flatMap((t) => t.goldTools ?? []).filter((tool) => externalTools.has(tool)),
      [],
    );
    assert.ok(external.tasks.filter((t) => isLong(t.task)).length >= 10, 'the external set keeps its long requests');
    const judged = taskSet('external+judged');
    assert.ok(
      judged.tasks.every((t, i) => external.tasks[i].acceptable.every((s) => t.acceptable.includes(s))),
      'judgments only add labels',
    );
  });

  for (const primitive of ['resolve', 'find-tools'] as const) {
    it(`${primitive}: hit@5 >= ${TARGETS.holdoutHit5} on the frozen holdout`, () => {
      assert.ok(report('holdout', primitive).all.hit5 >= TARGETS.holdoutHit5, JSON.stringify(report('holdout', primitive).all));
    });
    // Issue 21's target for the external set is hit@5 >= TARGETS.externalHit5 (0.80); it is not reached yet
    // (bench/RESULTS.md), so this holds the figures reached against regression.
    it(`${primitive}: hit@5 >= ${EXTERNAL_FLOOR.hit5} on the external set (requests written by others; target ${TARGETS.externalHit5} not reached)`, () => {
      assert.ok(report('external', primitive).all.hit5 >= EXTERNAL_FLOOR.hit5, JSON.stringify(report('external', primitive).all));
    });
    it(`${primitive}: no drop on the training set from the ranking it replaced`, () => {
      const { hit5, ndcg5 } = report('training', primitive).all;
      assert.ok(hit5 >= TRAINING_FLOOR[primitive].hit5 && ndcg5 >= TRAINING_FLOOR[primitive].ndcg5, JSON.stringify(report('training', primitive).all));
    });
  }

  it('answers no task empty (each has a relevant product in the registry)', () => {
    const empty = reports.flatMap((r) => r.outcomes.filter((o) => o.empty).map((o) => `${r.set}/${r.primitive}: ${o.task}`));
    assert.deepEqual(empty, []);
  });

  const ndcgCases: Array<[string[], string[], number]> = [
    [['a', 'b', 'c', 'd', 'e'], ['a', 'b', 'c', 'd', 'e'], 1],
    [['x', 'y'], ['a'], 0],
    [['x', 'a'], ['a'], 1 / Math.log2(3)],
    [[], ['a', 'b'], 0],
  ];
  for (const [results, acceptable, expected] of ndcgCases) {
    it(`nDCG@5 of ${JSON.stringify(results)} against ${JSON.stringify(acceptable)} is ${expected.toFixed(3)}`, () => {
      assert.ok(Math.abs(ndcgAt5(results, acceptable) - expected) < 1e-9);
    });
  }
  const rrCases: Array<[string[], string[], number]> = [
    [['a', 'b'], ['a'], 1],
    [['x', 'y', 'a'], ['a', 'y'], 0.5],
    [['x'], ['a'], 0],
  ];
  for (const [results, acceptable, expected] of rrCases) {
    it(`reciprocal rank of ${JSON.stringify(results)} against ${JSON.stringify(acceptable)} is ${expected}`, () => {
      assert.equal(reciprocalRank(results, acceptable), expected);
    });
  }
});
