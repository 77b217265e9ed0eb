import type { Registry } from 'prom-client';

/**
 * The HTTP request metrics, `agentdex_http_requests_total{route,method,status}` and
 * `agentdex_http_request_duration_seconds{route,method}`, kept as plain tallies per series and written out
 * in prom-client's shape when scraped. prom-client's labelled Counter and Histogram spend about 1 µs of
 * label handling on each request (validating, hashing and copying the label objects), which measured a
 * tenth of a cached open read's throughput (issue 23; git show 4db9dfa:bench/RESULTS.md); here a request costs one map
 * look-up. The series are bounded as before: route templates, methods and statuses.
 */
export const HTTP_DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

interface Series {
  route: string;
  method: string;
  status: string;
  count: number;
  sum: number;
  /** Observations per bucket, not cumulative; the last slot holds those above every bound. */
  buckets: Float64Array;
}

const series = new Map<string, Series>();

/** Counts one answered request and its duration in seconds. */
export function recordRequest(route: string, method: string, status: number, seconds: number): void {
  const key = `${route} ${method} ${status}`;
  let s = series.get(key);
  if (!s) {
    s = { route, method, status: String(status), count: 0, sum: 0, buckets: new Float64Array(HTTP_DURATION_BUCKETS.length + 1) };
    series.set(key, s);
  }
  s.count++;
  s.sum += seconds;
  let i = 0;
  while (i < HTTP_DURATION_BUCKETS.length && seconds > HTTP_DURATION_BUCKETS[i]) i++;
  s.buckets[i]++;
}

interface Sample {
  labels: Record<string, string | number>;
  sharedLabels?: Record<string, string>;
  value: number;
  metricName?: string;
}

/** Registers both metrics in `registry`, as prom-client's own Counter and Histogram would print them. */
export function registerHttpMetrics(registry: Registry): void {
  const metric = (name: string, help: string, type: 'counter' | 'histogram', values: () => Sample[]) => ({
    name,
    help,
    type,
    aggregator: 'sum' as const,
    // The text exposition takes series labels apart from `le`, as prom-client's histograms give them.
    getForPromString: async () => ({ name, help, type, aggregator: 'sum' as const, values: values() }),
    get: async () => ({
      name,
      help,
      type,
      aggregator: 'sum' as const,
      values: values().map(({ labels, sharedLabels, ...rest }) => ({ ...rest, labels: { ...labels, ...sharedLabels } })),
    }),
    reset: () => series.clear(),
  });
  registry.registerMetric(
    metric('agentdex_http_requests_total', 'HTTP requests answered, by route template, method and status', 'counter', () =>
      [...series.values()].map((s) => ({ labels: { route: s.route, method: s.method, status: s.status }, value: s.count })),
    ) as never,
  );
  const durationName = 'agentdex_http_request_duration_seconds';
  registry.registerMetric(
    metric(durationName, 'Time from a request arriving until the middleware stack has its answer, by route template and method', 'histogram', () =>
      durationSamples(durationName),
    ) as never,
  );
}

function durationSamples(name: string): Sample[] {
  const byRoute = new Map<string, { route: string; method: string; count: number; sum: number; buckets: Float64Array }>();
  for (const s of series.values()) {
    const key = `${s.route} ${s.method}`;
    let d = byRoute.get(key);
    if (!d) {
      d = { route: s.route, method: s.method, count: 0, sum: 0, buckets: new Float64Array(HTTP_DURATION_BUCKETS.length + 1) };
      byRoute.set(key, d);
    }
    d.count += s.count;
    d.sum += s.sum;
    for (let i = 0; i < s.buckets.length; i++) d.buckets[i] += s.buckets[i];
  }
  const samples: Sample[] = [];
  for (const d of byRoute.values()) {
    const shared = { route: d.route, method: d.method };
    let cumulative = 0;
    HTTP_DURATION_BUCKETS.forEach((le, i) => {
      cumulative += d.buckets[i];
      samples.push({ labels: { le }, sharedLabels: shared, value: cumulative, metricName: `${name}_bucket` });
    });
    samples.push(
      { labels: { le: '+Inf' }, sharedLabels: shared, value: d.count, metricName: `${name}_bucket` },
      { labels: {}, sharedLabels: shared, value: d.sum, metricName: `${name}_sum` },
      { labels: {}, sharedLabels: shared, value: d.count, metricName: `${name}_count` },
    );
  }
  return samples;
}
