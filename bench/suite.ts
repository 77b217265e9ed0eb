/**
 * `npm run bench:suite [-- --busy-runs 3 --quiet-runs 1 --busy 2]`: the suite as CI runs it, on a busy machine
 * and a quiet one. Each run clones this repository's HEAD afresh (with `../shared` beside it, as CI lays it
 * out), then runs `bash .ci/run` with CI=true; a busy run first starts `--busy` processes that keep a core each
 * loaded (`yes > /dev/null`) and stops them after. It prints each run's outcome as it ends and writes the
 * `suite` section of bench/RESULTS.md (bench/results-file.ts): every run's passing and failing counts and
 * minutes, against the targets "passes every time" and "takes under 15 minutes on a quiet machine".
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { commit, writeSection } from './results-file';

const ROOT = path.resolve(__dirname, '../..');
const SUITE_LIMIT_MIN = 15;
const log = (line: string) => process.stderr.write(`${line}\n`);

interface Run {
  busy: number;
  ok: boolean;
  exitCode: number | null;
  passing: number;
  failing: number;
  pending: number;
  /** The whole `.ci/run`: installs, lint and the tests. */
  totalMin: number;
  /** mocha's own figure for the tests alone, as it prints it ("7m"). */
  testsTook: string;
  failures: string[];
  logFile: string;
}

/** mocha's closing counts and the titles of its failures, from a run's output. */
export function readMochaSummary(output: string): Pick<Run, 'passing' | 'failing' | 'pending' | 'testsTook' | 'failures'> {
  const count = (word: string) => Number(new RegExp(`^\\s*(\\d+) ${word}`, 'm').exec(output)?.[1] ?? 0);
  const took = /^\s*\d+ passing \(([^)]+)\)/m.exec(output)?.[1] ?? '?';
  const failures = [...output.matchAll(/^\s{2}\d+\) (.+)$/gm)].map((m) => m[1].trim());
  return { passing: count('passing'), failing: count('failing'), pending: count('pending'), testsTook: took, failures: [...new Set(failures)] };
}

function startBusy(n: number): ChildProcess[] {
  return Array.from({ length: n }, () => spawn('sh', ['-c', 'exec yes > /dev/null'], { stdio: 'ignore' }));
}

async function runOnce(index: number, busy: number, workRoot: string): Promise<Run> {
  const dir = path.join(workRoot, `run-${index}`);
  const clone = path.join(dir, 'main');
  const shared = path.resolve(ROOT, '../shared');
  await exec('git', ['clone', '--quiet', ROOT, clone]);
  if (existsSync(shared)) symlinkSync(shared, path.join(dir, 'shared'));
  const logFile = path.join(workRoot, `run-${index}.log`);
  const load = startBusy(busy);
  const started = Date.now();
  try {
    const exitCode = await exec('bash', ['.ci/run'], { cwd: clone, logFile, env: { ...process.env, CI: 'true' } });
    const output = readFileSync(logFile, 'utf8');
    const summary = readMochaSummary(output);
    return {
      busy,
      ok: exitCode === 0 && summary.failing === 0 && summary.passing > 0,
      exitCode,
      ...summary,
      totalMin: (Date.now() - started) / 60_000,
      logFile,
    };
  } finally {
    for (const p of load) p.kill('SIGKILL');
    rmSync(clone, { recursive: true, force: true });
  }
}

