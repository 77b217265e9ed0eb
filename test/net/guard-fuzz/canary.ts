import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * The canary: an HTTP server on loopback that must never hear from the outbound layer. It counts TCP
 * connections (stricter than requests: a browser preconnect or a TLS hello counts too) on 127.0.0.1 and
 * ::1, on one port where both can be had. Nothing maps or allowlists it: every notation of it is a target.
 */
export interface Canary {
  port: number;
  /** Loopback addresses it listens on: 127.0.0.1 always, ::1 when the host has IPv6 loopback. */
  addresses: string[];
  /** Connections accepted so far, with the first few request lines (to say what got through). */
  hits(): number;
  /** What reached it, newest last (the first 200 entries): connections by peer, request lines. */
  seen: string[];
  /** Whether a connection came from this local port (the control's own sockets). */
  heardFrom(port: number): boolean;
  close(): Promise<void>;
}

function listen(server: http.Server, port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const onError = () => resolve(false);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(true);
    });
  });
}

export async function startCanary(): Promise<Canary> {
  let hits = 0;
  const seen: string[] = [];
  const peers = new Set<number>();
  const sockets = new Set<Socket>();
  const make = () => {
    const server = http.createServer((req, res) => {
      if (seen.length < 200) seen.push(`${req.method} ${req.headers.host ?? ''}${req.url ?? ''}`);
      res.end('canary');
    });
    server.on('connection', (s: Socket) => {
      hits += 1;
      if (s.remotePort) peers.add(s.remotePort);
      if (seen.length < 200) seen.push(`connection from ${s.remoteAddress}:${s.remotePort}`);
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    return server;
  };
  // The same port on both families, so one URL port designates the canary in every notation.
  for (let attempt = 0; attempt < 20; attempt++) {
    const v4 = make();
    if (!(await listen(v4, 0, '127.0.0.1'))) throw new Error('canary cannot listen on 127.0.0.1');
    const port = (v4.address() as AddressInfo).port;
    const v6 = make();
    const servers = [v4];
    if (await listen(v6, port, '::1')) servers.push(v6);
    else if (attempt < 19) {
      await new Promise((r) => v4.close(r));
      continue;
    }
    return {
      port,
      addresses: servers.length === 2 ? ['127.0.0.1', '::1'] : ['127.0.0.1'],
      hits: () => hits,
      seen,
      heardFrom: (port) => peers.has(port),
      close: async () => {
        for (const s of sockets) s.destroy();
        await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
      },
    };
  }
  throw new Error('unreachable');
}
