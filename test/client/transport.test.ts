import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AgentdexError,
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  JobFailedError,
  NotFoundError,
  PaymentRequiredError,
  PermissionDeniedError,
  RateLimitError,
  retryAfterSeconds,
  UnprocessableEntityError,
} from '../../src/client/errors';
import { Transport, USER_AGENT, type TransportOptions } from '../../src/client/transport';
import { eventually, settledState } from '../support/eventually';
import { fakeClock } from '../support/fake-clock';

// The transport against a real node:http server whose handler each test scripts. Waits, timeouts and polls run
// on a fake clock where a test is about them: it asserts what happens at a given virtual time, and waits for the
// real server's side with `eventually`, so a loaded CI machine cannot change an outcome.

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
type Handler = (req: IncomingMessage, res: ServerResponse, seen: Seen, attempt: number) => void;

const API_KEY = 'adx_test_secret_key_123';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

/** Rejects with the promise's error, failing the test if it resolves. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  assert.fail('expected the request to be rejected');
}

describe('client transport', () => {
  let server: Server;
  let baseUrl: string;
  let handler: Handler;
  let seen: Seen[];

  before(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() };
        seen.push(entry);
        handler(req, res, entry, seen.length);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  beforeEach(() => {
    seen = [];
    handler = (_req, res) => json(res, 500, { error: 'no handler scripted' });
  });

  // Tests that leave a response hanging must not leave its socket open for the next test.
  afterEach(() => server.closeAllConnections());

  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const transport = (options: Partial<TransportOptions> = {}) =>
    new Transport({ baseUrl, apiKey: API_KEY, retryBaseDelayMs: 10, pollIntervalMs: 20, ...options });

  describe('requests', () => {
    it('sends the standard headers, the extra headers and a JSON body', async () => {
      handler = (_req, res) => json(res, 200, { ok: true });
      const result = await transport({ headers: { 'x-agentdex-source': 'cli' } }).request<{ ok: boolean }>({
        method: 'POST',
        path: '/v1/echo',
        body: { task: 'audit', limit: 3 },
      });
      assert.deepEqual(result, { ok: true });
      const [req] = seen;
      assert.equal(req.method, 'POST');
      assert.equal(req.headers.accept, 'application/json');
      assert.equal(req.headers['user-agent'], USER_AGENT);
      assert.equal(req.headers['x-api-key'], API_KEY);
      assert.equal(req.headers['content-type'], 'application/json');
      assert.equal(req.headers['x-agentdex-source'], 'cli');
      assert.deepEqual(JSON.parse(req.body), { task: 'audit', limit: 3 });
    });

    it('sends no content-type without a body, and no x-api-key without a key', async () => {
      handler = (_req, res) => json(res, 200, {});
      await transport({ apiKey: undefined }).request({ method: 'GET', path: '/v1/products' });
      assert.equal(seen[0].headers['content-type'], undefined);
      assert.equal(seen[0].headers['x-api-key'], undefined);
    });

    it('encodes the query, skipping undefined and null, and tolerates a trailing slash in baseUrl', async () => {
      handler = (_req, res) => json(res, 200, {});
      await transport({ baseUrl: `${baseUrl}/` }).request({
        method: 'GET',
        path: '/v1/products',
        query: { q: 'pdf & ocr', limit: 5, deprecated: false, cursor: undefined, category: null },
      });
      const url = new URL(seen[0].url, baseUrl);
      assert.equal(url.pathname, '/v1/products');
      assert.deepEqual(
        [...url.searchParams],
        [
          ['q', 'pdf & ocr'],
          ['limit', '5'],
          ['deprecated', 'false'],
        ],
      );
      assert.ok(!seen[0].url.includes('//v1'));
    });

    it('returns undefined for a 204', async () => {
      handler = (_req, res) => {
        res.writeHead(204);
        res.end();
      };
      assert.equal(await transport().request({ method: 'DELETE', path: '/v1/keys/k1' }), undefined);
    });

    it('returns the text of a non-JSON response', async () => {
      handler = (_req, res) => {
        res.writeHead(200, { 'content-type': 'image/svg+xml' });
        res.end('<svg/>');
      };
      assert.equal(await transport().request({ method: 'GET', path: '/badge.svg' }), '<svg/>');
    });

    it('sends Prefer: respond-async when asked', async () => {
      handler = (_req, res) => json(res, 200, { done: true });
      await transport().request({ method: 'POST', path: '/v1/audit', body: {}, metered: true, respondAsync: true });
      await transport().request({ method: 'POST', path: '/v1/audit', body: {}, metered: true });
      assert.equal(seen[0].headers.prefer, 'respond-async');
      assert.equal(seen[1].headers.prefer, undefined);
    });
  });

  describe('idempotency and retries', () => {
    it('retries a 503 and sends the same Idempotency-Key on every attempt of a metered call', async () => {
      handler = (_req, res, _seen, attempt) => (attempt < 3 ? json(res, 503, { error: 'busy' }) : json(res, 200, { score: 7 }));
      const result = await transport().request({ method: 'POST', path: '/v1/audit', body: { url: 'x' }, metered: true });
      assert.deepEqual(result, { score: 7 });
      assert.equal(seen.length, 3);
      const keys = seen.map((s) => s.headers['idempotency-key']);
      assert.match(String(keys[0]), UUID);
      assert.deepEqual(keys, [keys[0], keys[0], keys[0]]);
    });

    it("uses a fresh key per call, and the caller's key when given", async () => {
      handler = (_req, res) => json(res, 200, {});
      const t = transport();
      await t.request({ method: 'POST', path: '/v1/audit', body: {}, metered: true });
      await t.request({ method: 'POST', path: '/v1/audit', body: {}, metered: true });
      await t.request({ method: 'POST', path: '/v1/audit', body: {}, metered: true, idempotencyKey: 'mine-1' });
      assert.notEqual(seen[0].headers['idempotency-key'], seen[1].headers['idempotency-key']);
      assert.equal(seen[2].headers['idempotency-key'], 'mine-1');
    });

    it('sends no Idempotency-Key on a non-metered request', async () => {
      handler = (_req, res, _seen, attempt) => (attempt < 2 ? json(res, 502, { error: 'bad gateway' }) : json(res, 200, {}));
      await transport().request({ method: 'POST', path: '/v1/registry/search', body: { q: 'pdf' } });
      assert.equal(seen.length, 2);
      for (const s of seen) assert.equal(s.headers['idempotency-key'], undefined);
    });

    it('retries 408, 409 and 429, gives up after maxRetries with the last error', async () => {
      for (const [status, Kind] of [
        [408, APIError],
        [409, ConflictError],
        [429, RateLimitError],
      ] as const) {
        seen = [];
        handler = (_req, res) => json(res, status, { error: `status ${status}` });
        const err = await rejection(transport({ maxRetries: 1 }).request({ method: 'GET', path: '/v1/x' }));
        assert.ok(err instanceof Kind, `${status} is a ${Kind.name}`);
        assert.equal((err as APIError).status, status);
        assert.equal(seen.length, 2, `${status} is retried once`);
      }
    });

    /** Sends one request on a fake clock, waits for its retry wait to start, and checks the retry comes at `waitMs`. */
    async function retriesAfter(headers: Record<string, string>, waitMs: number): Promise<void> {
      handler = (_req, res, _seen, attempt) => (attempt === 1 ? json(res, 503, { error: 'busy' }, headers) : json(res, 200, { second: true }));
      const time = fakeClock();
      const pending = transport({ clock: time.clock }).request({ method: 'GET', path: '/v1/x' });
      await time.waitForTimer((ms) => ms === waitMs, `the ${waitMs} ms retry wait`);
      await time.tick(waitMs - 1);
      assert.equal(seen.length, 1, 'no retry before the wait is over');
      await time.tick(1);
      assert.deepEqual(await pending, { second: true });
      assert.equal(seen.length, 2);
      assert.equal(time.elapsed(), waitMs);
    }

    it('honours a Retry-After of 1 second', async () => {
      await retriesAfter({ 'retry-after': '1' }, 1_000);
    });

    it('honours retry-after-ms', async () => {
      await retriesAfter({ 'retry-after-ms': '300' }, 300);
    });

    it('honours an HTTP-date Retry-After, measured from its own clock', async () => {
      const time = fakeClock();
      await retriesAfter({ 'retry-after': new Date(time.clock.now() + 7_000).toUTCString() }, 7_000);
    });

    it('backs off exponentially with jitter between retries without Retry-After', async () => {
      handler = (_req, res) => json(res, 503, { error: 'busy' });
      const time = fakeClock();
      const pending = rejection(transport({ clock: time.clock, retryBaseDelayMs: 1_000, maxRetries: 2 }).request({ method: 'GET', path: '/v1/x' }));
      const first = await time.waitForTimer((ms) => ms > 0 && ms <= 1_000, 'the first backoff');
      assert.ok(first >= 750, `first backoff ${first} ms: 1 s less at most 25 % jitter`);
      await time.tick(first);
      await eventually(() => seen.length === 2, 'the second attempt');
      const second = await time.waitForTimer((ms) => ms > 1_000 && ms <= 2_000, 'the second backoff');
      assert.ok(second >= 1_500 && second <= 2_000, `second backoff ${second} ms`);
      await time.tick(second);
      assert.ok((await pending) instanceof InternalServerError);
      assert.equal(seen.length, 3);
    });

    it('does not retry a 429 whose Retry-After is 3600 s: RateLimitError with retryAfter', async () => {
      handler = (_req, res) =>
        json(
          res,
          429,
          { error: 'The anonymous trial allows 10 metered calls per hour per IP; retry in 3600 s', retryAfter: 3600 },
          {
            'retry-after': '3600',
          },
        );
      // On a fake clock that never moves, a transport that waited would never settle.
      const time = fakeClock();
      const err = await rejection(transport({ clock: time.clock }).request({ method: 'POST', path: '/v1/audit', body: {}, metered: true }));
      assert.ok(err instanceof RateLimitError);
      assert.equal(err.retryAfter, 3600);
      assert.equal(err.status, 429);
      assert.equal(seen.length, 1);
      assert.equal(time.elapsed(), 0);
    });

    it('does not retry a 402: PaymentRequiredError with reason and requestId, and no key in the message', async () => {
      handler = (_req, res) =>
        json(
          res,
          402,
          { error: "The free plan's included audit_run calls for this period are used up", reason: 'QUOTA_EXHAUSTED', plan: 'free' },
          { 'x-request-id': 'req-42' },
        );
      const err = await rejection(transport().request({ method: 'POST', path: '/v1/audit', body: {}, metered: true }));
      assert.ok(err instanceof PaymentRequiredError);
      assert.ok(err instanceof APIError && err instanceof AgentdexError);
      assert.equal(err.reason, 'QUOTA_EXHAUSTED');
      assert.equal(err.requestId, 'req-42');
      assert.equal(err.message, "402 QUOTA_EXHAUSTED: The free plan's included audit_run calls for this period are used up");
      assert.equal((err.body as { plan: string }).plan, 'free');
      assert.equal(err.headers['x-request-id'], 'req-42');
      assert.ok(!err.message.includes(API_KEY));
      assert.equal(seen.length, 1);
    });

    it('throws NotFoundError for a 404 without retrying', async () => {
      handler = (_req, res) => json(res, 404, { error: 'No product pdfkit' });
      const err = await rejection(transport().request({ method: 'GET', path: '/v1/products/pdfkit' }));
      assert.ok(err instanceof NotFoundError);
      assert.equal(err.error, 'No product pdfkit');
      assert.equal(err.message, '404 Not Found: No product pdfkit');
      assert.equal(seen.length, 1);
    });

    it('keeps a non-JSON error body as text in an InternalServerError after retrying', async () => {
      handler = (_req, res) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('upstream exploded');
      };
      const err = await rejection(transport().request({ method: 'GET', path: '/v1/x' }));
      assert.ok(err instanceof InternalServerError);
      assert.equal(err.body, 'upstream exploded');
      assert.equal(err.error, 'upstream exploded');
      assert.equal(seen.length, 3);
    });
  });

  describe('failures without a response', () => {
    it('throws APIConnectionError after maxRetries + 1 attempts when the connection is refused', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      let attempts = 0;
      const counting: typeof fetch = (input, init) => {
        attempts++;
        return fetch(input, init);
      };
      const err = await rejection(transport({ baseUrl: `http://127.0.0.1:${port}`, fetch: counting, maxRetries: 2 }).request({ method: 'GET', path: '/v1/x' }));
      assert.ok(err instanceof APIConnectionError);
      assert.ok(!(err instanceof APIConnectionTimeoutError));
      assert.equal(err.status, undefined);
      assert.match(err.message, /ECONNREFUSED/);
      assert.ok(!err.message.includes(API_KEY));
      assert.equal(attempts, 3);
    });

    it('throws APIConnectionTimeoutError when every attempt times out', async () => {
      handler = () => {}; // never answers
      const time = fakeClock();
      const settled = transport({ timeoutMs: 150, maxRetries: 1, clock: time.clock }).request({ method: 'GET', path: '/v1/slow' });
      const err = rejection(settled);
      const isSettled = settledState(settled);
      await eventually(() => seen.length === 1, 'the first attempt reaches the server');
      await time.tick(149);
      assert.equal(isSettled(), false, 'not timed out before 150 ms');
      await time.tick(1);
      const backoff = Math.ceil(await time.waitForTimer((ms) => ms !== 150, 'the backoff after the timeout'));
      await time.tick(backoff);
      await eventually(() => seen.length === 2, 'the second attempt reaches the server');
      await time.tick(150);
      const error = await err;
      assert.ok(error instanceof APIConnectionTimeoutError);
      assert.ok(error instanceof APIConnectionError);
      assert.match(error.message, /timed out after 150 ms/);
      assert.equal(seen.length, 2);
      assert.equal(time.elapsed(), 300 + backoff);
    });

    it('retries an attempt that timed out and returns the later answer', async () => {
      handler = (_req, res, _seen, attempt) => {
        if (attempt > 1) json(res, 200, { late: false });
      };
      const time = fakeClock();
      const pending = transport({ timeoutMs: 500, clock: time.clock }).request({ method: 'GET', path: '/v1/slow' });
      await eventually(() => seen.length === 1, 'the first attempt reaches the server');
      await time.tick(500);
      await time.tick(await time.waitForTimer((ms) => ms !== 500, 'the backoff after the timeout'));
      assert.deepEqual(await pending, { late: false });
      assert.equal(seen.length, 2);
    });
  });

  describe('cancellation', () => {
    it('aborts a slow response promptly', async () => {
      const controller = new AbortController();
      // Never answers (the default timeout is 120 s); the abort comes once the request is surely in flight.
      handler = () => controller.abort();
      // The clock never moves: only the abort can end the call.
      const time = fakeClock();
      const err = await rejection(transport({ clock: time.clock }).request({ method: 'GET', path: '/v1/slow', signal: controller.signal }));
      assert.ok(err instanceof APIUserAbortError);
      assert.equal(time.elapsed(), 0);
      assert.deepEqual(time.pendingDelays(), [], 'the timeout timer is cleared');
      assert.equal(seen.length, 1);
    });

    it('aborts a backoff wait promptly', async () => {
      const controller = new AbortController();
      handler = (_req, res) => json(res, 503, { error: 'busy' }, { 'retry-after': '30' });
      const time = fakeClock();
      const pending = rejection(transport({ clock: time.clock }).request({ method: 'GET', path: '/v1/x', signal: controller.signal }));
      await time.waitForTimer((ms) => ms === 30_000, 'the 30 s wait');
      controller.abort();
      const err = await pending;
      assert.ok(err instanceof APIUserAbortError);
      assert.equal(time.elapsed(), 0);
      assert.deepEqual(time.pendingDelays(), [], 'the wait is cleared');
      assert.equal(seen.length, 1);
    });

    it('sends nothing when the signal has already fired', async () => {
      const err = await rejection(transport().request({ method: 'GET', path: '/v1/x', signal: AbortSignal.abort() }));
      assert.ok(err instanceof APIUserAbortError);
      assert.equal(seen.length, 0);
    });
  });

  describe('202 jobs', () => {
    const accepted = (res: ServerResponse) => json(res, 202, { status: 'running', jobId: 'job-1', location: '/v1/jobs/job-1' }, { location: '/v1/jobs/job-1' });

    it('polls the job until completed and returns its result, retrying a failed poll', async () => {
      let polls = 0;
      handler = (req, res) => {
        if (req.method === 'POST') return accepted(res);
        polls++;
        if (polls === 1) return json(res, 200, { status: 'running' });
        if (polls === 2) return json(res, 503, { error: 'busy' });
        return json(res, 200, { status: 'completed', result: { score: 91 } });
      };
      const time = fakeClock();
      const pending = transport({ clock: time.clock }).request({ method: 'POST', path: '/v1/audit', body: {}, metered: true, respondAsync: true });
      // First poll after 20 ms, the next after 40 ms, then a short backoff for the 503, then the third at 80 ms.
      await time.waitForTimer((ms) => ms === 20, 'the first poll wait');
      await time.tick(19);
      assert.equal(seen.length, 1, 'no poll before 20 ms');
      await time.tick(1);
      await eventually(() => seen.length === 2, 'the first poll');
      await time.waitForTimer((ms) => ms === 40, 'the second poll wait');
      await time.tick(40);
      await eventually(() => seen.length === 3, 'the second poll');
      await time.tick(await time.waitForTimer((ms) => ms <= 10, 'the backoff after the 503'));
      await eventually(() => seen.length === 4, 'the retried poll');
      await time.tick(80);
      const result = await pending;
      assert.deepEqual(result, { score: 91 });
      const gets = seen.filter((s) => s.method === 'GET');
      assert.equal(gets.length, 3);
      for (const g of gets) {
        assert.equal(g.url, '/v1/jobs/job-1');
        assert.equal(g.headers['x-api-key'], API_KEY);
        assert.equal(g.headers['idempotency-key'], undefined);
      }
    });

    it('throws JobFailedError when the job fails', async () => {
      handler = (req, res) => (req.method === 'POST' ? accepted(res) : json(res, 200, { status: 'failed', error: 'workflow timed_out' }));
      const err = await rejection(transport().request({ method: 'POST', path: '/v1/audit', body: {}, metered: true }));
      assert.ok(err instanceof JobFailedError);
      assert.equal(err.jobId, 'job-1');
      assert.equal(err.error, 'workflow timed_out');
      assert.match(err.message, /job-1 failed: workflow timed_out/);
    });

    it('finds the job from the Location header when the body has no location', async () => {
      handler = (req, res) => {
        if (req.method === 'POST') return json(res, 202, { status: 'running' }, { location: '/v1/jobs/job-2' });
        return json(res, 200, { status: 'completed', result: 'done' });
      };
      assert.equal(await transport().request({ method: 'POST', path: '/v1/audit', body: {}, metered: true }), 'done');
      assert.equal(seen[1].url, '/v1/jobs/job-2');
    });

    it('stops polling promptly when aborted', async () => {
      const controller = new AbortController();
      handler = (req, res) => (req.method === 'POST' ? accepted(res) : json(res, 200, { status: 'running' }));
      const time = fakeClock();
      const pending = rejection(
        transport({ pollIntervalMs: 200, clock: time.clock }).request({
          method: 'POST',
          path: '/v1/audit',
          body: {},
          metered: true,
          signal: controller.signal,
        }),
      );
      await time.tick(await time.waitForTimer((ms) => ms === 200, 'the first poll wait'));
      await time.waitForTimer((ms) => ms === 400, 'the wait before the second poll');
      controller.abort();
      const err = await pending;
      assert.ok(err instanceof APIUserAbortError);
      assert.equal(time.elapsed(), 200);
      assert.equal(seen.filter((r) => r.method === 'GET').length, 1);
    });

    it('refuses to send the key to a job on another origin', async () => {
      handler = (_req, res) => json(res, 202, { status: 'running', jobId: 'j', location: 'http://elsewhere.invalid/v1/jobs/j' });
      const err = await rejection(transport().request({ method: 'POST', path: '/v1/audit', body: {}, metered: true }));
      assert.ok(err instanceof AgentdexError);
      assert.match((err as Error).message, /another origin/);
      assert.equal(seen.length, 1);
    });
  });
});

