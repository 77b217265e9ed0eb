import { isGrpcServiceError } from '@temporalio/client';

/** How long the caller should wait, and the trial bucket's state: each door says these its own way. */
export interface ErrorHints {
  retryAfterSeconds?: number;
  rateLimit?: RateLimitState;
}

/**
 * A limit after a call, as the IETF RateLimit fields say it: the policy (`trial`, a workspace's per-second
 * bucket `workspace`, or its calls `in-flight`), its quota per window, the calls left and seconds until reset.
 */
export interface RateLimitState {
  policy: 'trial' | 'workspace' | 'in-flight';
  quota: number;
  /** The policy's window; none for calls in flight, which is no window but a count. */
  windowSeconds?: number;
  remaining: number;
  resetSeconds: number;
}

/**
 * An error whose status and message are safe to show to the caller, through any door: REST sends the
 * status and `{error, ...extra}`, MCP turns it into a tool error, the CLI into an exit code. The status
 * uses HTTP's numbers because the contract's error classes are defined by them.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly hints: ErrorHints = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new ApiError(400, message, extra);
export const unauthorized = (message: string) => new ApiError(401, message);
export const notFound = (message: string) => new ApiError(404, message);

/** Postgres or Temporal cannot be reached right now: the caller should retry later (503). */
export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: 'postgres' | 'temporal',
    cause?: unknown,
  ) {
    super(`${dependency === 'postgres' ? 'The database' : 'The workflow engine'} is unreachable; retry shortly`, { cause });
    this.name = 'DependencyUnavailableError';
  }
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
// SQLSTATE class 08 (connection exception) and 57P0x (server shutting down / cannot connect now).
const PG_UNAVAILABLE = /^(08|57P0)/;
// node-postgres's own words for a connection that closed under a query with no error from the server (a
// server stopping, a proxy or network dropping it); knex puts the statement before them.
const PG_CONNECTION_LOST = /(^|- )Connection terminated( unexpectedly| due to connection timeout)?$/;
// gRPC UNAVAILABLE (14) and DEADLINE_EXCEEDED (4): the Temporal frontend did not answer.
const GRPC_UNAVAILABLE = new Set([4, 14]);

/** Which dependency, if any, an error says is unreachable. */
export function unavailableDependency(err: unknown): 'postgres' | 'temporal' | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DependencyUnavailableError) return e.dependency;
    if (isGrpcServiceError(e) && GRPC_UNAVAILABLE.has(e.code)) return 'temporal';
    const { name, code } = e as { name?: string; code?: unknown };
    if (name === 'ServiceError' || name === 'TransportError') {
      if (/UNAVAILABLE|DEADLINE_EXCEEDED|connect/i.test(String((e as Error).message))) return 'temporal';
    }
    if (name === 'KnexTimeoutError') return 'postgres';
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_UNAVAILABLE.test(code))) return 'postgres';
    if (e instanceof Error && code === undefined && PG_CONNECTION_LOST.test(e.message)) return 'postgres';
  }
  return undefined;
}

/** Any failure as a status and a safe message: what every door reports when a call fails. */
export function describeFailure(err: unknown): { status: number; message: string; extra: Record<string, unknown>; hints: ErrorHints } {
  if (err instanceof ApiError) return { status: err.status, message: err.message, extra: err.extra, hints: err.hints };
  const dependency = unavailableDependency(err);
  if (dependency) {
    const what = dependency === 'postgres' ? 'The database' : 'The workflow engine';
    return { status: 503, message: `${what} is unreachable; retry shortly`, extra: {}, hints: { retryAfterSeconds: 5 } };
  }
  return { status: 500, message: 'Internal server error', extra: {}, hints: {} };
}
