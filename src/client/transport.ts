import { randomUUID } from 'node:crypto';
import { type Clock, systemClock } from './clock';
import { AgentdexError, APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, JobFailedError, retryAfterSeconds } from './errors';

// The HTTP core of `agentdex/client`: one `request()` that every per-operation method goes through, so headers,
// retries, idempotency, 202 job polling, timeouts and cancellation behave the same for all of them.
// Only Node built-ins, `./errors` and `./clock` are imported: the client must not drag in the
// server's dependencies.

export const CLIENT_VERSION = '0.1.0';
export const USER_AGENT = `agentdex-client/${CLIENT_VERSION}`;

export interface TransportOptions {
  /** e.g. http://localhost:3000 (a trailing slash is tolerated). */
  baseUrl: string;
  /** Sent as x-api-key; without it the server treats the caller as an anonymous trial user. */
  apiKey?: string;
  /** Retries after the first attempt; default 2. */
  maxRetries?: number;
  /** Per attempt, including reading the body; default 120 000. */
  timeoutMs?: number;
  /** Extra headers on every request (the CLI adds x-agentdex-source: cli). */
  headers?: Record<string, string>;
  /** Injectable for tests. */
  fetch?: typeof fetch;
  /** First backoff; default 500. */
  retryBaseDelayMs?: number;
  /** First job poll delay; default 500, doubling to at most 5000. */
  pollIntervalMs?: number;
  /** Timeouts, retry waits and poll waits run on it; the system's clock unless a test brings its own. */
  clock?: Clock;
}

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path parameters already substituted and encoded. */
  path: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** JSON-encoded when present. */
  body?: unknown;
  /** A metered primitive: gets an Idempotency-Key, and a 202 job is polled to the end. */
  metered?: boolean;
  /** The caller's key; otherwise one is generated for metered calls. */
  idempotencyKey?: string;
  /** Send `Prefer: respond-async`: the server answers 202 at once and we poll. */
  respondAsync?: boolean;
  signal?: AbortSignal;
}

const DEFAULTS = { maxRetries: 2, timeoutMs: 120_000, retryBaseDelayMs: 500, pollIntervalMs: 500 };
const MAX_BACKOFF_MS = 8_000;
const MAX_POLL_INTERVAL_MS = 5_000;
// A server asking for a longer wait (e.g. the anonymous trial's hourly bucket) gets an immediate error instead of a
// caller left hanging for most of an hour; the error carries `retryAfter` so the caller can decide.
const MAX_RETRY_AFTER_MS = 60_000;
const RETRYABLE_STATUSES = new Set([408, 409, 429]);
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

interface Attempt {
  method: RequestSpec['method'];
  url: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

interface Received {
  status: number;
  headers: Headers;
  body: unknown;
}

interface JobView {
  status?: unknown;
  jobId?: unknown;
  location?: unknown;
  result?: unknown;
  error?: unknown;
}

export class Transport {
  private readonly baseUrl: string;
  private readonly apiKey: string | undefined;
  private readonly maxRetries: number;
  private readonly timeoutMs: number;
  private readonly extraHeaders: Record<string, string>;
  private readonly fetchImpl: typeof fetch;
  private readonly retryBaseDelayMs: number;
  private readonly pollIntervalMs: number;
  private readonly clock: Clock;

  constructor(options: TransportOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.apiKey = options.apiKey;
    this.maxRetries = Math.max(0, options.maxRetries ?? DEFAULTS.maxRetries);
    this.timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
    this.extraHeaders = { ...options.headers };
    this.fetchImpl = options.fetch ?? fetch;
    this.retryBaseDelayMs = options.retryBaseDelayMs ?? DEFAULTS.retryBaseDelayMs;
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULTS.pollIntervalMs;
    this.clock = options.clock ?? systemClock;
  }

