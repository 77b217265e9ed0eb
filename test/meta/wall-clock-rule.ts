// The margin rule for real time in tests, as a checker over test sources (test/meta/wall-clock.test.ts runs it on
// every file). A test about time runs on a fake clock (test/support/fake-clock.ts). Where a test must measure real
// time (a real server's timeout, a real socket, a child process), the measurement is compared only with bounds that
// hold at a quarter of this machine's speed, and says why:
//  - an upper bound on a real duration is at least MIN_UPPER_BOUND_MS (the margin for work a quiet machine does in
//    a second or so), and a deadline for polling something real (`const deadline = Date.now() + N`) likewise;
//  - any comparison of a real duration (upper or lower bound) carries a `real time:` comment on its line or just
//    above, saying why real time and what a quiet machine takes;
//  - a suite's or test's own mocha timeout is at least MIN_MOCHA_TIMEOUT_MS.

export const MIN_UPPER_BOUND_MS = 5_000;
export const MIN_MOCHA_TIMEOUT_MS = 10_000;
/** How many lines above a comparison its `real time:` comment may sit. */
const COMMENT_REACH = 4;

export interface Finding {
  line: number;
  text: string;
  problem: string;
}

const READING = /Date\.now\(\)|performance\.now\(\)|process\.hrtime/;
/** Names that hold a duration measured elsewhere (a helper's `{ms}`), by the habit of this suite. */
const DURATION_NAMES = /(?:^|[^\w.])(?:\w+\.)?(took|elapsed|elapsedSeconds|waited|ms)\b/;
const COMPARISON = /(<=|>=|<|>)\s*(\d[\d_]*(?:\.\d+)?)(?:\s*\*\s*(\d[\d_]*))?/g;

const MEASURING = /(?:Date\.now\(\)|performance\.now\(\)|process\.hrtime[\w.]*\([^)]*\))\s*-/;

const num = (text: string) => Number(text.replace(/_/g, ''));
/** The code of a line: comments and string literals out, so a message's words are never read as code. */
const codeOf = (line: string) =>
  line
    .replace(/`(?:[^`\\]|\\.)*`/g, '``')
    .replace(/'(?:[^'\\]|\\.)*'/g, "''")
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\/\/.*$/, '');

export function checkWallClock(source: string): Finding[] {
  const lines = source.split('\n');
  const findings: Finding[] = [];
  const measured = new Set<string>(); // names bound to a real duration (or to a reading, for `Date.now() - began`)
  const seconds = new Set<string>(); // of those, the ones in seconds
  for (const [i, raw] of lines.entries()) {
    const line = codeOf(raw);
    const binding = /(?:const|let|var)\s+(\w+)\s*=\s*(.*)$/.exec(line);
    if (binding && READING.test(binding[2])) {
      const [, name, value] = binding;
      const deadline = /^(?:Date\.now\(\)|performance\.now\(\))\s*\+\s*(\d[\d_]*)/.exec(value.trim());
      if (deadline && num(deadline[1]) < MIN_UPPER_BOUND_MS) {
        findings.push({
          line: i + 1,
          text: raw.trim(),
          problem: `a real-time deadline of ${deadline[1]} ms: use at least ${MIN_UPPER_BOUND_MS} ms, or a fake clock`,
        });
      }
      if (MEASURING.test(value)) {
        measured.add(name);
        if (/\/\s*1000\b/.test(value)) seconds.add(name);
      }
    }
    const mocha = /\.timeout\(\s*(\d[\d_]*)\s*\)/.exec(line);
    if (mocha && !/AbortSignal\.timeout/.test(line) && num(mocha[1]) < MIN_MOCHA_TIMEOUT_MS) {
      findings.push({ line: i + 1, text: raw.trim(), problem: `a mocha timeout of ${mocha[1]} ms: use at least ${MIN_MOCHA_TIMEOUT_MS} ms` });
    }
    if (!/\bassert\b|\bassert\./.test(line)) continue;
    const usesName = [...measured].find((n) => new RegExp(`\\b${n}\\b`).test(line));
    const isDuration = MEASURING.test(line) || usesName !== undefined || DURATION_NAMES.test(line);
    if (!isDuration) continue;
    const bounds = [...line.matchAll(COMPARISON)];
    if (bounds.length === 0) continue;
    const commented = lines.slice(Math.max(0, i - COMMENT_REACH), i + 1).some((l) => /\/\/.*real time:/.test(l));
    if (!commented) findings.push({ line: i + 1, text: raw.trim(), problem: 'a real duration compared without a `real time:` comment saying why' });
    const inSeconds = (usesName !== undefined && seconds.has(usesName)) || /\/\s*1000\b/.test(line);
    for (const [, op, value, factor] of bounds) {
      if (op !== '<' && op !== '<=') continue;
      const bound = num(value) * (factor ? num(factor) : 1) * (inSeconds ? 1000 : 1);
      if (bound < MIN_UPPER_BOUND_MS) {
        findings.push({
          line: i + 1,
          text: raw.trim(),
          problem: `an upper bound of ${bound} ms on a real duration: use at least ${MIN_UPPER_BOUND_MS} ms, or a fake clock`,
        });
      }
    }
  }
  return findings;
}
