import http from 'node:http';
import { metricsRegistry } from './metrics';

/**
 * One scrape of this process: our registry, then, when given, the Temporal SDK's runtime metrics read from
 * the exporter it binds on loopback (nothing of theirs when it does not answer: ours still count).
 */
export async function scrapeMetrics(sdkMetricsUrl?: string): Promise<string> {
  const ours = await metricsRegistry.metrics();
  const sdk = sdkMetricsUrl
    ? await fetch(sdkMetricsUrl)
        .then((r) => (r.ok ? r.text() : ''))
        .catch(() => '')
    : '';
  return `${ours}\n${sdk}`;
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/** A process's Prometheus endpoint on a port of its own (the worker's WORKER_METRICS_PORT): scrapeMetrics. */
export async function startMetricsServer(o: { host?: string; port: number; sdkMetricsUrl?: string }): Promise<MetricsServer> {
  const server = http.createServer(async (req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    try {
      res.writeHead(200, { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' }).end(await scrapeMetrics(o.sdkMetricsUrl));
    } catch {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
    }
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(o.port, o.host ?? '0.0.0.0', () => resolve()));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : o.port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