  /** Sends one operation, retrying and polling as needed; resolves to the response body (or the job's result). */
  async request<T>(spec: RequestSpec): Promise<T> {
    // Generated once per call and reused on every retry, so a retried metered call is never billed twice.
    const idempotencyKey = spec.idempotencyKey ?? (spec.metered ? randomUUID() : undefined);
    const headers = this.headersFor(spec.body !== undefined);
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    if (spec.respondAsync) headers.prefer = 'respond-async';
    const received = await this.send({
      method: spec.method,
      url: this.urlFor(spec.path, spec.query),
      headers,
      body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
      signal: spec.signal,
    });
    const job = runningJob(received);
    if (job) return (await this.pollJob(job, spec.signal)) as T;
    return (received.status === 204 ? undefined : received.body) as T;
  }

  private headersFor(hasBody: boolean): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': USER_AGENT };
    if (this.apiKey) headers['x-api-key'] = this.apiKey;
    if (hasBody) headers['content-type'] = 'application/json';
    for (const [name, value] of Object.entries(this.extraHeaders)) headers[name.toLowerCase()] = value;
    return headers;
  }

  private urlFor(path: string, query?: RequestSpec['query']): string {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) params.append(name, String(value));
    }
    const search = params.toString();
    return `${this.baseUrl}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
  }

  /** One logical request: attempts it, and retries what is worth retrying. Resolves only with a 2xx. */
  private async send(attempt: Attempt): Promise<Received> {
    for (let retry = 0; ; retry++) {
      throwIfAborted(attempt.signal);
      let received: Received;
      try {
        received = await this.attemptOnce(attempt);
      } catch (err) {
        if (!(err instanceof APIConnectionError) || retry >= this.maxRetries) throw err;
        await sleep(this.clock, this.backoffMs(retry), attempt.signal);
        continue;
      }
      if (received.status >= 200 && received.status < 300) return received;
      const error = APIError.from(received.status, received.body, received.headers);
      const delayMs = this.retryDelayMs(error, retry);
      if (delayMs === undefined) throw error;
      await sleep(this.clock, delayMs, attempt.signal);
    }
  }

  /** How long to wait before retrying this error, or undefined when it must be thrown now. */
  private retryDelayMs(error: APIError, retry: number): number | undefined {
    const status = error.status ?? 0;
    if (retry >= this.maxRetries || !(RETRYABLE_STATUSES.has(status) || status >= 500)) return undefined;
    // Read again against this clock: an HTTP-date Retry-After is a moment, and the wait is measured from now.
    const retryAfter = retryAfterSeconds(error.headers, error.body, this.clock.now());
    if (retryAfter === undefined) return this.backoffMs(retry);
    const ms = retryAfter * 1000;
    return ms <= MAX_RETRY_AFTER_MS ? ms : undefined;
  }

  /** base * 2^retry, capped, minus up to 25 % jitter so clients that failed together do not retry together. */
  private backoffMs(retry: number): number {
    const ms = Math.min(this.retryBaseDelayMs * 2 ** retry, MAX_BACKOFF_MS);
    return ms * (1 - Math.random() * 0.25);
  }

  /**
   * One fetch, body read included, under the per-attempt timeout. Its own controller is aborted by either the timer
   * or the caller's signal; which one fired decides the error.
   */
  private async attemptOnce(attempt: Attempt): Promise<Received> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = this.clock.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    const onAbort = () => controller.abort();
    attempt.signal?.addEventListener('abort', onAbort, { once: true });
    let status: number;
    let headers: Headers;
    let text: string;
    try {
      const res = await this.fetchImpl(attempt.url, {
        method: attempt.method,
        headers: attempt.headers,
        body: attempt.body,
        signal: controller.signal,
      });
      ({ status, headers } = res);
      text = await res.text();
    } catch (err) {
      if (attempt.signal?.aborted) throw new APIUserAbortError(undefined, { cause: attempt.signal.reason });
      const where = `${attempt.method} ${attempt.url}`;
      if (timedOut) throw new APIConnectionTimeoutError(this.redact(`Request timed out after ${this.timeoutMs} ms (${where})`));
      throw new APIConnectionError(this.redact(`Connection error: ${causeText(err)} (${where})`), { cause: err });
    } finally {
      this.clock.clearTimeout(timer);
      attempt.signal?.removeEventListener('abort', onAbort);
    }
    return { status, headers, body: parseBody(status, headers, text) };
  }

  /** Polls a 202's job until it ends: its result, or JobFailedError. Each poll is retried like any GET. */
  private async pollJob(job: { jobId?: string; location: string }, signal?: AbortSignal): Promise<unknown> {
    const poll: Attempt = { method: 'GET', url: this.jobUrl(job.location), headers: this.headersFor(false), signal };
    for (let delayMs = this.pollIntervalMs; ; delayMs = Math.min(delayMs * 2, MAX_POLL_INTERVAL_MS)) {
      await sleep(this.clock, delayMs, signal);
      const view = (await this.send(poll)).body as JobView | undefined;
      const status = view?.status;
      if (status === 'completed') return view?.result;
      if (status === 'failed') throw new JobFailedError(job.jobId, typeof view?.error === 'string' ? view.error : 'job failed', view);
      if (status !== 'running') throw new AgentdexError(`Job ${job.jobId ?? job.location} has an unexpected status: ${String(status)}`);
    }
  }

  /**
   * The server sends `/v1/jobs/{id}`, relative to its root: joined to baseUrl like any path, so a prefix in baseUrl is
   * kept. An absolute URL must be on the same origin, since the poll carries the API key.
   */
  private jobUrl(location: string): string {
    if (!/^[a-z][a-z\d+.-]*:/i.test(location)) return this.urlFor(location);
    if (new URL(location).origin !== new URL(this.baseUrl).origin) {
      throw new AgentdexError(`Refusing to poll a job on another origin than ${new URL(this.baseUrl).origin}`);
    }
    return location;
  }

  /** A fetch implementation's own message could echo request headers: the key never appears in an error. */
  private redact(message: string): string {
    return this.apiKey ? message.split(this.apiKey).join('[redacted]') : message;
  }
}

/** The job a 202 started, when its body is `{status: 'running', jobId, location}` (or the Location header has it). */
function runningJob(received: Received): { jobId?: string; location: string } | undefined {
  if (received.status !== 202) return undefined;
  const body = (received.body && typeof received.body === 'object' ? received.body : {}) as JobView;
  if (body.status !== undefined && body.status !== 'running') return undefined;
  const jobId = typeof body.jobId === 'string' ? body.jobId : undefined;
  const location =
    (typeof body.location === 'string' && body.location) || received.headers.get('location') || (jobId ? `/v1/jobs/${encodeURIComponent(jobId)}` : undefined);
  return location ? { jobId, location } : undefined;
}

function parseBody(status: number, headers: Headers, text: string): unknown {
  if (!JSON_TYPE.test(headers.get('content-type') ?? '')) return text;
  if (status === 204 || !text) return undefined;
  try {
    return JSON.parse(text);
  } catch (err) {
    // An error response keeps its raw text as the body; a success that cannot be parsed is a broken response.
    if (status >= 300) return text;
    throw new AgentdexError(`Invalid JSON in a ${status} response`, { cause: err });
  }
}

/** undici reports "fetch failed" with the useful part (ECONNREFUSED, ENOTFOUND, ...) in `cause`. */
function causeText(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } })?.cause;
  if (cause && typeof cause.message === 'string') return cause.message;
  if (cause && typeof cause.code === 'string') return cause.code;
  return err instanceof Error ? err.message : String(err);
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new APIUserAbortError(undefined, { cause: signal.reason });
}

/** A wait that the caller's signal cuts short. */
function sleep(clock: Clock, ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new APIUserAbortError(undefined, { cause: signal.reason }));
    const onAbort = () => {
      clock.clearTimeout(timer);
      reject(new APIUserAbortError(undefined, { cause: signal?.reason }));
    };
    const timer = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
