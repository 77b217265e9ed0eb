import assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { billingPeriod } from '../../src/domain/plans';
import { createTemporalClient } from '../../src/temporal/connection';
import { runWorkflow } from '../../src/temporal/run-workflow';
import { WorkflowTypes } from '../../src/temporal/workflow-names';
import { activityDeps } from '../../workers/deps';
import { startWorker } from '../../workers/worker';
import { testConfig } from '../support/app';
import { getInfra } from '../support/infra';
import { startStripeMock } from '../support/stripe-mock';
import { createWorkspace } from '../support/workspaces';
import { recordingProxy } from './recording-proxy';

describe('a worker killed mid-sync', function () {
  this.timeout(120_000);

  it('still reports every usage event to Stripe, each under its own identifier, and marks each synced once', async () => {
    const infra = getInfra();
    const mock = await startStripeMock();
    // 250 ms per meter event: a batch of 12 takes 3 s, time to kill the worker inside it.
    const proxy = await recordingProxy(mock, { delayMs: 250 });
    const taskQueue = `sync-crash-${randomUUID()}`;
    const stripeEnv = { STRIPE_SECRET_KEY: 'sk_test_crash', STRIPE_API_BASE: proxy.url };
    const temporal = createTemporalClient({ address: infra.temporalAddress, namespace: infra.namespace });
    const ws = await createWorkspace(infra.db, { plan: 'usage', meteredEnabled: true });
    await infra
      .db('workspaces')
      .where({ id: ws.workspaceId })
      .update({ stripe_customer_id: `cus_crash_${ws.workspaceId.slice(0, 8)}` });
    // Billable usage as the metering records it for a paying workspace past its allowance.
    const ids: string[] = (
      await infra
        .db('usage_events')
        .insert(
          Array.from({ length: 12 }, (_, i) => ({
            workspace_id: ws.workspaceId,
            event_type: 'agent_discovery_check',
            billable_quantity: 1,
            amount_usd: 0.005,
            source: 'api',
            dedupe_key: `crash-${ws.workspaceId}-${i}`,
            period_start: billingPeriod(new Date()).start.toISOString().slice(0, 10),
            payments_sync_status: 'pending',
            occurred_at: new Date(Date.now() - 60_000 + i),
          })),
        )
        .returning('id')
    ).map((r: { id: string }) => r.id);
    const mine = () => proxy.meterEvents().filter((m) => ids.includes(m.body.get('identifier') ?? ''));

    const env = {
      ...process.env,
      ...infra.outboundEnv,
      ...stripeEnv,
      DATABASE_URL: infra.databaseUrl,
      TEMPORAL_ADDRESS: infra.temporalAddress,
      TEMPORAL_TASK_QUEUE: taskQueue,
      LOG_LEVEL: 'silent',
    };
    const doomed = fork(path.resolve(__dirname, '../support/worker-process.js'), [], { env, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
    await new Promise<void>((resolve, reject) => {
      doomed.stdout!.on('data', (d) => String(d).includes('ready') && resolve());
      doomed.once('exit', (code) => reject(new Error(`worker exited ${code}`)));
    });
    const workflowId = `usage-sync-crash-${randomUUID()}`;
    const run = runWorkflow(temporal.client, WorkflowTypes.usageSync, { workflowId, taskQueue, args: [], waitMs: 100_000 });
    try {
      const deadline = Date.now() + 30_000;
      while (mine().length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      assert.ok(mine().length >= 4, 'the sync was under way');
    } finally {
      doomed.kill('SIGKILL');
    }
    const sentBeforeKill = mine().length;
    const syncedBeforeKill = await infra
      .db('usage_events')
      .whereIn('id', ids)
      .where({ payments_sync_status: 'synced' })
      .count<{ count: string }[]>('* as count');
    assert.ok(Number(syncedBeforeKill[0].count) < ids.length, 'killed before the batch finished');

    const rescuer = await startWorker({
      target: { address: infra.temporalAddress, namespace: infra.namespace },
      taskQueue,
      deps: activityDeps(testConfig({ ...stripeEnv, TEMPORAL_TASK_QUEUE: taskQueue }), infra.db),
    });
    try {
      const outcome = await run;
      assert.equal(outcome.status, 'completed');
      const rows = await infra.db('usage_events').whereIn('id', ids);
      assert.ok(
        rows.every((r) => r.payments_sync_status === 'synced'),
        'every event synced',
      );
      // Each usage event reached Stripe under its own identifier; the one in flight at the kill may have
      // been sent twice, with the same identifier, which Stripe counts once.
      const sent = mine().map((m) => m.body.get('identifier'));
      assert.deepEqual([...new Set(sent)].sort(), [...ids].sort());
      assert.ok(sent.length <= ids.length + 1, `at most the event in flight resent (${sent.length} sends, ${sentBeforeKill} before the kill)`);
      const history = await temporal.client.workflow.getHandle(workflowId).fetchHistory();
      const retried = (history.events ?? []).filter((e) => (e.activityTaskStartedEventAttributes?.attempt ?? 1) > 1);
      assert.ok(retried.length >= 1, 'the batch was retried on the rescuing worker');
    } finally {
      await rescuer.stop();
      await temporal.connection.close();
      await proxy.close();
      await mock.stop();
    }
  });
});
