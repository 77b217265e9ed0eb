import { readFileSync } from 'node:fs';
import { Client, Connection, type ConnectionLike } from '@temporalio/client';
import type { TLSConfig } from '@temporalio/common/lib/internal-non-workflow';
import type { TemporalConfig } from '../config';

export interface TemporalTarget {
  address: string;
  namespace: string;
  apiKey?: string;
  tls?: TemporalConfig['tls'];
}

/** TLS and API-key settings shared by the client (API) and the native connection (worker). */
export function connectionSettings(target: TemporalTarget): { address: string; tls?: TLSConfig; apiKey?: string } {
  let tls: TLSConfig | undefined;
  if (target.tls) {
    tls = {
      serverNameOverride: target.tls.serverName,
      serverRootCACertificate: target.tls.caPath ? readFileSync(target.tls.caPath) : undefined,
      clientCertPair: target.tls.certPath && target.tls.keyPath ? { crt: readFileSync(target.tls.certPath), key: readFileSync(target.tls.keyPath) } : undefined,
    };
  }
  return { address: target.address, tls, apiKey: target.apiKey };
}

export interface TemporalClientHandle {
  client: Client;
  connection: ConnectionLike;
  namespace: string;
  /** The client shares a worker's connection in this process: workflow starts may go straight to it. */
  eagerStart?: boolean;
}

/**
 * A lazy connection: the API starts (and answers 503) while Temporal is still down, and connects on
 * first use.
 */
export function createTemporalClient(target: TemporalTarget): TemporalClientHandle {
  const connection = Connection.lazy({ ...connectionSettings(target), connectTimeout: '3s' });
  return { connection, client: new Client({ connection, namespace: target.namespace }), namespace: target.namespace };
}

/**
 * A client on the in-process worker's own native connection (API and worker in one process, as `npm start`
 * runs them): no second gRPC stack in Node, and starts can be handed to the local worker at once (eager
 * workflow start) instead of waiting for it to poll. The worker owns the connection and closes it.
 */
export function clientOnWorkerConnection(connection: ConnectionLike, namespace: string): TemporalClientHandle {
  return { connection, client: new Client({ connection, namespace }), namespace, eagerStart: true };
}

/** A bounded round trip to the Temporal frontend. */
export async function pingTemporal(handle: TemporalClientHandle, timeoutMs = 2_000): Promise<void> {
  await handle.connection.withDeadline(Date.now() + timeoutMs, () => handle.connection.workflowService.describeNamespace({ namespace: handle.namespace }));
}
