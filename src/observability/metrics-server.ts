import http from 'node:http';
import { metricsRegistry } from './metrics';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * A process's Prometheus endpoint on a port of its own (the worker's WORKER_METRICS_PORT): our registry,
 * then, when given, the Temporal SDK's runtime metrics read from the exporter it binds on loopback, so one
 * scrape gets both.
 */
export async function startMetricsServer(o: { host?: string; port: number; sdkMetricsUrl?: string }): Promise<MetricsServer> {
  const server = http.createServer(async (req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    try {
      const ours = await metricsRegistry.metrics();
      const sdk = o.sdkMetricsUrl
        ? await fetch(o.sdkMetricsUrl)
            .then((r) => (r.ok ? r.text() : ''))
            .catch(() => '')
        : '';
      res.writeHead(200, { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' }).end(`${ours}\n${sdk}`);
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
