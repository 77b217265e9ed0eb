import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningStripeMock } from '../support/stripe-mock';

/** In front of stripe-mock: forwards every request and remembers it, so a test can count meter events. */
export async function recordingProxy(target: RunningStripeMock, o: { delayMs?: number } = {}) {
  const seen: Array<{ method: string; path: string; body: URLSearchParams }> = [];
  let down = false;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      if (down) {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is having a bad day' } }));
        return;
      }
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method ?? '', path: req.url ?? '', body: new URLSearchParams(body.toString()) });
      // A slow Stripe, so a test can kill the worker in the middle of a batch.
      if (o.delayMs) await new Promise((r) => setTimeout(r, o.delayMs));
      const fwd = http.request({ host: target.host, port: target.port, method: req.method, path: req.url, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      fwd.end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    meterEvents: () => seen.filter((s) => s.method === 'POST' && s.path === '/v1/billing/meter_events'),
    fail(on: boolean) {
      down = on;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
