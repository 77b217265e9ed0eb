/**
 * `npm run prove [-- name ...]`: runs each proof of bench/prove/ (crashes, outages, replay, load, guard
 * fuzzing, races), prints a table of promise, result and figure, and writes each proof's rows to its own
 * section of bench/RESULTS.md (`prove-<name>`, bench/results-file.ts) with the date, machine and commit.
 * Exits 1 when any promise failed, so it can gate a release.
 */
import Table from 'cli-table3';
import { proofs } from './prove/index';
import { stopStacksOnSignals } from './prove/stack';
import type { ProofRow } from './prove/proof';
import { commit, machine, writeSection } from './results-file';

const log = (line: string) => process.stderr.write(`${line}\n`);

async function main() {
  stopStacksOnSignals(log);
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((w) => !proofs.some((p) => p.name === w));
  if (unknown.length) {
    log(`unknown proof: ${unknown.join(', ')} (known: ${proofs.map((p) => p.name).join(', ')})`);
    process.exit(2);
  }
  const selected = wanted.length ? proofs.filter((p) => wanted.includes(p.name)) : proofs.filter((p) => !p.onlyWhenNamed);
  const rows: Array<ProofRow & { proof: string; seconds: number }> = [];
  for (const proof of selected) {
    log(`\n== ${proof.name}`);
    const started = Date.now();
    let result: ProofRow[];
    try {
      result = await proof.run((line) => log(`[${proof.name}] ${line}`));
    } catch (err) {
      // A proof that cannot run has proved nothing: it is a failure with its reason, and the rest still run.
      result = [{ promise: `${proof.name} ran to the end`, passed: false, figure: `error: ${(err as Error).message}` }];
    }
    const seconds = (Date.now() - started) / 1000;
    for (const row of result) rows.push({ ...row, proof: proof.name, seconds });
  }

  const table = new Table({ head: ['proof', 'promise', 'result', 'figure'], wordWrap: true, colWidths: [12, 56, 8, 40] });
  for (const r of rows) table.push([r.proof, r.promise, r.passed ? 'kept' : 'BROKEN', r.figure]);
  process.stdout.write(`${table.toString()}\n`);

  // One section per proof run, so a run of some proofs leaves the others' latest figures in place.
  const command = `\`npm run prove${wanted.length ? ` -- ${wanted.join(' ')}` : ''}\`.`;
  const [on, at] = [machine(), commit()];
  for (const proof of selected) {
    const own = rows.filter((r) => r.proof === proof.name);
    const body = [
      '| proof | promise | result | figure |',
      '|---|---|---|---|',
      ...own.map((r) => `| ${r.proof} | ${r.promise} | ${r.passed ? 'kept' : '**broken**'} | ${r.figure.replace(/\|/g, '\\|')} |`),
    ].join('\n');
    const targets = own.map((r) => ({ target: r.promise, figure: r.figure, met: r.passed }));
    writeSection({ id: `prove-${proof.name}`, title: `Proof: ${proof.name}`, command, body, targets, machine: on, commit: at });
  }
  process.exit(rows.every((r) => r.passed) ? 0 : 1);
}

main().catch((err) => {
  log(String(err?.stack ?? err));
  process.exit(1);
});
