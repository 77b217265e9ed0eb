import { STATUS_CODES } from 'node:http';

// The client library's error hierarchy. Like the generated SDKs (openai-node, Stainless), a caller can catch one
// class per kind of failure (`catch (e) { if (e instanceof RateLimitError) ... }`) instead of switching on numbers,
// and every error that came from a response still carries what the server said: status, message, reason, request id.
// This module imports only Node built-ins so `agentdex/client` can ship without the server's dependencies.

/** Response headers as received, or a plain object (tests, `APIError.from` callers). */
export type HeadersLike = Headers | Record<string, string | string[] | undefined>;

/** The base of every error the client throws, so `instanceof AgentdexError` catches them all. */
export class AgentdexError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A request that failed: with a response (status set) or without one (connection, timeout, abort). */
export class APIError extends AgentdexError {
  /** The HTTP status, or undefined when no response arrived. */
  readonly status: number | undefined;
  /** The server's `{error}` message, or a description of what went wrong. */
  readonly error: string;
  /** The body's machine-readable `reason`, e.g. QUOTA_EXHAUSTED, SPEND_LIMIT_REACHED, PAYMENT_REQUIRED. */
  readonly reason: string | undefined;
  /** Seconds to wait before retrying, from `retry-after-ms`, `Retry-After` (seconds or a date) or the body's `retryAfter`. */
  readonly retryAfter: number | undefined;
  /** The `x-request-id` response header: quote it when reporting a problem. */
  readonly requestId: string | undefined;
  /** The parsed JSON body, or the text of a non-JSON body. */
  readonly body: unknown;
  /** Response headers, names lower-cased. */
  readonly headers: Record<string, string>;

  constructor(status: number | undefined, body: unknown, headers?: HeadersLike, message?: string, options?: ErrorOptions) {
    const normalised = normaliseHeaders(headers);
    const error = errorText(status, body, message);
    const reason = stringField(body, 'reason');
    super(message ?? describe(status, reason, error), options);
    this.status = status;
    this.error = error;
    this.reason = reason;
    this.retryAfter = retryAfterSeconds(normalised, body);
    this.requestId = normalised['x-request-id'];
    this.body = body;
    this.headers = normalised;
  }

  /** The error class for a status, so callers can branch with `instanceof`. */
  static from(status: number, body: unknown, headers?: HeadersLike): APIError {
    const Kind = classFor(status);
    return new Kind(status, body, headers);
  }
}

/** 400, and the other "this request is malformed" statuses: 405, 413, 415. */
export class BadRequestError extends APIError {}
/** 401: the API key is missing, unknown or revoked. */
export class AuthenticationError extends APIError {}
/** 402: the plan's included quantity is used up, the spend limit is reached, or a payment method is needed (see `reason`). */
export class PaymentRequiredError extends APIError {}
/** 403: the key is valid but may not do this. */
export class PermissionDeniedError extends APIError {}
/** 404 */
export class NotFoundError extends APIError {}
/** 409: e.g. an Idempotency-Key whose first request is still being accepted. */
export class ConflictError extends APIError {}
/** 422: e.g. an Idempotency-Key reused with a different request. */
export class UnprocessableEntityError extends APIError {}
/** 429: the anonymous trial allowance is used up; `retryAfter` says when it refills. */
export class RateLimitError extends APIError {}
/** 5xx */
export class InternalServerError extends APIError {}

/** No response: connection refused or reset, DNS failure, a body cut short. */
export class APIConnectionError extends APIError {
  constructor(message = 'Connection error', options?: ErrorOptions) {
    super(undefined, undefined, undefined, message, options);
  }
}

/** No response within the per-attempt timeout (on the last attempt). */
export class APIConnectionTimeoutError extends APIConnectionError {
  constructor(message = 'Request timed out', options?: ErrorOptions) {
    super(message, options);
  }
}

/** The caller's AbortSignal fired: the request, a retry wait or job polling was abandoned. */
export class APIUserAbortError extends APIError {
  constructor(message = 'Request was aborted', options?: ErrorOptions) {
    super(undefined, undefined, undefined, message, options);
  }
}

/** A metered call answered 202 and the job it started ended `failed`; nothing was charged for it. */
export class JobFailedError extends AgentdexError {
  constructor(
    readonly jobId: string | undefined,
    /** The job's `error`. */
    readonly error: string,
    /** The last job view polled. */
    readonly job: unknown,
  ) {
    super(`Job ${jobId ?? '(unknown)'} failed: ${error}`);
  }
}

type APIErrorClass = new (status: number, body: unknown, headers?: HeadersLike) => APIError;

const BY_STATUS: Record<number, APIErrorClass> = {
  400: BadRequestError,
  401: AuthenticationError,
  402: PaymentRequiredError,
  403: PermissionDeniedError,
  404: NotFoundError,
  405: BadRequestError,
  409: ConflictError,
  413: BadRequestError,
  415: BadRequestError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

function classFor(status: number): APIErrorClass {
  if (status >= 500) return InternalServerError;
  return BY_STATUS[status] ?? APIError;
}

/** `402 QUOTA_EXHAUSTED: ...` when the body has a reason, else `404 Not Found: ...`. */
function describe(status: number | undefined, reason: string | undefined, error: string): string {
  if (status === undefined) return error;
  const label = reason ?? STATUS_CODES[status];
  return label ? `${status} ${label}: ${error}` : `${status}: ${error}`;
}

const MAX_TEXT_IN_MESSAGE = 300;

function errorText(status: number | undefined, body: unknown, message: string | undefined): string {
  const fromBody = stringField(body, 'error');
  if (fromBody) return fromBody;
  // A proxy's HTML or plain-text error page: a readable prefix is more useful than nothing.
  if (typeof body === 'string' && body.trim()) return oneLine(body).slice(0, MAX_TEXT_IN_MESSAGE);
  if (message) return message;
  return status === undefined ? 'Request failed' : (STATUS_CODES[status] ?? `HTTP ${status}`);
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

function stringField(body: unknown, field: string): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}

function normaliseHeaders(headers: HeadersLike | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  if (typeof (headers as Headers).forEach === 'function' && typeof (headers as Headers).get === 'function') {
    (headers as Headers).forEach((value, name) => {
      out[name.toLowerCase()] = value;
    });
    return out;
  }
  for (const [name, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * Seconds to wait, in the order of precision: `retry-after-ms`, then `Retry-After` as delta-seconds or an HTTP date,
 * then the body's `retryAfter` (the API sends both for trial refusals; a proxy may strip the header).
 */
export function retryAfterSeconds(headers: Record<string, string>, body?: unknown, nowMs = Date.now()): number | undefined {
  const ms = Number(headers['retry-after-ms']);
  if (headers['retry-after-ms'] !== undefined && Number.isFinite(ms) && ms >= 0) return ms / 1000;
  const header = headers['retry-after']?.trim();
  if (header) {
    if (/^\d+(\.\d+)?$/.test(header)) return Number(header);
    const at = Date.parse(header);
    if (!Number.isNaN(at)) return Math.max(0, (at - nowMs) / 1000);
  }
  const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>).retryAfter : undefined;
  return typeof fromBody === 'number' && Number.isFinite(fromBody) && fromBody >= 0 ? fromBody : undefined;
}
