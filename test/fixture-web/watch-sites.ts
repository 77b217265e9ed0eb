import http from 'node:http';
import type net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { SCENARIOS, serveScenario } from './mcp-servers';
import { PETS_V1, PETS_V2 } from './openapi-versions';
import { html, json, notFound, page, readBody, routes, send, text, type SiteHandler } from './respond';

/**
 * The product a watch test follows (issue 39), on a server of its own so it can go down (connections
 * refused) and come back on the same port. Version 1 is well described; version 2 drops its llms.txt
 * (readiness falls), ships PETS_V2 (breaking changes) and redefines an MCP tool.
 */
export const WATCHED_HOST = 'watch-flaky.test';
export const watched = { version: 1 as 1 | 2 };

const LLMS = '# Flaky Pets\n\n> Pets API for agents: list, create and remove pets.\n\n## Docs\n\n- [API](/openapi.json): the OpenAPI description\n';

const site: SiteHandler = routes({
  '/robots.txt': (_q, r) => text(r, 'User-agent: *\nAllow: /\n'),
  '/': (_q, r) =>
    html(
      r,
      page(
        'Flaky Pets: a pets API for agents',
        `<h1>Flaky Pets</h1><p>${'Our pets API and MCP server let agents manage pets. '.repeat(5)}</p><a href="/docs">Docs</a> <a href="/pricing">Pricing</a>`,
        '<meta name="description" content="Flaky Pets: a pets API and MCP server for agents."><link rel="service-desc" href="/openapi.json">',
      ),
    ),
  '/docs': (_q, r) =>
    html(r, page('Flaky Pets docs', '<h1>Docs</h1><p>Our REST API is described by /openapi.json.</p><pre><code>npm install flaky-pets</code></pre>')),
  '/llms.txt': (_q, r) => (watched.version === 1 ? text(r, LLMS, 'text/markdown') : notFound(r)),
  '/openapi.json': (_q, r) => json(r, watched.version === 1 ? PETS_V1 : PETS_V2),
  '/mcp': (q, r) => serveScenario(q, r, () => (watched.version === 1 ? SCENARIOS.changingV1 : SCENARIOS.changingV2)),
});

export interface WatchedSite {
  port: number;
  /** Stops listening: connections are refused, so an audit finds the site unreachable. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

/** Serves the watched product on its own loopback port (mapped by name like the rest of the fixture web). */
export async function startWatchedSite(): Promise<WatchedSite> {
  const sockets = new Set<net.Socket>();
  let server: http.Server | undefined;
  let port = 0;
  const listen = async () => {
    if (server) return;
    server = http.createServer((req, res) => {
      const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
      Promise.resolve(site(req, res, { host, path: (req.url ?? '/').split('?')[0], port })).catch((err) => {
        if (!res.headersSent) res.writeHead(500);
        res.end(String(err));
      });
    });
    server.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
      server = undefined;
    });
  await listen();
  return { port, down: stop, up: listen, close: stop };
}

/** What one receiver path got: each POST with its Standard Webhooks headers, and whether they verified. */
export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  verified: boolean;
  at: number;
}

export interface ReceiverBehaviour {
  /** Every secret this receiver accepts (a rotation adds one); verification is the `standardwebhooks` library's. */
  secrets: string[];
  /** Answer 500 to this many requests first. */
  failFirst?: number;
  /** Answer this status to every request (410: the endpoint is gone). */
  status?: number;
}

/**
 * Webhook receivers at http://receiver.test/r/<name>: each verifies what it gets with the `standardwebhooks`
 * package (never with Agentdex's code) and answers as a test sets it to.
 */
export const receivers = new Map<string, ReceiverBehaviour & { received: Received[] }>();

export function receiver(name: string, behaviour: ReceiverBehaviour): ReceiverBehaviour & { received: Received[] } {
  const r = { ...behaviour, received: [] as Received[] };
  receivers.set(name, r);
  return r;
}

export const RECEIVER_HOST = 'receiver.test';

export const receiverSite: SiteHandler = async (req, res, ctx) => {
  const name = /^\/r\/([\w-]+)$/.exec(ctx.path)?.[1];
  const r = name ? receivers.get(name) : undefined;
  if (!r || req.method !== 'POST') return notFound(res);
  const body = await readBody(req);
  const headers = {
    'webhook-id': String(req.headers['webhook-id'] ?? ''),
    'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
    'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
  };
  const verified = r.secrets.some((secret) => {
    try {
      new Webhook(secret).verify(body, headers);
      return true;
    } catch {
      return false;
    }
  });
  r.received.push({
    id: headers['webhook-id'],
    timestamp: headers['webhook-timestamp'],
    signature: headers['webhook-signature'],
    body,
    verified,
    at: Date.now(),
  });
  if (r.failFirst && r.failFirst > 0) {
    r.failFirst--;
    return send(res, 500, 'text/plain', 'not yet');
  }
  if (r.status) return send(res, r.status, 'text/plain', 'as configured');
  return send(res, 204, 'text/plain', '');
};
