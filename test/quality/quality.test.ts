import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { loadRegistrySeed } from '../../src/services/registry-seed';
import { createDb, migrateLatest, type Db } from '../../src/store/db';
import { createScratchDatabase, getInfra } from '../support/infra';
import { evaluateResolve, labelledTasks, ndcgAt5, TARGETS, withJudgments, type QualityReport } from './evaluate';

describe('resolve quality (labelled tasks, on the seed alone)', function () {
  this.timeout(180_000);
  let db: Db;
  let report: QualityReport;

  before(async () => {
    // A database of its own: other tests audit fixture products into the shared one.
    const url = await createScratchDatabase(getInfra().databaseUrl, `agentdex_quality_${randomBytes(4).toString('hex')}`);
    db = createDb({ url, poolMax: 2 });
    await migrateLatest(db);
    await loadRegistrySeed(db);
    report = await evaluateResolve(db);
  });
  after(() => db?.destroy());

  it('has at least 80 labelled tasks of every kind', () => {
    const tasks = labelledTasks();
    assert.ok(tasks.length >= 80, `${tasks.length}`);
    for (const kind of ['plain', 'typo', 'multi', 'requirement']) assert.ok(tasks.filter((t) => t.kind === kind).length >= 10, kind);
  });

  it(`meets capability precision >= ${TARGETS.precision} and recall >= ${TARGETS.recall}`, () => {
    assert.ok(report.precision >= TARGETS.precision, `precision ${report.precision}`);
    assert.ok(report.recall >= TARGETS.recall, `recall ${report.recall}`);
  });

  it(`meets nDCG@5 >= ${TARGETS.ndcg5} for the ranked products`, () => {
    assert.ok(report.ndcg5 >= TARGETS.ndcg5, `nDCG@5 ${report.ndcg5}`);
  });

  it('adds a pooled product to a task\'s acceptable ones only when judged relevant for that task', () => {
    const tasks = [{ task: 'a', kind: 'plain' as const, capabilities: ['x.y'], acceptable: ['p'] }, { task: 'b', kind: 'plain' as const, capabilities: ['x.y'], acceptable: [] }];
    const judged = withJudgments(tasks, [
      { task: 'a', slug: 'q', relevant: true },
      { task: 'a', slug: 'r', relevant: false },
      { task: 'b', slug: 'p', relevant: true },
      { task: 'a', slug: 'p', relevant: true },
    ]);
    assert.deepEqual(judged.map((t) => t.acceptable), [['p', 'q'], ['p']]);
  });

  const cases: Array<[string[], string[], number]> = [
    [['a', 'b', 'c', 'd', 'e'], ['a', 'b', 'c', 'd', 'e'], 1],
    [['x', 'y'], ['a'], 0],
    [['x', 'a'], ['a'], 1 / Math.log2(3)],
    [[], ['a', 'b'], 0],
  ];
  for (const [results, acceptable, expected] of cases) {
    it(`nDCG@5 of ${JSON.stringify(results)} against ${JSON.stringify(acceptable)} is ${expected.toFixed(3)}`, () => {
      assert.ok(Math.abs(ndcgAt5(results, acceptable) - expected) < 1e-9);
    });
  }
});
