import assert from 'node:assert/strict';
import { freePort } from '../../src/runtime/free-port';
import { startTestApp, type TestApp } from '../support/app';
import { getInfra } from '../support/infra';
import { handSchedulesBackToRunWorker, runServiceEnv, type ServiceProcess, startWorkerProcess } from '../support/service-processes';
import { createWorkspace } from '../support/workspaces';

/** A sample's value from Prometheus text, 0 when absent. */
const sample = (text: string, key: string) =>
  Number(
    text
      .split('\n')
      .find((l) => l.startsWith(`${key} `))
      ?.slice(key.length + 1) ?? 0,
  );

/** `npm run start:worker` with WORKER_METRICS_PORT: our worker metrics and the Temporal SDK's, on one port. */
describe('worker metrics (WORKER_METRICS_PORT)', function () {
  this.timeout(120_000);
  let worker: ServiceProcess;
  let app: TestApp;
  let port: number;
  let queue: string;

  before(async () => {
    const infra = getInfra();
    queue = `${infra.taskQueue}-worker-metrics`;
    port = await freePort();
    // A weekly sweep: its audits would count as the calls' own (interval schedules fire on epoch-aligned ticks).
    worker = await startWorkerProcess(runServiceEnv({ TEMPORAL_TASK_QUEUE: queue, WORKER_METRICS_PORT: String(port), SWEEP_INTERVAL_MINUTES: '10080' }));
    app = await startTestApp({}, { TEMPORAL_TASK_QUEUE: queue });
  });
  after(async () => {
    await app?.close();
    await worker?.stop();
    await handSchedulesBackToRunWorker();
  });

  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    assert.equal(res.status, 200);
    return res.text();
  };

  it('counts the activities it ran by type and outcome and the audits by outcome, reports usage-sync lag, and carries the SDK runtime metrics', async () => {
    const ws = await createWorkspace(getInfra().db);
    const before = await scrape();
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${app.baseUrl}/v1/find-tools`, {
        method: 'POST',
        headers: { 'x-api-key': ws.key, 'content-type': 'application/json' },
        body: JSON.stringify({ task: 'send sms to customers' }),
      });
      assert.equal(res.status, 200);
    }
    for (const domain of ['typical-saas.test', 'down.test']) {
      const res = await fetch(`${app.baseUrl}/v1/audit?domain=${domain}`, { headers: { 'x-api-key': ws.key } });
      assert.equal(res.status, 200, domain);
    }
    const after = await scrape();
    // The worker also runs the schedules' workflows (it points them at its queue when it starts), and one may fire
    // while a busy machine runs this test: their activities are not the calls', so they are left out of the count.
    const scheduled = ['syncUsageBatch', 'deliverSpendNotifications', 'purgeExpiredRecords', 'listStaleDomains'].map((a) => `activity="${a}"`);
    const ran = (text: string) =>
      text
        .split('\n')
        .filter((l) => l.startsWith('agentdex_activity_outcomes_total{') && l.includes('outcome="completed"'))
        .filter((l) => !scheduled.some((a) => l.includes(a)))
        .reduce((n, l) => n + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
    assert.equal(ran(after) - ran(before), 2 + 2 * 3, 'one activity per find-tools, three per audit (gather, record, settle its usage), all completed here');
    for (const outcome of ['scored', 'unreachable']) {
      const key = `agentdex_audits_total{outcome="${outcome}"}`;
      assert.equal(sample(after, key) - sample(before, key), 1, key);
    }
    assert.match(after, /^agentdex_usage_sync_lag_seconds \d+(\.\d+)?$/m);
    assert.ok(sample(after, 'agentdex_process_resident_memory_bytes') > 0);
    assert.match(after, /^temporal_\w+/m, 'the Temporal SDK runtime metrics follow ours');
    assert.equal((await fetch(`http://127.0.0.1:${port}/other`)).status, 404);
  });
});
