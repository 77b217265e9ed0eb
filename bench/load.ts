/**
 * `npm run bench:load`: the issue-16 load (LOAD_CALLERS concurrent callers, default 200, for LOAD_SECONDS,
 * default 60) against an API process and a worker process started from scratch; prints the figures.
 * It records nothing: `npm run prove -- load` (or `soak`) writes them to bench/RESULTS.md.
 */
import Table from 'cli-table3';
import { percentile } from './load/driver';
import { loadRows, runLoad } from './load/run';
import { stopStacksOnSignals } from './prove/stack';

const log = (line: string) => process.stderr.write(`${line}\n`);

async function main() {
  stopStacksOnSignals(log);
  const seconds = Number(process.env.LOAD_SECONDS ?? 60);
  const callers = Number(process.env.LOAD_CALLERS ?? 200);
  const report = await runLoad({ seconds, callers, log });

  const routes = new Table({ head: ['route', 'requests', 'p50 ms', 'p99 ms'] });
  for (const [route, r] of Object.entries(report.drive.routes).sort())
    routes.push([route, r.requests, percentile(r.latencies, 50), percentile(r.latencies, 99)]);
  process.stdout.write(`${routes.toString()}\n`);
  const statuses = new Table({ head: ['class', 'answers by status'] });
  for (const [cls, c] of Object.entries(report.drive.classes))
    statuses.push([
      cls,
      Object.entries(c.byStatus)
        .map(([s, n]) => `${s}: ${n}`)
        .join(', '),
    ]);
  process.stdout.write(`${statuses.toString()}\n`);
  process.stdout.write(`metered answers: ${JSON.stringify(report.drive.outcomes)}\n`);
  if (report.drive.errorSamples.length) process.stdout.write(`errors:\n  ${report.drive.errorSamples.join('\n  ')}\n`);

  const rows = loadRows(report, { growth: seconds >= 120 });
  const table = new Table({ head: ['promise', 'result', 'figure'], wordWrap: true, colWidths: [60, 8, 60] });
  for (const r of rows) table.push([r.promise, r.passed ? 'kept' : 'BROKEN', r.figure]);
  process.stdout.write(`${table.toString()}\n`);
  process.exit(rows.every((r) => r.passed) ? 0 : 1);
}

main().catch((err) => {
  log(String(err?.stack ?? err));
  process.exit(1);
});
