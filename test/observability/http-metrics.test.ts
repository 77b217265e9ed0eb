import assert from 'node:assert/strict';
import { Registry } from 'prom-client';
import { HTTP_DURATION_BUCKETS, recordRequest, registerHttpMetrics } from '../../src/observability/http-metrics';

/** The request tallies print as prom-client's own Counter and Histogram would: cumulative buckets, le inclusive. */
describe('HTTP request metrics (tallied series)', () => {
  const route = `/test/tally/${process.pid}`;
  const cases: Array<{ seconds: number; status: number }> = [
    { seconds: 0.0001, status: 200 },
    { seconds: 0.0005, status: 200 }, // on a bound: counted in that bucket, as prom-client does
    { seconds: 0.003, status: 404 },
    { seconds: 31, status: 200 }, // above every bound: +Inf only
  ];

  it('counts by route, method and status, and times by route and method', async () => {
    const registry = new Registry();
    registerHttpMetrics(registry);
    for (const c of cases) recordRequest(route, 'GET', c.status, c.seconds);
    const lines = new Map(
      (await registry.metrics())
        .split('\n')
        .filter((l) => l.includes(route))
        .map((l) => [l.slice(0, l.lastIndexOf(' ')), Number(l.slice(l.lastIndexOf(' ') + 1))] as const),
    );
    assert.equal(lines.get(`agentdex_http_requests_total{route="${route}",method="GET",status="200"}`), 3);
    assert.equal(lines.get(`agentdex_http_requests_total{route="${route}",method="GET",status="404"}`), 1);
    const bucket = (le: number | string) => lines.get(`agentdex_http_request_duration_seconds_bucket{le="${le}",route="${route}",method="GET"}`);
    const expected = HTTP_DURATION_BUCKETS.map((le) => cases.filter((c) => c.seconds <= le).length);
    assert.deepEqual(HTTP_DURATION_BUCKETS.map(bucket), expected);
    assert.deepEqual(expected.slice(0, 4), [2, 2, 2, 3]);
    assert.equal(bucket('+Inf'), 4);
    assert.equal(lines.get(`agentdex_http_request_duration_seconds_count{route="${route}",method="GET"}`), 4);
    assert.ok(Math.abs(lines.get(`agentdex_http_request_duration_seconds_sum{route="${route}",method="GET"}`)! - 31.0036) < 1e-9);
    const json = await registry.getMetricsAsJSON();
    const inf = json.find((m) => m.name === 'agentdex_http_request_duration_seconds')!.values.find((v) => v.labels.route === route && v.labels.le === '+Inf');
    assert.equal(inf?.value, 4, 'the JSON form carries the series labels beside le');
  });
});
