import http from 'node:http';
import type Koa from 'koa';

export interface RunningHttpServer {
  server: http.Server;
  port: number;
  close(): Promise<void>;
}

export async function listen(app: Koa, host: string, port: number): Promise<RunningHttpServer> {
  // 64 KiB of request line and headers (Node's default is 16): a long but valid query string reaches the
  // app and its validation (a JSON 400 naming the field) instead of Node's bare 431.
  const server = http.createServer({ maxHeaderSize: 64 * 1024 }, app.callback());
  // Slightly above common load balancer idle timeouts so they close first.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actualPort = (server.address() as { port: number }).port;
  return {
    server,
    port: actualPort,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
