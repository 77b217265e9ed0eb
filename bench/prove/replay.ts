import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Proof, ProofRow } from './proof';
import { MUTATED_TYPE, RESULT_MARKER, type ReplayRun } from './replay-run';

/**
 * Replay (issue 16): the histories recorded from the test suite (test/histories/, the same replay as
 * test/temporal/replay.test.ts) replay against this build's workflow bundle, and the same replay rejects a
 * build whose workflow calls an activity its histories never saw first, so the check can fail.
 */
export const replayProof: Proof = {
  name: 'replay',
  async run(log) {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [require.resolve('./replay-run')], { maxBuffer: 64 * 2 ** 20 });
    for (const line of stderr.split('\n').filter(Boolean)) log(line);
    const result = stdout.split('\n').find((line) => line.startsWith(RESULT_MARKER));
    if (!result) throw new Error(`the replay printed no result: ${stdout.slice(-500)}`);
    const { current, mutated, mutatedTypeHistories }: ReplayRun = JSON.parse(result.slice(RESULT_MARKER.length));
    for (const f of current.failures) log(`${f.file}: ${f.error}`);
    if (current.missing.length) log(`no history for: ${current.missing.join(', ')}`);

    const rows: ProofRow[] = [];
    rows.push({
      promise: 'every workflow type replays its recorded histories deterministically',
      passed: current.histories > 0 && current.failures.length === 0 && current.missing.length === 0,
      figure:
        `${current.histories} histories, ${current.types.length} types, ${current.failures.length} failures` +
        `${current.missing.length ? `, ${current.missing.length} types without one` : ''} (${current.ms} ms)`,
    });
    const rejected = mutated.failures.filter((f) => f.file.startsWith(`${MUTATED_TYPE}-`)).length;
    rows.push({
      promise: `a non-deterministic change (${MUTATED_TYPE} calling an activity first) fails the replay`,
      passed: mutatedTypeHistories > 0 && rejected === mutatedTypeHistories && mutated.failures.length === rejected,
      figure: `${rejected} of ${mutatedTypeHistories} ${MUTATED_TYPE} histories rejected, ${mutated.failures.length - rejected} others`,
    });
    return rows;
  },
};
