import assert from 'node:assert/strict';
import net from 'node:net';
import { describeFailure, unavailableDependency } from '../../src/errors';
import { createDb } from '../../src/store/db';
import { getInfra } from '../support/infra';

/** A loopback TCP proxy to the run's Postgres whose connections the test can cut, as a dying server or network would. */
async function cuttableProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut: () => {
      for (const s of sockets) s.destroy();
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('a Postgres connection lost under a query', () => {
  it('is the database being unreachable (503 to the caller), not an internal error', async () => {
    const target = new URL(getInfra().databaseUrl);
    const proxy = await cuttableProxy(target);
    const url = new URL(target);
    url.port = String(proxy.port);
    const db = createDb({ url: url.toString(), poolMax: 1 });
    try {
      const query = db.raw('select pg_sleep(5)');
      const failed = query.then(
        () => undefined,
        (err: unknown) => err,
      );
      await new Promise((r) => setTimeout(r, 300));
      proxy.cut();
      const err = await failed;
      assert.ok(err instanceof Error, 'the query failed');
      assert.match(err.message, /Connection terminated/);
      assert.equal(unavailableDependency(err), 'postgres');
      assert.equal(describeFailure(err).status, 503);
    } finally {
      await db.destroy();
      await proxy.close();
    }
  });

  it('leaves other errors without a code as internal (500)', () => {
    assert.equal(unavailableDependency(new Error('Connection terminated by a typo in our code path')), undefined);
    assert.equal(describeFailure(new Error('something else')).status, 500);
  });
});
