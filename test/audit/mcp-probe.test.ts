import assert from 'node:assert/strict';
import type http from 'node:http';
import { probeMcpEndpoint } from '../../activities/audit/mcp-probe';
import { createOutbound, type Outbound } from '../../src/net/outbound';
import { serveLegacySseMcp, serveSilentSse, serveTickStream } from '../fixture-web/mcp';
import { send } from '../fixture-web/respond';
import { startHttp, type TestServer } from '../net/support';
import { eventually, settledState } from '../support/eventually';
import { fakeClock } from '../support/fake-clock';

// The MCP probe's fallback to the legacy HTTP+SSE transport (2024-11-05), against real servers on loopback
// reached through the outbound layer (host map + allowlist), as the audit reaches them.

const HOSTS = ['legacy.test', 'ticks.test', 'silent.test', 'locked.test', 'landing.test', 'elsewhere.test'];

describe('MCP probe: legacy HTTP+SSE fallback', function () {
  this.timeout(20_000);
  let site: TestServer;
  let outbound: Outbound;
  const hits: string[] = [];

  before(async () => {
    site = await startHttp((req: http.IncomingMessage, res: http.ServerResponse) => {
      const host = (req.headers.host ?? '').replace(/:\d+$/, '');
      const path = (req.url ?? '/').split('?')[0];
      hits.push(`${host} ${req.method} ${path} ${req.headers['user-agent']}`);
      switch (host) {
        case 'legacy.test':
          return void serveLegacySseMcp(req, res, '/sse', 'legacy-sse');
        case 'ticks.test':
          return serveTickStream(req, res);
        case 'silent.test':
          return serveSilentSse(req, res, '/sse');
        case 'locked.test':
          return req.method === 'GET'
            ? send(res, 401, 'application/json', '{"error":"invalid_token"}', {
                'www-authenticate': 'Bearer resource_metadata="http://locked.test/.well-known/oauth-protected-resource"',
              })
            : send(res, 404, 'text/plain', 'not found');
        case 'landing.test':
          return req.method === 'GET'
            ? send(res, 200, 'text/html; charset=utf-8', '<!doctype html><h1>Our MCP server</h1>')
            : send(res, 405, 'application/json', '{"error":"method_not_allowed"}');
        case 'elsewhere.test':
          if (req.method !== 'GET') return send(res, 404, 'text/plain', 'not found');
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write('event: endpoint\ndata: http://127.0.0.1:9/messages?sessionId=1\n\n');
          return;
        default:
          return send(res, 404, 'text/plain', 'unknown host');
      }
    });
    outbound = createOutbound({ hostMap: new Map(HOSTS.map((h) => [h, { ip: '127.0.0.1', port: site.port }])), allowlist: HOSTS, timeoutMs: 10_000 });
  });
  after(() => site.close());

  const hitsOn = (host: string) => hits.filter((h) => h.startsWith(`${host} `));

  it('a real legacy SSE server: Streamable HTTP is 404, the SSE fallback completes initialize + tools/list through the guard', async () => {
    const p = await probeMcpEndpoint('http://legacy.test/sse', outbound.webFetch, 5000);
    const { toolDefinitions, serverFingerprint, ...rest } = p;
    assert.deepEqual(rest, {
      outcome: 'ok',
      transport: 'sse',
      serverName: 'legacy-sse',
      serverVersion: '1.0.0',
      protocolVersion: rest.protocolVersion,
      toolCount: 2,
      tools: ['search_docs', 'create_widget'],
      toolDescriptions: ['Search the docs', 'Create a widget'],
    });
    assert.match(rest.protocolVersion ?? '', /^\d{4}-\d{2}-\d{2}$/, 'the version initialize negotiated');
    // Whole definitions, fingerprinted, as tools/list gave them over the legacy transport too.
    assert.deepEqual(
      toolDefinitions?.map((t) => [t.name, t.description, Object.keys(t.inputSchema.properties as object)]),
      [
        ['search_docs', 'Search the docs', ['query']],
        ['create_widget', 'Create a widget', ['name']],
      ],
    );
    for (const t of toolDefinitions ?? []) assert.match(t.fingerprint, /^[0-9a-f]{64}$/);
    assert.match(serverFingerprint ?? '', /^[0-9a-f]{64}$/);
    const asked = hitsOn('legacy.test');
    assert.deepEqual([...new Set(asked.map((h) => h.split(' ').slice(1, 3).join(' ')))], ['POST /sse', 'GET /sse', 'POST /sse/messages']);
    for (const h of asked) assert.match(h, /AgentdexBot\//, `through the outbound layer: ${h}`);
  });

  // The probe's bound runs on a fake clock: "known before the timeout" is a probe that settles while virtual time
  // stands still, and "bounded by the timeout" is one that settles when virtual time reaches it, not before.
  it('an event stream of ticks (no endpoint event) is not MCP, known at its first event rather than at the timeout', async () => {
    const time = fakeClock();
    const p = await probeMcpEndpoint('http://ticks.test/sse', outbound.webFetch, 8000, time.clock);
    assert.equal(p.outcome, 'not-mcp');
    assert.equal(p.transport, undefined);
    assert.match(p.detail ?? '', /first event is "tick", not "endpoint"/);
    assert.equal(time.elapsed(), 0, 'judged without waiting');
  });

  it('an endpoint event whose message URL never answers initialize is not MCP, within the probe timeout', async () => {
    const time = fakeClock();
    const probing = probeMcpEndpoint('http://silent.test/sse', outbound.webFetch, 1500, time.clock);
    const settled = settledState(probing);
    await eventually(() => hitsOn('silent.test').some((h) => h.includes('POST /sse/messages')), 'initialize was sent');
    // The Streamable HTTP attempt was refused at once, so the legacy handshake has the whole 1500 ms.
    await time.waitForTimer((ms) => ms === 1500, 'the legacy handshake bound');
    await time.tick(1499);
    assert.equal(settled(), false, 'still waiting for an answer before the bound');
    await time.tick(1);
    const p = await probing;
    assert.equal(p.outcome, 'not-mcp');
    assert.match(p.detail ?? '', /no MCP answer within 1500 ms/);
  });

  it('a legacy stream behind a Bearer challenge requires auth, with the challenge for the caller to judge', async () => {
    const p = await probeMcpEndpoint('http://locked.test/sse', outbound.webFetch, 5000);
    assert.equal(p.outcome, 'auth-required');
    assert.equal(p.status, 401);
    assert.match(p.challenge ?? '', /resource_metadata=/);
  });

  it('a landing page (POST 405, GET HTML) stays dead by its POST, and says it answered HTML', async () => {
    const p = await probeMcpEndpoint('http://landing.test/mcp', outbound.webFetch, 5000);
    assert.deepEqual([p.outcome, p.detail, p.answeredHtml], ['dead', 'HTTP 405', true]);
  });

  it('an endpoint event naming another origin is refused, never fetched', async () => {
    const p = await probeMcpEndpoint('http://elsewhere.test/sse', outbound.webFetch, 5000);
    assert.equal(p.outcome, 'not-mcp');
    assert.match(p.detail ?? '', /origin/i);
    assert.equal(hitsOn('elsewhere.test').filter((h) => h.includes(' POST ')).length, 1, 'only the Streamable HTTP POST');
  });
});
