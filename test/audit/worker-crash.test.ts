import assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { reserveCall } from '../../src/store/metering';
import { createTemporalClient } from '../../src/temporal/connection';
import { runWorkflow } from '../../src/temporal/run-workflow';
import { WorkflowTypes } from '../../src/temporal/workflow-names';
import { activityDeps } from '../../workers/deps';
import { startWorker } from '../../workers/worker';
import { testConfig } from '../support/app';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';

describe('a worker killed mid-audit', function () {
  this.timeout(90_000);

  it('still ends in one completed audit and exactly one usage event', async () => {
    const infra = getInfra();
    const taskQueue = `crash-${randomUUID()}`;
    const env = {
      ...process.env,
      ...infra.outboundEnv,
      DATABASE_URL: infra.databaseUrl,
      TEMPORAL_ADDRESS: infra.temporalAddress,
      TEMPORAL_TASK_QUEUE: taskQueue,
      AUDIT_REQUEST_TIMEOUT_MS: '3000',
      LOG_LEVEL: 'silent',
    };
    const doomed = fork(path.resolve(__dirname, '../support/worker-process.js'), [], { env, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
    await new Promise<void>((resolve, reject) => {
      doomed.stdout!.on('data', (d) => String(d).includes('ready') && resolve());
      doomed.once('exit', (code) => reject(new Error(`worker exited ${code}`)));
    });

    // A keyed call: the reservation the workflow must settle exactly once.
    const ws = await createWorkspace(infra.db);
    const workflowId = `audit-crash-${randomUUID()}`;
    await reserveCall(infra.db, { workspaceId: ws.workspaceId, eventType: 'audit_run', workflowId, source: 'api', now: new Date() });

    const temporal = createTemporalClient({ address: infra.temporalAddress, namespace: infra.namespace });
    // slow-loris.test keeps the gather activity busy for seconds: long enough to kill the worker inside it.
    const started = runWorkflow(temporal.client, WorkflowTypes.audit, { workflowId, taskQueue, args: [{ domain: 'slow-loris.test' }], waitMs: 80_000 });
    try {
      await waitFor(async () => (await pendingActivities(temporal, workflowId)) > 0);
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      doomed.kill('SIGKILL');
    }

    const config = testConfig({ TEMPORAL_TASK_QUEUE: taskQueue, AUDIT_REQUEST_TIMEOUT_MS: '3000' });
    const rescuer = await startWorker({
      target: { address: infra.temporalAddress, namespace: infra.namespace },
      taskQueue,
      deps: activityDeps(config, infra.db),
    });
    try {
      const outcome = await started;
      assert.equal(outcome.status, 'completed');
      const audits = await infra.db('audits').where({ workflow_id: workflowId });
      assert.equal(audits.length, 1);
      assert.equal(audits[0].status, 'completed');
      const events = await infra.db('usage_events').where({ dedupe_key: workflowId });
      assert.equal(events.length, 1);
      const history = await temporal.client.workflow.getHandle(workflowId).fetchHistory();
      const attempts = (history.events ?? []).filter((e) => e.activityTaskStartedEventAttributes?.attempt && e.activityTaskStartedEventAttributes.attempt > 1);
      assert.ok(attempts.length >= 1, 'the gather activity was retried on the rescuing worker');
    } finally {
      await rescuer.stop();
      await temporal.connection.close();
    }
  });
});

async function pendingActivities(temporal: ReturnType<typeof createTemporalClient>, workflowId: string): Promise<number> {
  try {
    const d = await temporal.client.workflow.getHandle(workflowId).describe();
    return d.raw.pendingActivities?.length ?? 0;
  } catch {
    return 0; // not started yet
  }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
