import assert from 'node:assert/strict';
import type http from 'node:http';
import zlib from 'node:zlib';
import { createOutbound, DEFAULT_USER_AGENT, type Outbound } from '../../src/net/outbound';
import { eventually, settledState, within } from '../support/eventually';
import { type FakeClock, fakeClock } from '../support/fake-clock';
import { expectCode, selfSignedCert, sleep, startHttp, startHttps, watchConnections, type TestServer } from './support';

// Fixture behaviours of the outbound layer against loopback sites reached through the host map + allowlist.
// Deadlines are tested on an outbound whose clock is fake (`clocked()`): a test moves virtual time past a
// deadline and sees it fire then, and never earlier, whatever the real time a busy machine takes.

const MiB = 1024 * 1024;
const HOSTS = [
  'site.test',
  'second.test',
  'plain.test',
  'robots-deny.test',
  'robots-404.test',
  'robots-500.test',
  'robots-cache.test',
  'robots-hang.test',
  'queue-a.test',
  'queue-b.test',
  'slow-a.test',
  'slow-b.test',
  'big.test',
];

interface SiteState {
  hits: string[]; // "host METHOD /path"
  userAgents: string[];
  inflight: Map<string, number>;
  maxPerHost: Map<string, number>;
  maxOverall: number;
  bigSent: number;
  bigClosed: Promise<void>;
  /** Bytes the slow routes have dripped so far (headers or body). */
  dripped: number;
  tlsGarbage: number; // TLS ClientHellos the plain-http server could not parse
  eventsClosed: Promise<void>;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

describe('net/outbound fixture behaviours', () => {
  const log = watchConnections();
  const bomb = zlib.gzipSync(Buffer.alloc(20 * MiB)); // ~20 KiB on the wire, 20 MiB decoded
  let site: TestServer;
  let state: SiteState;
  let outbound: Outbound;

  before(async () => {
    state = {
      hits: [],
      userAgents: [],
      inflight: new Map(),
      maxPerHost: new Map(),
      maxOverall: 0,
      bigSent: 0,
      bigClosed: Promise.resolve(),
      dripped: 0,
      tlsGarbage: 0,
      eventsClosed: Promise.resolve(),
    };
    site = await startHttp(async (req, res) => {
      const host = (req.headers.host ?? '').toLowerCase();
      const url = new URL(req.url ?? '/', `http://${host}`);
      state.hits.push(`${host} ${req.method} ${url.pathname}`);
      state.userAgents.push(req.headers['user-agent'] ?? '');
      if (url.pathname === '/robots.txt') {
        if (host === 'robots-deny.test') return res.end('User-agent: *\nAllow: /\n\nUser-agent: AgentdexBot\nDisallow: /private\n');
        if (host === 'robots-500.test') return res.writeHead(500).end();
        if (host === 'robots-hang.test') return; // never answers
        return res.writeHead(404).end();
      }
      switch (url.pathname) {
        case '/big': {
          const chunk = Buffer.alloc(64 * 1024, 'a');
          state.bigSent = 0;
          state.bigClosed = new Promise((resolve) => res.on('close', () => resolve()));
          res.writeHead(200, { 'content-type': 'application/octet-stream' });
          const pump = () => {
            while (state.bigSent < 50 * MiB && !res.destroyed) {
              state.bigSent += chunk.length;
              if (!res.write(chunk)) return void res.once('drain', pump);
            }
            res.end();
          };
          return pump();
        }
        case '/declared-big':
          state.bigClosed = new Promise((resolve) => res.on('close', () => resolve()));
          res.writeHead(200, { 'content-length': String(50 * MiB) });
          return res.write('x');
        case '/bomb':
          return res.writeHead(200, { 'content-encoding': 'gzip' }).end(bomb);
        case '/gzipped':
          return res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/plain; charset=utf-8' }).end(zlib.gzipSync('hello, gzip ✓'));
        case '/slow-headers': {
          const socket = req.socket;
          socket.write('HTTP/1.1 200 OK\r\n');
          let n = 0;
          const timer = setInterval(() => {
            if (n++ >= 20) return socket.destroy();
            state.dripped++;
            socket.write(`x-drip-${n}: y\r\n`);
          }, 500);
          socket.on('close', () => clearInterval(timer));
          return;
        }
        case '/slow-body': {
          res.writeHead(200, { 'content-length': '40' });
          let n = 0;
          const timer = setInterval(() => {
            if (n++ >= 40) return clearInterval(timer);
            state.dripped++;
            res.write('x');
          }, 500);
          res.on('close', () => clearInterval(timer));
          return;
        }
        case '/events': {
          // An event stream that never ends by itself: one event now, a comment every 100 ms.
          state.eventsClosed = new Promise((resolve) => res.on('close', () => resolve()));
          res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
          res.write('event: hello\ndata: first\n\n');
          const timer = setInterval(() => res.write(': keep-alive\n\n'), 100);
          res.on('close', () => clearInterval(timer));
          return;
        }
        case '/events-flood': {
          state.eventsClosed = new Promise((resolve) => res.on('close', () => resolve()));
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          const chunk = `data: ${'x'.repeat(64 * 1024)}\n\n`;
          const pump = () => {
            while (!res.destroyed) if (!res.write(chunk)) return void res.once('drain', pump);
          };
          return pump();
        }
        case '/loop':
          return res.writeHead(302, { location: '/loop' }).end();
        case '/chain/1':
          return res.writeHead(301, { location: '/chain/2' }).end();
        case '/chain/2':
          return res.writeHead(302, { location: 'http://second.test/chain/3' }).end();
        case '/see-other':
          await readBody(req);
          return res.writeHead(303, { location: '/echo' }).end();
        case '/keep-method':
          await readBody(req);
          return res.writeHead(307, { location: url.searchParams.get('to') ?? '/echo' }).end();
        case '/slow': {
          const now = (state.inflight.get(host) ?? 0) + 1;
          state.inflight.set(host, now);
          state.maxPerHost.set(host, Math.max(state.maxPerHost.get(host) ?? 0, now));
          state.maxOverall = Math.max(
            state.maxOverall,
            [...state.inflight.values()].reduce((a, b) => a + b, 0),
          );
          await sleep(40);
          state.inflight.set(host, (state.inflight.get(host) ?? 1) - 1);
          return res.end('slow done');
        }
        case '/echo': {
          const body = await readBody(req);
          res.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
          res.writeHead(201, { 'content-type': 'application/json', 'x-echo': 'yes' });
          return res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
        }
        default:
          return res.end(`ok ${url.pathname}`);
      }
    });
    outbound = createOutbound({
      hostMap: new Map(HOSTS.map((h) => [h, { ip: '127.0.0.1', port: site.port }])),
      allowlist: HOSTS,
      timeoutMs: 5000,
    });
  });
  after(() => site.close());

  /** An outbound like `outbound` whose deadlines run on a fake clock of its own. */
  const clocked = (): { time: FakeClock; on: Outbound } => {
    const time = fakeClock();
    const on = createOutbound({
      hostMap: new Map(HOSTS.map((h) => [h, { ip: '127.0.0.1', port: site.port }])),
      allowlist: HOSTS,
      timeoutMs: 5000,
      clock: time.clock,
    });
    return { time, on };
  };

  const hitsFor = (host: string, path?: string) => state.hits.filter((h) => h.startsWith(`${host} `) && (!path || h.endsWith(` ${path}`)));

  describe('byte cap', () => {
    it('aborts a 50 MB stream at the cap, and the server sees the socket close', async () => {
      // The deadline's clock never moves, so only the cap can end this fetch.
      const { time, on } = clocked();
      await expectCode(on.fetch('http://big.test/big'), 'TOO_LARGE');
      assert.equal(time.elapsed(), 0);
      await within(state.bigClosed, 'the server sees its socket close');
      assert.ok(state.bigSent < 25 * MiB, `server managed to send ${state.bigSent} bytes`);
    });
    it('refuses a declared Content-Length over the cap without reading it', async () => {
      await expectCode(outbound.fetch('http://big.test/declared-big'), 'TOO_LARGE');
      await within(state.bigClosed, 'the server sees its socket close');
    });
    it('applies to the decoded size (gzip bomb)', async () => {
      await expectCode(outbound.fetch('http://big.test/bomb'), 'TOO_LARGE');
    });
    it('a per-call cap overrides the default', async () => {
      await expectCode(outbound.fetch('http://site.test/hello-there', { maxBytes: 5 }), 'TOO_LARGE');
      assert.equal((await outbound.fetch('http://site.test/hello-there')).text(), 'ok /hello-there');
    });
    it('decodes gzip and drops the encoding headers', async () => {
      const res = await outbound.fetch('http://site.test/gzipped');
      assert.equal(res.text(), 'hello, gzip ✓');
      assert.equal(res.headers['content-encoding'], undefined);
    });
  });

  describe('deadline', () => {
    /**
     * Fetches a dripping route on a fake clock: bytes keep arriving (in real time) while virtual time moves to
     * 1000 ms and then to 1499 ms, and the 1500 ms deadline fires at 1500 ms, counted from the start, however
     * recently the last byte came: a deadline, not a socket-idle timeout.
     */
    async function timesOutAtTheDeadline(url: string): Promise<void> {
      const { time, on } = clocked();
      const fetching = expectCode(on.fetch(url, { timeoutMs: 1500 }), 'TIMEOUT');
      const settled = settledState(fetching);
      const drippedAtStart = state.dripped;
      await eventually(() => state.dripped >= drippedAtStart + 1, 'a first byte drips in');
      await time.tick(1000);
      const drippedAtOneSecond = state.dripped;
      await eventually(() => state.dripped > drippedAtOneSecond, 'another byte drips in after 1000 ms');
      await time.tick(499);
      assert.equal(settled(), false, 'no timeout before the deadline');
      await time.tick(1);
      const err = await fetching;
      assert.match(err.message, /longer than 1500 ms/);
    }
    it('times out headers that never finish (slow-loris)', async () => {
      await timesOutAtTheDeadline('http://slow-a.test/slow-headers');
    });
    it('times out a body trickling one byte per 500 ms, although the socket is never idle that long', async () => {
      await timesOutAtTheDeadline('http://slow-b.test/slow-body');
    });
  });

  describe('redirects', () => {
    it('a redirect loop ends in TOO_MANY_REDIRECTS after maxRedirects hops', async () => {
      const before = hitsFor('site.test', '/loop').length;
      await expectCode(outbound.fetch('http://site.test/loop'), 'TOO_MANY_REDIRECTS');
      assert.equal(hitsFor('site.test', '/loop').length - before, 6); // the first request + 5 followed
    });
    it('records the chain, across hosts', async () => {
      const res = await outbound.fetch('http://site.test/chain/1');
      assert.equal(res.status, 200);
      assert.equal(res.url, 'http://second.test/chain/3');
      assert.deepEqual(res.redirects, ['http://site.test/chain/1', 'http://site.test/chain/2']);
      assert.equal(res.text(), 'ok /chain/3');
    });
    it('303 turns a POST into a bodiless GET; 307 keeps method and body', async () => {
      const seeOther = await outbound.fetch('http://site.test/see-other', { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
      const echoed = seeOther.json() as { method: string; body: string; headers: Record<string, string> };
      assert.deepEqual([echoed.method, echoed.body, echoed.headers['content-type']], ['GET', '', undefined]);
      const kept = (await outbound.fetch('http://site.test/keep-method', { method: 'POST', body: 'payload' })).json() as { method: string; body: string };
      assert.deepEqual([kept.method, kept.body], ['POST', 'payload']);
    });
    it('does not carry credentials to another origin', async () => {
      const auth = { authorization: 'Bearer secret', cookie: 'session=1' };
      const same = (await outbound.fetch('http://site.test/keep-method?to=/echo', { headers: auth })).json() as { headers: Record<string, string> };
      assert.equal(same.headers.authorization, 'Bearer secret');
      const cross = (await outbound.fetch('http://site.test/keep-method?to=http://second.test/echo', { headers: auth })).json() as {
        headers: Record<string, string>;
      };
      assert.equal(cross.headers.authorization, undefined);
      assert.equal(cross.headers.cookie, undefined);
    });
  });

  describe('robots.txt (RFC 9309)', () => {
    it('200: obeys the group for AgentdexBot without fetching a disallowed URL', async () => {
      await expectCode(outbound.fetch('http://robots-deny.test/private/page'), 'ROBOTS_DISALLOWED');
      assert.equal(hitsFor('robots-deny.test', '/private/page').length, 0);
      assert.equal((await outbound.fetch('http://robots-deny.test/public/page')).status, 200);
    });
    it('404: everything allowed', async () => {
      assert.equal((await outbound.fetch('http://robots-404.test/private/page')).status, 200);
    });
    it('500: everything disallowed', async () => {
      for (const path of ['/', '/a', '/private/page']) await expectCode(outbound.fetch(`http://robots-500.test${path}`), 'ROBOTS_DISALLOWED');
      assert.deepEqual(hitsFor('robots-500.test'), ['robots-500.test GET /robots.txt']);
    });
    it('timeout: everything disallowed', async () => {
      const impatient = createOutbound({
        hostMap: new Map([['robots-hang.test', { ip: '127.0.0.1', port: site.port }]]),
        allowlist: ['robots-hang.test'],
        timeoutMs: 300,
      });
      await expectCode(impatient.fetch('http://robots-hang.test/page'), 'ROBOTS_DISALLOWED');
      assert.deepEqual(hitsFor('robots-hang.test'), ['robots-hang.test GET /robots.txt']);
    });
    it('robots: false skips the check for one call', async () => {
      assert.equal((await outbound.fetch('http://robots-500.test/a', { robots: false })).text(), 'ok /a');
    });
    it('is fetched once per origin, also under concurrency', async () => {
      await outbound.fetch('http://robots-cache.test/1');
      await Promise.all(['/2', '/3', '/4'].map((p) => outbound.fetch(`http://robots-cache.test${p}`)));
      await outbound.fetch('http://robots-cache.test/5');
      assert.equal(hitsFor('robots-cache.test', '/robots.txt').length, 1);
      assert.equal(hitsFor('robots-cache.test').length, 6);
    });
  });

  describe('politeness and identity', () => {
    it('one request at a time per host, hosts in parallel', async () => {
      await Promise.all([
        ...Array.from({ length: 5 }, () => outbound.fetch('http://queue-a.test/slow')),
        ...Array.from({ length: 5 }, () => outbound.fetch('http://queue-b.test/slow')),
      ]);
      assert.equal(hitsFor('queue-a.test', '/slow').length, 5);
      assert.equal(state.maxPerHost.get('queue-a.test'), 1);
      assert.equal(state.maxPerHost.get('queue-b.test'), 1);
      assert.equal(state.maxOverall, 2, 'different hosts are not serialised');
    });
    it('every request, robots.txt included, names the service and a contact URL', async () => {
      await outbound.fetch('http://site.test/ua', { headers: { 'User-Agent': 'Mozilla/5.0 pretending' } });
      assert.ok(state.userAgents.length > 10);
      for (const ua of state.userAgents) assert.equal(ua, DEFAULT_USER_AGENT);
      assert.match(DEFAULT_USER_AGENT, /^AgentdexBot\/\S+ \(\+https:\/\/\S+\)$/);
    });
  });

  describe('fetchSite', () => {
    it('falls back to http when the https handshake fails, and remembers it', async () => {
      const before = log.attempts.length;
      const first = await outbound.fetchSite('plain.test', '/hello');
      assert.equal(first.url, 'http://plain.test/hello');
      assert.equal(first.text(), 'ok /hello');
      const afterFirst = log.attempts.length;
      const second = await outbound.fetchSite('plain.test', 'again');
      assert.equal(second.url, 'http://plain.test/again');
      // first call: https robots (failed), http robots, page; second call: the page only, over http
      assert.deepEqual([afterFirst - before, log.attempts.length - afterFirst], [3, 1]);
    });
    it('uses https when it works, with SNI and certificate checked against the mapped name', async () => {
      const cert = selfSignedCert('secure.test');
      const servernames: string[] = [];
      const secure = await startHttps((req, res) => {
        servernames.push((req.socket as import('node:tls').TLSSocket).servername || '');
        res.writeHead(req.url === '/robots.txt' ? 404 : 200).end(`secure ${req.url}`);
      }, cert);
      try {
        const hostMap = new Map([['secure.test', { ip: '127.0.0.1', port: secure.port }]]);
        const trusted = createOutbound({ hostMap, allowlist: ['secure.test'], ca: cert.cert });
        const res = await trusted.fetchSite('secure.test', '/page');
        assert.equal(res.url, 'https://secure.test/page');
        assert.equal(res.text(), 'secure /page');
        assert.deepEqual(servernames, ['secure.test', 'secure.test']);
        // Without the CA the self-signed certificate is refused.
        const untrusting = createOutbound({ hostMap, allowlist: ['secure.test'] });
        await expectCode(untrusting.fetch('https://secure.test/page', { robots: false }), 'NETWORK');
      } finally {
        await secure.close();
      }
    });
  });

  describe('webFetch', () => {
    it('returns a real Response for a POST JSON round trip', async () => {
      const res = await outbound.webFetch('http://site.test/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize' }),
      });
      assert.ok(res instanceof Response);
      assert.equal(res.status, 201);
      assert.equal(res.ok, true);
      assert.equal(res.url, 'http://site.test/echo');
      assert.equal(res.headers.get('x-echo'), 'yes');
      assert.deepEqual(res.headers.getSetCookie(), ['a=1; Path=/', 'b=2; Path=/']);
      const echoed = (await res.json()) as { method: string; body: string; headers: Record<string, string> };
      assert.equal(echoed.method, 'POST');
      assert.deepEqual(JSON.parse(echoed.body), { jsonrpc: '2.0', id: 1, method: 'initialize' });
      assert.equal(echoed.headers['content-type'], 'application/json');
      assert.equal(echoed.headers['user-agent'], DEFAULT_USER_AGENT);
    });
    it('accepts a Request and a URL, and bypasses robots.txt (API use)', async () => {
      const fromRequest = await outbound.webFetch(new Request('http://robots-500.test/echo', { method: 'DELETE' }));
      assert.equal(((await fromRequest.json()) as { method: string }).method, 'DELETE');
      const fromUrl = await outbound.webFetch(new URL('http://robots-500.test/plain'));
      assert.equal(await fromUrl.text(), 'ok /plain');
    });
    it('webFetchWith({robots: true}) obeys robots.txt', async () => {
      await expectCode(outbound.webFetchWith({ robots: true })('http://robots-500.test/echo'), 'ROBOTS_DISALLOWED');
    });
    it('goes through the guard, follows or returns redirects, and honours abort', async () => {
      await expectCode(outbound.webFetch('http://127.0.0.1:9/'), 'BLOCKED_ADDRESS');
      const followed = await outbound.webFetch('http://site.test/chain/1');
      assert.deepEqual([followed.url, followed.redirected], ['http://second.test/chain/3', true]);
      const manual = await outbound.webFetch('http://site.test/chain/1', { redirect: 'manual' });
      assert.deepEqual([manual.status, manual.headers.get('location')], [301, '/chain/2']);
      // Aborted while the body trickles in; the deadline's clock never moves, so only the abort can end it.
      const { time, on } = clocked();
      const abort = new AbortController();
      const drippedAtStart = state.dripped;
      const fetching = on.webFetch('http://slow-b.test/slow-body', { signal: abort.signal });
      await eventually(() => state.dripped > drippedAtStart, 'the body starts to trickle');
      abort.abort(new DOMException('the caller gave up', 'TimeoutError'));
      await assert.rejects(fetching, (err: Error) => err.name === 'TimeoutError');
      assert.equal(time.elapsed(), 0);
    });
    it('streams an event stream (legacy MCP HTTP+SSE) while the host takes other requests, and ends it on abort', async () => {
      const { time, on } = clocked();
      const abort = new AbortController();
      const res = await on.webFetch('http://queue-a.test/events', { headers: { accept: 'text/event-stream' }, signal: abort.signal });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'text/event-stream');
      const reader = res.body!.getReader();
      const { value } = await reader.read();
      assert.equal(new TextDecoder().decode(value), 'event: hello\ndata: first\n\n');
      // The stream is open, and the same host still answers (the POSTs of an SSE session go there).
      assert.equal(await (await on.webFetch('http://queue-a.test/plain')).text(), 'ok /plain');
      assert.equal(time.elapsed(), 0, 'all of it before any deadline could fire');
      assert.ok(time.pendingDelays().includes(5000), 'the stream is still under its deadline');
      abort.abort();
      await assert.rejects(reader.read());
      await state.eventsClosed; // the socket is gone
    });
    it('keeps the deadline and the byte cap on a streamed body, and buffers it unless asked', async () => {
      const { time, on } = clocked();
      const short = on.webFetchWith({ streamEvents: true, timeoutMs: 400 });
      const res = await short('http://site.test/events');
      const reading = res.text();
      const settled = settledState(reading);
      await time.tick(399);
      assert.equal(settled(), false, 'the stream is read until its deadline');
      await time.tick(1);
      await assert.rejects(reading, (err: Error) => (err as { code?: string }).code === 'TIMEOUT');
      await within(state.eventsClosed, 'the stream’s socket closes');
      const flood = await outbound.webFetchWith({ streamEvents: true, maxBytes: MiB })('http://site.test/events-flood');
      await assert.rejects(flood.arrayBuffer(), (err: Error) => (err as { code?: string }).code === 'TOO_LARGE');
      await within(state.eventsClosed, 'the flood’s socket closes');
      // Not streamed: buffered until the deadline, which ends it.
      const buffered = expectCode(on.webFetchWith({ timeoutMs: 400 })('http://site.test/events'), 'TIMEOUT');
      const hitsBefore = hitsFor('site.test', '/events').length;
      await eventually(() => hitsFor('site.test', '/events').length > hitsBefore, 'the buffered request reaches the server');
      await time.tick(400);
      await buffered;
    });
  });
});
