import http from 'node:http';
import type Koa from 'koa';

export interface RunningHttpServer {
  server: http.Server;
  port: number;
  close(): Promise<void>;
}

export async function listen(app: Koa, host: string, port: number): Promise<RunningHttpServer> {
  const server = http.createServer(app.callback());
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
