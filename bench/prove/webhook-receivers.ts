import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * Webhook receivers for the webhooks proof (issue 39), in the proof's own process: `count` endpoints on one
 * loopback port, endpoint i at http://hook-<i>.test/hooks/<i> (the worker reaches the names through
 * OUTBOUND_HOST_MAP). Each request is verified with the `standardwebhooks` package (never with Agentdex's
 * code) against the secret its endpoint was given, recorded, and answered 503 while the endpoint is set to
 * fail, 204 otherwise.
 */
export interface Receipt {
  endpoint: number;
  /** The `webhook-id` header. */
  id: string;
  /** The payload's own `id` (the event's), to compare with the header. */
  bodyId: string | undefined;
  at: number;
  status: number;
  verified: boolean;
}

export interface WebhookReceivers {
  port: number;
  /** hook-0.test ... hook-<count-1>.test */
  hosts: string[];
  /** OUTBOUND_HOST_MAP entries sending each host to this server. */
  hostMapSetting: string;
  url(endpoint: number): string;
  /** The whsec_ secret an endpoint verifies with (from POST /v1/webhooks). */
  setSecret(endpoint: number, secret: string): void;
  /** The endpoint answers 503 until this time (epoch ms); 0 or never set: 204 at once. */
  failUntil(endpoint: number, at: number): void;
  /** Every request, in arrival order. */
  receipts: Receipt[];
  /** Requests that could not be attributed to an endpoint (wrong path or host). */
  strays(): number;
  close(): Promise<void>;
}

export const receiverHost = (i: number) => `hook-${i}.test`;

export async function startWebhookReceivers(count: number): Promise<WebhookReceivers> {
  const hooks: Array<Webhook | undefined> = Array.from({ length: count }, () => undefined);
  const failing: number[] = Array.from({ length: count }, () => 0);
  const receipts: Receipt[] = [];
  let strays = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const i = Number(/^\/hooks\/(\d+)$/.exec(req.url ?? '')?.[1] ?? Number.NaN);
      const host = String(req.headers.host ?? '').replace(/:\d+$/, '');
      if (!(i >= 0 && i < count) || host !== receiverHost(i) || req.method !== 'POST') {
        strays++;
        res.writeHead(404).end();
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(req.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
      };
      let verified = false;
      let bodyId: string | undefined;
      try {
        const payload = hooks[i]?.verify(body, headers) as { id?: string } | undefined;
        verified = payload !== undefined;
        bodyId = payload?.id;
      } catch {
        verified = false;
      }
      const status = Date.now() < failing[i] ? 503 : 204;
      receipts.push({ endpoint: i, id: headers['webhook-id'], bodyId, at: Date.now(), status, verified });
      res.writeHead(status).end();
    });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const hosts = Array.from({ length: count }, (_, i) => receiverHost(i));
  return {
    port,
    hosts,
    hostMapSetting: hosts.map((h) => `${h}=127.0.0.1:${port}`).join(','),
    url: (i) => `http://${receiverHost(i)}/hooks/${i}`,
    setSecret(i, secret) {
      hooks[i] = new Webhook(secret);
    },
    failUntil(i, at) {
      failing[i] = at;
    },
    receipts,
    strays: () => strays,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
