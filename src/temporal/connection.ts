import { readFileSync } from 'node:fs';
import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry/lib/client';
import { Client, type ClientInterceptors, Connection, type ConnectionLike, defaultGrpcRetryOptions, makeGrpcRetryInterceptor } from '@temporalio/client';
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

export interface ClientOptions {
  /** Tracing is on: workflow starts carry the caller's trace context to the workflow (a StartWorkflow span). */
  traced?: boolean;
}

function clientInterceptors(o: ClientOptions): ClientInterceptors | undefined {
  return o.traced ? { workflow: [new OpenTelemetryWorkflowClientInterceptor()] } : undefined;
}

/**
 * How often a call retries a frontend that does not answer (gRPC UNAVAILABLE and kin): six attempts, about
 * 3 s of backoff in all (170 ms growing by 1.7x). The SDK's default, ten attempts backing off to 5 s, held
 * each request about 20 s while Temporal was down before it could answer 503; 3 s still rides out a blip.
 */
const TEMPORAL_CALL_ATTEMPTS = 6;

/**
 * A lazy connection: the API starts (and answers 503) while Temporal is still down, and connects on
 * first use.
 */
export function createTemporalClient(target: TemporalTarget, o: ClientOptions = {}): TemporalClientHandle {
  const connection = Connection.lazy({
    ...connectionSettings(target),
    connectTimeout: '3s',
    // gRPC backs off reconnecting up to 120 s: after a 10 s outage the API still answered 503 for about 6 s
    // once the frontend was back. Trying again every second costs nothing and ends an outage with it.
    channelArgs: { 'grpc.max_reconnect_backoff_ms': 1_000 },
    interceptors: [makeGrpcRetryInterceptor(defaultGrpcRetryOptions({ maxAttempts: TEMPORAL_CALL_ATTEMPTS }))],
  });
  return { connection, client: new Client({ connection, namespace: target.namespace, interceptors: clientInterceptors(o) }), namespace: target.namespace };
}

/**
 * A client on the in-process worker's own native connection (API and worker in one process, as `npm start`
 * runs them): no second gRPC stack in Node, and starts can be handed to the local worker at once (eager
 * workflow start) instead of waiting for it to poll. The worker owns the connection and closes it.
 */
export function clientOnWorkerConnection(connection: ConnectionLike, namespace: string, o: ClientOptions = {}): TemporalClientHandle {
  return { connection, client: new Client({ connection, namespace, interceptors: clientInterceptors(o) }), namespace, eagerStart: true };
}

/** A bounded round trip to the Temporal frontend. */
export async function pingTemporal(handle: TemporalClientHandle, timeoutMs = 2_000): Promise<void> {
  await handle.connection.withDeadline(Date.now() + timeoutMs, () => handle.connection.workflowService.describeNamespace({ namespace: handle.namespace }));
}
