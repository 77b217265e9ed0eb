/**
 * The replay proof's work, in a process of its own: replaying creates the Temporal SDK's Runtime singleton,
 * which would keep a later proof in the `npm run prove` process from installing its own for a worker.
 * Prints the replay of this build and of a mutated build as one JSON line after RESULT_MARKER (the SDK's core
 * logs its replay warnings to stdout too).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode, DefaultLogger, Runtime } from '@temporalio/worker';
import { loadRecordedHistories, type ReplayOutcome, replayRecordedHistories } from '../../test/support/workflow-histories';

/** The compiled workflows of this build (dist/workflows), the code the production worker bundles. */
const COMPILED_WORKFLOWS = path.resolve(__dirname, '../../workflows');
export const MUTATED_TYPE = 'usageSyncWorkflow';
export const RESULT_MARKER = 'replay-run result: ';

export interface ReplayRun {
  current: ReplayOutcome & { ms: number };
  mutated: ReplayOutcome;
  /** Histories of MUTATED_TYPE, each of which the mutated build must fail. */
  mutatedTypeHistories: number;
}

async function main() {
  Runtime.install({ logger: new DefaultLogger('WARN'), shutdownSignals: [] });
  const started = Date.now();
  const current = { ...(await replayRecordedHistories()), ms: Date.now() - started };
  const mutated = await replayRecordedHistories({ workflowBundle: { code: await bundleWithActivityPutFirst() } });
  const run: ReplayRun = { current, mutated, mutatedTypeHistories: loadRecordedHistories().filter((h) => h.workflowType === MUTATED_TYPE).length };
  process.stdout.write(`${RESULT_MARKER}${JSON.stringify(run)}\n`);
}

/**
 * A copy of the compiled workflows whose usage sync delivers spend notifications before it syncs usage (an
 * activity call put ahead of the ones its histories recorded), bundled as the worker bundles. The copy sits
 * next to dist/workflows so its relative imports of dist/src still resolve; it is removed at once.
 */
async function bundleWithActivityPutFirst(): Promise<string> {
  const dir = mkdtempSync(`${COMPILED_WORKFLOWS}-mutant-`);
  try {
    cpSync(COMPILED_WORKFLOWS, dir, { recursive: true });
    const file = path.join(dir, 'billing.js');
    const source = readFileSync(file, 'utf8');
    const head = 'async function usageSyncWorkflow() {';
    if (!source.includes(head)) throw new Error(`cannot mutate ${MUTATED_TYPE}: "${head}" not found in ${file}`);
    writeFileSync(file, source.replace(head, `${head}\n    await deliverSpendNotifications(BATCH);`));
    const silent = () => undefined;
    const { code } = await bundleWorkflowCode({
      workflowsPath: path.join(dir, 'index.js'),
      logger: { log: silent, trace: silent, debug: silent, info: silent, warn: silent, error: console.error },
    });
    return code;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