function exec(cmd: string, args: string[], o: { cwd?: string; logFile?: string; env?: NodeJS.ProcessEnv } = {}): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const out = o.logFile ? createWriteStream(o.logFile) : undefined;
    const child = spawn(cmd, args, { cwd: o.cwd, env: o.env, stdio: ['ignore', out ? 'pipe' : 'inherit', out ? 'pipe' : 'inherit'] });
    child.stdout?.pipe(out as NodeJS.WritableStream, { end: false });
    child.stderr?.pipe(out as NodeJS.WritableStream, { end: false });
    child.on('error', reject);
    child.on('close', (code) => {
      out?.end();
      if (!o.logFile && code !== 0) reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`));
      else resolve(code);
    });
  });
}

/** A run in a few words: its passing count, or how it failed (a run whose tests never started says so). */
const outcome = (r: Run) =>
  r.ok ? `${r.passing} passing` : r.passing + r.failing === 0 ? `failed before any test (exit ${r.exitCode})` : `${r.failing} failing`;

const describeRun = (r: Run) =>
  `${r.ok ? 'passed' : 'FAILED'}: ${r.passing} passing, ${r.failing} failing${r.pending ? `, ${r.pending} pending` : ''}; tests ${r.testsTook}, .ci/run ${r.totalMin.toFixed(1)} min`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { 'busy-runs': { type: 'string', default: '3' }, 'quiet-runs': { type: 'string', default: '1' }, busy: { type: 'string', default: '2' } },
  });
  const [busyRuns, quietRuns, busy] = [Number(values['busy-runs']), Number(values['quiet-runs']), Number(values.busy)];
  const workRoot = mkdtempSync(path.join(os.tmpdir(), 'agentdex-suite-'));
  chmodSync(workRoot, 0o755); // as root, the tests' Postgres runs as `postgres`, which must reach the clone
  const at = commit();
  log(`suite runs of ${at} in ${workRoot}: ${busyRuns} with ${busy} busy processes, then ${quietRuns} quiet`);
  const runs: Run[] = [];
  const plan = [...Array(busyRuns).fill(busy), ...Array(quietRuns).fill(0)] as number[];
  for (const [i, load] of plan.entries()) {
    log(`run ${i + 1}/${plan.length} (${load ? `${load} busy processes` : 'quiet'}) ...`);
    const run = await runOnce(i + 1, load, workRoot);
    runs.push(run);
    log(`run ${i + 1}/${plan.length}: ${describeRun(run)} (log ${run.logFile})`);
    for (const f of run.failures) log(`  failed: ${f}`);
  }

  const busyOnes = runs.filter((r) => r.busy > 0);
  const quietOnes = runs.filter((r) => r.busy === 0);
  const passedAll = (rs: Run[]) => rs.length > 0 && rs.every((r) => r.ok);
  const quietSlowest = Math.max(...quietOnes.map((r) => r.totalMin));
  const body = [
    '| run | load | outcome | passing | failing | tests | `.ci/run` |',
    '|---|---|---|---|---|---|---|',
    ...runs.map(
      (r, i) =>
        `| ${i + 1} | ${r.busy ? `${r.busy} × \`yes > /dev/null\`` : 'quiet'} | ${r.ok ? 'passed' : `**failed** (exit ${r.exitCode})`} | ${r.passing} | ${r.failing} | ${r.testsTook} | ${r.totalMin.toFixed(1)} min |`,
    ),
    '',
    ...runs.flatMap((r, i) => r.failures.map((f) => `Run ${i + 1} failed: ${f.replace(/\|/g, '\\|')}`)),
  ].join('\n');
  writeSection({
    id: 'suite',
    title: 'The suite on a busy machine and a quiet one',
    command: `\`npm run bench:suite -- --busy-runs ${busyRuns} --quiet-runs ${quietRuns} --busy ${busy}\` (each run a fresh clone of ${at}, \`bash .ci/run\` with CI=true; the first run also builds what CI installs when it is not cached).`,
    body,
    targets: [
      {
        target: `\`bash .ci/run\` on a fresh clone passes ${busyRuns} times in a row with ${busy} busy processes`,
        figure: busyOnes.map(outcome).join(', ') || 'not run',
        met: busyRuns === 0 ? null : passedAll(busyOnes),
      },
      {
        target: '`bash .ci/run` on a fresh clone passes on a quiet machine',
        figure: quietOnes.map((r) => (r.ok ? `${outcome(r)}, tests ${r.testsTook}` : outcome(r))).join(', ') || 'not run',
        met: quietRuns === 0 ? null : passedAll(quietOnes),
      },
      {
        target: `the whole \`.ci/run\` on a quiet machine takes under ${SUITE_LIMIT_MIN} minutes`,
        figure: quietOnes.length ? `${quietSlowest.toFixed(1)} min (busy: ${busyOnes.map((r) => r.totalMin.toFixed(1)).join(', ')} min)` : 'not run',
        met: quietOnes.length ? quietSlowest < SUITE_LIMIT_MIN : null,
      },
    ],
  });
  process.exit(runs.every((r) => r.ok) ? 0 : 1);
}

if (require.main === module) {
  main().catch((err) => {
    log(String(err?.stack ?? err));
    process.exit(1);
  });
}