describe('APIError.from', () => {
  const cases: Array<[number, new (...args: never[]) => APIError]> = [
    [400, BadRequestError],
    [401, AuthenticationError],
    [402, PaymentRequiredError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [405, BadRequestError],
    [409, ConflictError],
    [413, BadRequestError],
    [415, BadRequestError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [503, InternalServerError],
  ];
  for (const [status, Kind] of cases) {
    it(`maps ${status} to ${Kind.name}`, () => {
      const err = APIError.from(status, { error: 'x' }, {});
      assert.ok(err instanceof Kind);
      assert.equal(err.name, Kind.name);
      assert.equal(err.status, status);
    });
  }

  it('maps other statuses to a plain APIError with a readable message', () => {
    const err = APIError.from(418, undefined, {});
    assert.equal(err.constructor, APIError);
    assert.equal(err.message, "418 I'm a Teapot: I'm a Teapot");
  });

  it('reads retryAfter from an HTTP-date Retry-After, or from the body', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const inTenSeconds = new Date(now + 10_000).toUTCString();
    assert.equal(retryAfterSeconds({ 'retry-after': inTenSeconds }, undefined, now), 10);
    assert.equal(retryAfterSeconds({ 'retry-after': new Date(now - 5_000).toUTCString() }, undefined, now), 0, 'a past date means now');
    // Against the system clock, as a caller reading err.retryAfter sees it: some seconds up to ten.
    const fromDate = APIError.from(503, {}, { 'Retry-After': new Date(Date.now() + 10_000).toUTCString() }).retryAfter ?? -1;
    assert.ok(fromDate > 0 && fromDate <= 10, `retryAfter ${fromDate}`);
    assert.equal(APIError.from(429, { error: 'x', retryAfter: 120 }, {}).retryAfter, 120);
  });
});
