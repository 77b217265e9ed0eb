import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkWallClock } from './wall-clock-rule';

// Keeps the suite's habit: no test asserts a wall-clock duration tighter than the margin rule (wall-clock-rule.ts).

const ROOT = path.resolve(__dirname, '../../..');

function testSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testSources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('the margin rule for real time in tests', () => {
  const cases: Array<[string, string, number]> = [
    ['a tight upper bound on Date.now() - started', 'const started = Date.now();\nassert.ok(Date.now() - started < 1500);', 2],
    [
      'a tight bound through a measured name',
      'const started = Date.now();\nconst took = Date.now() - started;\n// real time: a socket\nassert.ok(took >= 1400 && took < 3000);',
      1,
    ],
    ['seconds count as seconds', 'const elapsedSeconds = (Date.now() - s) / 1000;\n// real time: a bucket\nassert.ok(elapsedSeconds < 2);', 1],
    ['a helper’s ms', '// real time: a child process\nassert.ok(ended.ms < 4_000, "x");', 1],
    ['a lower bound without its reason', 'const started = Date.now();\nassert.ok(Date.now() - started >= 280);', 1],
    ['a short polling deadline', 'const deadline = Date.now() + 2_000;', 1],
    ['a short mocha timeout', 'this.timeout(2000);', 1],
    ['hrtime in milliseconds', 'const started = process.hrtime.bigint();\nassert.ok(Number(process.hrtime.bigint() - started) / 1e6 < 3000);', 2],
    [
      'a wide bound with its reason',
      'const started = Date.now();\n// real time: a real server’s 3 s connect timeout\nassert.ok(Date.now() - started < 5_000);',
      0,
    ],
    ['a commented lower bound', 'const began = Date.now();\n// real time: the child really waited\nassert.ok(Date.now() - began >= 1000);', 0],
    ['virtual time is not real time', 'assert.equal(time.elapsed(), 300);\nassert.ok(first >= 750);', 0],
    ['a database timestamp is no deadline', '.update({ expires_at: new Date(Date.now() + 2_500) });', 0],
    ['a long deadline', 'const deadline = Date.now() + 20_000;', 0],
    ['AbortSignal.timeout is not mocha', 'await fetch(u, { signal: AbortSignal.timeout(3000) });', 0],
  ];
  for (const [what, source, expected] of cases) {
    it(`finds ${expected} in: ${what}`, () => {
      const found = checkWallClock(source);
      assert.equal(found.length, expected, JSON.stringify(found, null, 1));
    });
  }

  it('holds in every test source', () => {
    const files = testSources(path.join(ROOT, 'test'));
    assert.ok(files.length > 100, `read ${files.length} test sources under ${ROOT}/test`);
    const problems = files.flatMap((file) =>
      checkWallClock(readFileSync(file, 'utf8')).map((f) => `${path.relative(ROOT, file)}:${f.line}: ${f.problem}\n    ${f.text}`),
    );
    assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
  });
});
