import { writeFileSync } from 'node:fs';
import { bundleWorkflowCode } from '@temporalio/worker';
import { WORKFLOW_BUNDLE_PATH } from '../workers/worker';

// Prebuilds the workflow bundle once at build time, so workers start fast and run exactly the code
// that was built (the production pattern from temporalio/samples-typescript).
async function main() {
  const { code } = await bundleWorkflowCode({
    workflowsPath: require.resolve('../workflows'),
    logger: { log() {}, trace() {}, debug() {}, info() {}, warn: console.warn, error: console.error },
  });
  writeFileSync(WORKFLOW_BUNDLE_PATH, code);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
