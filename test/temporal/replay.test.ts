import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Resource } from '@opentelemetry/resources';
import { NoopSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { makeWorkflowExporter } from '@temporalio/interceptors-opentelemetry/lib/worker';
import { TRACED_WORKFLOW_BUNDLE_PATH } from '../../workers/worker';
import { findSecrets, HISTORIES_DIR, replayRecordedHistories } from '../support/workflow-histories';

// Histories recorded from the test suite (`npm run histories:record`) replayed against the workflow bundle
// the worker runs: a change to workflow code that would break executions already in flight fails here.
describe('workflow replay: recorded histories against the current workflow code', () => {
  it('replays every recorded history deterministically, with every workflow type covered', async () => {
    const outcome = await replayRecordedHistories();
    assert.ok(outcome.histories > 0, `no histories in ${HISTORIES_DIR}`);
    assert.deepEqual(outcome.failures, [], 'histories that no longer replay (non-determinism or a broken workflow)');
    assert.deepEqual(outcome.missing, [], 'workflow types without a recorded history: record them with `npm run histories:record`');
  });

  it('replays them with tracing on too (the traced bundle), so a worker may turn tracing on or off mid-flight', async () => {
    const sinks = { exporter: makeWorkflowExporter(new NoopSpanProcessor(), Resource.empty()) };
    const outcome = await replayRecordedHistories({ workflowBundle: { codePath: TRACED_WORKFLOW_BUNDLE_PATH }, sinks });
    assert.ok(outcome.histories > 0);
    assert.deepEqual(outcome.failures, []);
  });

  it('holds no credentials in the committed histories', () => {
    for (const file of readdirSync(HISTORIES_DIR).filter((f) => f.endsWith('.json'))) {
      assert.deepEqual(findSecrets(readFileSync(path.join(HISTORIES_DIR, file), 'utf8')), [], file);
    }
  });
});
