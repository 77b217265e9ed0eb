import { writeFileSync } from 'node:fs';
import { bundleWorkflowCode } from '@temporalio/worker';
import { TRACED_WORKFLOW_BUNDLE_PATH, WORKFLOW_BUNDLE_PATH } from '../workers/worker';

const logger = { log() {}, trace() {}, debug() {}, info() {}, warn: console.warn, error: console.error };

// Prebuilds the workflow bundles once at build time, so workers start fast and run exactly the code
// that was built (the production pattern from temporalio/samples-typescript): the plain one, and one with
// OpenTelemetry's workflow interceptors for a worker with tracing on (headers only: both replay the same).
async function main() {
  const workflowsPath = require.resolve('../workflows');
  writeFileSync(WORKFLOW_BUNDLE_PATH, (await bundleWorkflowCode({ workflowsPath, logger })).code);
  const tracing = require.resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors');
  writeFileSync(TRACED_WORKFLOW_BUNDLE_PATH, (await bundleWorkflowCode({ workflowsPath, logger, workflowInterceptorModules: [tracing] })).code);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
