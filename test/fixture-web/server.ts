import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { AUDIT_TRUTH_SITES } from './audit-truth';
import { CLAIM_SITES } from './claims';
import { COMPANY_SITES } from './companies';
import { DISCOVERY_SITES } from './discovery';
import { HOWTO_SITES } from './howto-docs';
import { MCP_TRUST_SITES } from './mcp-trust';
import { SITES, genericSite, type SiteHandler } from './sites';
import { RECEIVER_HOST, receiverSite, startWatchedSite, WATCHED_HOST, type WatchedSite } from './watch-sites';

/**
 * The fixture web: synthetic vendor sites served over real HTTP on loopback, one server dispatching on
 * the Host header. The audit engine reaches them through OUTBOUND_HOST_MAP (name → 127.0.0.1:port) and
 * the allowlist, trying https first (which fails the handshake here) and then plain http, as in production.
 */
export interface FixtureWeb {
  port: number;
  /** OUTBOUND_HOST_MAP form, every host included (mcp/status/api subdomains and the down host). */
  hostMapSetting: string;
  allowlist: string[];
  hosts: string[];
  requests: Array<{ host: string; method: string; path: string; headers: http.IncomingHttpHeaders }>;
  /** The product watch tests follow, on its own port (test/fixture-web/watch-sites.ts). */
  watchedSite: WatchedSite;
  close(): Promise<void>;
}

const MAX_LOG = 10_000;

export async function startFixtureWeb(o: { genericSites?: number } = {}): Promise<FixtureWeb> {
  const handlers = new Map<string, SiteHandler>(
    Object.entries({ ...SITES, ...DISCOVERY_SITES, ...COMPANY_SITES, ...HOWTO_SITES, ...AUDIT_TRUTH_SITES, ...CLAIM_SITES, ...MCP_TRUST_SITES }),
  );
  for (let i = 0; i < (o.genericSites ?? 0); i++) handlers.set(`site-${i}.test`, genericSite(`site-${i}`));
  handlers.set(RECEIVER_HOST, receiverSite);
  const requests: FixtureWeb['requests'] = [];
  const sockets = new Set<net.Socket>();
  let port = 0;

  const server = http.createServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const path = (req.url ?? '/').split('?')[0];
    requests.push({ host, method: req.method ?? 'GET', path, headers: req.headers });
    if (requests.length > MAX_LOG) requests.shift();
    const handler = handlers.get(host) ?? handlers.get(host.replace(/^(mcp|status|api)\./, ''));
    if (!handler) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('unknown host');
      return;
    }
    Promise.resolve(handler(req, res, { host, path, port })).catch((err) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(err));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  const downPort = await closedPort();
  // The watched product has a server of its own, so a test can take it down and bring it back.
  const watchedSite = await startWatchedSite();

  const names = [...handlers.keys()];
  const mapped = [...names, ...names.map((h) => `mcp.${h}`), ...names.map((h) => `status.${h}`), ...names.map((h) => `api.${h}`)];
  return {
    port,
    hostMapSetting: [...mapped.map((h) => `${h}=127.0.0.1:${port}`), `down.test=127.0.0.1:${downPort}`, `${WATCHED_HOST}=127.0.0.1:${watchedSite.port}`].join(
      ',',
    ),
    // By name, not by address: the loopback address itself stays forbidden, as an SSRF target must.
    allowlist: [...mapped, 'down.test', WATCHED_HOST],
    watchedSite,
    hosts: names,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy(); // slow-loris responses never end by themselves
        void watchedSite.close();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port with nothing listening: connections to it are refused. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const p = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return p;
}
