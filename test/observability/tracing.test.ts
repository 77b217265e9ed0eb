import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { getInfra } from '../support/infra';
import { handSchedulesBackToRunWorker, runServiceEnv, type ServiceProcess, startApiProcess, startWorkerProcess } from '../support/service-processes';
import { createWorkspace } from '../support/workspaces';

interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type OtlpAttribute = { key: string; value: OtlpValue };

/**
 * A local OTLP/HTTP collector: what the SDK's exporter POSTs to /v1/traces (OTLP JSON), kept as flat spans.
 * It speaks the receiving half of the real protocol, so the exporter's requests are the ones a collector gets.
 */
async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const value = (v: OtlpValue) => v.stringValue ?? v.boolValue ?? v.doubleValue ?? (v.intValue !== undefined ? Number(v.intValue) : undefined);
  const attributes = (xs: OtlpAttribute[] = []) => Object.fromEntries(xs.map((a) => [a.key, value(a.value)]));
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces' || !String(req.headers['content-type']).startsWith('application/json')) {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      for (const rs of body.resourceSpans ?? []) {
        const service = String(attributes(rs.resource?.attributes)['service.name']);
        for (const ss of rs.scopeSpans ?? []) {
          for (const s of ss.spans ?? []) {
            spans.push({
              service,
              traceId: s.traceId,
              spanId: s.spanId,
              parentSpanId: s.parentSpanId || undefined,
              name: s.name,
              kind: s.kind,
              attributes: attributes(s.attributes),
            });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** OpenTelemetry tracing from the API's request through the workflow to its activity (issue 22). */
describe('tracing (OTEL_EXPORTER_OTLP_ENDPOINT)', function () {
  this.timeout(120_000);
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let api: ServiceProcess;
  let worker: ServiceProcess;

  before(async () => {
    receiver = await startOtlpReceiver();
    const env = runServiceEnv({
      TEMPORAL_TASK_QUEUE: `${getInfra().taskQueue}-tracing`,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_BSP_SCHEDULE_DELAY: '100', // the batch processor's own setting: send within 100 ms, not 5 s
    });
    worker = await startWorkerProcess(env);
    api = await startApiProcess(env);
  });
  after(async () => {
    await api?.stop();
    await worker?.stop();
    await receiver?.close();
    await handSchedulesBackToRunWorker();
  });

  it('follows one metered call from its HTTP request through the workflow to the activity, with the request and workflow ids', async () => {
    const ws = await createWorkspace(getInfra().db);
    const requestId = `trace-${randomUUID()}`;
    const res = await fetch(`${api.baseUrl}/v1/find-tools`, {
      method: 'POST',
      headers: { 'x-api-key': ws.key, 'content-type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify({ task: 'send sms to customers' }),
    });
    assert.equal(res.status, 200);

    const requestSpan = () => receiver.spans.find((s) => s.attributes['agentdex.request_id'] === requestId);
    const traceOf = () => receiver.spans.filter((s) => s.traceId === requestSpan()?.traceId);
    const deadline = Date.now() + 20_000;
    while (!traceOf().some((s) => s.name.startsWith('RunActivity:')) || !traceOf().some((s) => s.name.startsWith('RunWorkflow:'))) {
      assert.ok(Date.now() < deadline, `no whole trace within 20 s; spans received: ${receiver.spans.map((s) => `${s.service}/${s.name}`).join(', ')}`);
      await delay(100);
    }

    const root = requestSpan()!;
    assert.equal(root.service, 'agentdex-api');
    assert.equal(root.name, 'POST /v1/find-tools');
    assert.equal(root.kind, 2, 'a server span');
    assert.equal(root.parentSpanId, undefined, 'the caller sent no traceparent: the request starts the trace');
    assert.equal(root.attributes['http.response.status_code'], 200);
    const workflowId = root.attributes['temporal.workflow_id'];
    assert.match(String(workflowId), /^find-tools-/);

    const spans = traceOf();
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const ancestry = (s: ReceivedSpan) => {
      const chain = [s.name];
      for (let p = s.parentSpanId && byId.get(s.parentSpanId); p; p = p.parentSpanId && byId.get(p.parentSpanId)) chain.push(p.name);
      return chain;
    };
    const activity = spans.find((s) => s.name.startsWith('RunActivity:'))!;
    assert.equal(activity.service, 'agentdex-worker');
    const chain = ancestry(activity);
    assert.equal(chain.at(-1), 'POST /v1/find-tools', `the activity's span leads back to the request: ${chain.join(' <- ')}`);
    assert.ok(
      chain.some((n) => n === 'StartWorkflow:findToolsWorkflow'),
      chain.join(' <- '),
    );
    assert.ok(
      chain.some((n) => n === 'RunWorkflow:findToolsWorkflow'),
      chain.join(' <- '),
    );
    assert.equal(spans.find((s) => s.name === 'RunWorkflow:findToolsWorkflow')?.service, 'agentdex-worker');
  });

  it('continues a trace the caller started (W3C traceparent)', async () => {
    const traceId = randomUUID().replace(/-/g, '');
    const requestId = `trace-${randomUUID()}`;
    const res = await fetch(`${api.baseUrl}/v1/registry?limit=1`, { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01`, 'x-request-id': requestId } });
    assert.equal(res.status, 200);
    const deadline = Date.now() + 10_000;
    const traced = () => receiver.spans.find((s) => s.attributes['agentdex.request_id'] === requestId);
    while (!traced()) {
      assert.ok(Date.now() < deadline, 'the read was not traced within 10 s');
      await delay(100);
    }
    const span = traced()!;
    assert.equal(span.traceId, traceId);
    assert.equal(span.parentSpanId, '00f067aa0ba902b7');
    assert.equal(span.name, 'GET /v1/registry');
  });
});
