import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { loadRegistrySeed } from '../../src/services/registry-seed';
import { createDb, migrateLatest, type Db } from '../../src/store/db';
import { createScratchDatabase, getInfra } from '../support/infra';
import {
  evaluateFindTools,
  evaluateResolve,
  FIND_TOOLS_TARGETS,
  labelledTasks,
  ndcgAt5,
  precisionAt5,
  SENSE_NDCG5_FLOOR,
  summarise,
  TARGETS,
  withJudgments,
  type QualityReport,
} from './evaluate';

describe('resolve and find-tools quality (labelled tasks, on the seed alone)', function () {
  this.timeout(180_000);
  let db: Db;
  let report: QualityReport;
  let found: QualityReport;

  before(async () => {
    // A database of its own: other tests audit fixture products into the shared one.
    const url = await createScratchDatabase(getInfra().databaseUrl, `agentdex_quality_${randomBytes(4).toString('hex')}`);
    db = createDb({ url, poolMax: 2 });
    await migrateLatest(db);
    await loadRegistrySeed(db);
    report = await evaluateResolve(db);
    found = await evaluateFindTools(db);
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

  it(`meets nDCG@5 >= ${TARGETS.ndcg5} for the ranked products (word-sense tasks >= ${SENSE_NDCG5_FLOOR})`, () => {
    const rest = summarise(report.outcomes.filter((o) => o.kind !== 'sense'));
    assert.ok(rest.ndcg5 >= TARGETS.ndcg5, `nDCG@5 ${rest.ndcg5}`);
    assert.ok(report.byKind.sense.ndcg5 >= SENSE_NDCG5_FLOOR, `word-sense nDCG@5 ${report.byKind.sense.ndcg5}`);
  });

  it(`find-tools meets nDCG@5 >= ${FIND_TOOLS_TARGETS.ndcg5} and precision@5 >= ${FIND_TOOLS_TARGETS.precision5} on the same tasks`, () => {
    assert.ok(found.ndcg5 >= FIND_TOOLS_TARGETS.ndcg5, `find-tools nDCG@5 ${found.ndcg5}`);
    assert.ok(found.precision5 >= FIND_TOOLS_TARGETS.precision5, `find-tools precision@5 ${found.precision5}`);
  });

  it('find-tools orders only products that fit the task: "send sms" is SMS providers, best readiness first', async () => {
    const sms = found.outcomes.find((o) => o.task === 'text customers an SMS when their order ships')!;
    assert.ok(sms.precision5 >= 0.8, sms.top5.join(', '));
  });

  it('precision@5 counts acceptable products among the first five, of five', () => {
    assert.equal(precisionAt5(['a', 'x', 'b'], ['a', 'b', 'c']), 0.4);
    assert.equal(precisionAt5([], ['a']), 0);
  });

  it("adds a pooled product to a task's acceptable ones only when judged relevant for that task", () => {
    const tasks = [
      { task: 'a', kind: 'plain' as const, capabilities: ['x.y'], acceptable: ['p'] },
      { task: 'b', kind: 'plain' as const, capabilities: ['x.y'], acceptable: [] },
    ];
    const judged = withJudgments(tasks, [
      { task: 'a', slug: 'q', relevant: true },
      { task: 'a', slug: 'r', relevant: false },
      { task: 'b', slug: 'p', relevant: true },
      { task: 'a', slug: 'p', relevant: true },
    ]);
    assert.deepEqual(
      judged.map((t) => t.acceptable),
      [['p', 'q'], ['p']],
    );
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
