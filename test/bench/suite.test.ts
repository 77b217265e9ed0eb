import assert from 'node:assert/strict';
import { readMochaSummary } from '../../bench/suite';

describe('bench:suite reads a CI run', () => {
  const cases: Array<[string, string, ReturnType<typeof readMochaSummary>]> = [
    ['a green run', '  ✔ a test\n\n  1316 passing (7m)\n', { passing: 1316, failing: 0, pending: 0, testsTook: '7m', failures: [] }],
    [
      'a red run, its failure named once',
      '  1315 passing (11m)\n  2 pending\n  1 failing\n\n  1) CLI output\n       shows a spinner:\n  1) CLI output\n',
      { passing: 1315, failing: 1, pending: 2, testsTook: '11m', failures: ['CLI output'] },
    ],
    ['no mocha at all (an install failed)', 'npm error code E404\n', { passing: 0, failing: 0, pending: 0, testsTook: '?', failures: [] }],
  ];
  for (const [what, output, expected] of cases) {
    it(what, () => assert.deepEqual(readMochaSummary(output), expected));
  }
});
