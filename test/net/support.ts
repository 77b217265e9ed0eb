import { OutboundError, type OutboundErrorCode } from '../../src/net/errors';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import dgram from 'node:dgram';
import { promises as dnsPromises } from 'node:dns';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as dnsPacket from 'dns-packet';
import type { Resolver } from '../../src/net/guard';

// Loopback-only fixtures for the outbound tests: HTTP servers that count connections, a real UDP DNS server,
// and a recorder of every TCP connection attempt the process makes.

export interface TestServer {
  port: number;
  /** TCP connections accepted so far. */
  connections: () => number;
  close: () => Promise<void>;
}

/** A listening server's port, its connection count, and a close that also ends open connections. */
export function track(server: net.Server): TestServer {
  let count = 0;
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    count += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export async function startHttp(handler: http.RequestListener): Promise<TestServer> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return track(server);
}

export async function startHttps(handler: http.RequestListener, cert: { key: string; cert: string }): Promise<TestServer> {
  const server = https.createServer(cert, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return track(server);
}

/** A self-signed certificate for `name`, made with the openssl CLI. */
export function selfSignedCert(name: string): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbound-cert-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        `/CN=${name}`,
        '-addext',
        `subjectAltName=DNS:${name}`,
      ],
      { stdio: 'ignore' },
    );
    return { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export type DnsRecords = Record<string, { A?: string[]; AAAA?: string[] } | ((type: 'A' | 'AAAA', n: number) => string[])>;

export interface TestDns {
  port: number;
  /** Questions answered, as "TYPE name". */
  queries: string[];
  resolver: Resolver;
  close: () => Promise<void>;
}

/** A UDP DNS server on 127.0.0.1 answering from `records` (NXDOMAIN for unknown names, TTL 0 so nothing caches). */
export async function startDns(records: DnsRecords): Promise<TestDns> {
  const socket = dgram.createSocket('udp4');
  const queries: string[] = [];
  socket.on('message', (msg, rinfo) => {
    const query = dnsPacket.decode(msg);
    const q = query.questions?.[0];
    if (!q) return;
    const name = q.name.toLowerCase();
    const entry = records[name];
    const type = q.type === 'A' || q.type === 'AAAA' ? q.type : null;
    queries.push(`${q.type} ${name}`);
    const seen = queries.filter((s) => s === `${q.type} ${name}`).length;
    const data = !entry || !type ? [] : typeof entry === 'function' ? entry(type, seen) : (entry[type] ?? []);
    const answers = type ? data.map((ip) => ({ type, name: q.name, ttl: 0, class: 'IN' as const, data: ip })) : [];
    const reply = dnsPacket.encode({
      type: 'response',
      id: query.id,
      // QR is implied by type; RD echoed, RA set; rcode 3 = NXDOMAIN in the low bits
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (entry ? 0 : 3),
      questions: query.questions,
      answers: answers as dnsPacket.Answer[],
    });
    socket.send(reply, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const port = socket.address().port;
  // The server always answers at once: the timeout only ever ends a lost packet, so a busy machine gets a margin.
  const r = new dnsPromises.Resolver({ timeout: 5_000, tries: 1 });
  r.setServers([`127.0.0.1:${port}`]);
  const resolver: Resolver = async (host) => {
    const [v4, v6] = await Promise.allSettled([r.resolve4(host), r.resolve6(host)]);
    const ips = [...(v4.status === 'fulfilled' ? v4.value : []), ...(v6.status === 'fulfilled' ? v6.value : [])];
    if (ips.length === 0) throw v4.status === 'rejected' ? v4.reason : new Error(`no addresses for ${host}`);
    return ips;
  };
  return { port, queries, resolver, close: () => new Promise<void>((resolve) => socket.close(() => resolve())) };
}

export interface ConnectionLog {
  attempts: { ip: string; port: number }[];
}

/**
 * Records every TCP connection attempt in the process (net and tls sockets alike) for the enclosing describe,
 * and fails the suite if any went anywhere but 127.0.0.1: these tests must never touch another address.
 */
export function watchConnections(): ConnectionLog {
  const log: ConnectionLog = { attempts: [] };
  const original = net.Socket.prototype.connect;
  before(() => {
    net.Socket.prototype.connect = function patched(this: net.Socket, ...args: unknown[]) {
      this.on('connectionAttempt', (ip: string, port: number) => log.attempts.push({ ip, port }));
      return (original as (...a: unknown[]) => net.Socket).apply(this, args);
    } as typeof original;
  });
  after(() => {
    net.Socket.prototype.connect = original;
    const foreign = log.attempts.filter((a) => a.ip !== '127.0.0.1');
    assert.deepEqual(foreign, [], 'connection attempts to non-loopback addresses');
  });
  return log;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asserts the promise fails with an OutboundError of this code, and returns the error. */
export async function expectCode(promise: Promise<unknown>, code: OutboundErrorCode): Promise<OutboundError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof OutboundError, `expected OutboundError, got ${String(err)}`);
    assert.equal(err.code, code, err.message);
    return err;
  }
  assert.fail(`expected ${code}, but the request succeeded`);
}
