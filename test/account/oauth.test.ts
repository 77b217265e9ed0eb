import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { hashAccessToken } from '../../src/domain/oauth';
import { operabilityAudits } from '../../src/domain/audit/audits/operability';
import { parseWellKnown, WELL_KNOWN_VALIDATORS } from '../../src/domain/audit/parse/well-known';
import { parseProtectedResource } from '../../src/domain/audit/parse/mcp';
import { TokenResponseSchema } from '../../src/schemas/oauth';
import { startTestApp, type TestApp } from '../support/app';
import { jsonOf } from '../support/http';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';

const BASE = 'http://agentdex.test';

describe('OAuth 2.0 client credentials and discovery', function () {
  this.timeout(60_000);
  let app: TestApp;
  const db = () => getInfra().db;

  const tokenRequest = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${app.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  const tokenFor = async (key: string) => {
    const res = await tokenRequest({ grant_type: 'client_credentials', client_secret: key });
    assert.equal(res.status, 200);
    return TokenResponseSchema.parse(await jsonOf(res)).access_token;
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const usage = (headers: Record<string, string>) => fetch(`${app.baseUrl}/v1/usage`, { headers });

  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());

  describe('discovery metadata', () => {
    it('publishes RFC 8414 authorization server metadata the audit accepts', async () => {
      const res = await fetch(`${app.baseUrl}/.well-known/oauth-authorization-server`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
      const text = await res.text();
      assert.deepEqual(JSON.parse(text), {
        issuer: BASE,
        token_endpoint: `${BASE}/oauth/token`,
        grant_types_supported: ['client_credentials'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        response_types_supported: [],
        service_documentation: `${BASE}/llms.txt`,
      });
      const parsed = parseWellKnown(res.url, res.status, res.headers.get('content-type') ?? '', text, WELL_KNOWN_VALIDATORS.oauthAuthorizationServer);
      assert.equal(parsed.valid, true, parsed.detail);
    });

    it('publishes RFC 9728 protected resource metadata for the API and for the MCP server', async () => {
      for (const [path, resource] of [
        ['/.well-known/oauth-protected-resource', BASE],
        ['/.well-known/oauth-protected-resource/mcp', `${BASE}/mcp`],
      ]) {
        const res = await fetch(`${app.baseUrl}${path}`);
        assert.equal(res.status, 200, path);
        const text = await res.text();
        const doc = JSON.parse(text);
        assert.equal(doc.resource, resource);
        assert.deepEqual(doc.authorization_servers, [BASE]);
        assert.deepEqual(doc.bearer_methods_supported, ['header']);
        assert.equal(doc.resource_documentation, `${BASE}/llms.txt`);
        const parsed = parseWellKnown(res.url, res.status, res.headers.get('content-type') ?? '', text, WELL_KNOWN_VALIDATORS.oauthProtectedResource);
        assert.equal(parsed.valid, true, parsed.detail);
      }
      const mcp = await (await fetch(`${app.baseUrl}/.well-known/oauth-protected-resource/mcp`)).text();
      assert.equal(parseProtectedResource(mcp, `${BASE}/.well-known/oauth-protected-resource/mcp`)?.mentionsMcp, true);
    });

    it("passes the audit's oauth-discovery check, read as the audit gathers it", async () => {
      const read = async (path: string, validator: keyof typeof WELL_KNOWN_VALIDATORS) => {
        const res = await fetch(`${app.baseUrl}${path}`, { headers: { accept: 'application/json' } });
        return parseWellKnown(res.url, res.status, res.headers.get('content-type') ?? '', await res.text(), WELL_KNOWN_VALIDATORS[validator]);
      };
      const oauth = {
        authorizationServer: await read('/.well-known/oauth-authorization-server', 'oauthAuthorizationServer'),
        protectedResource: await read('/.well-known/oauth-protected-resource', 'oauthProtectedResource'),
      };
      const check = operabilityAudits.find((a) => a.id === 'oauth-discovery')!;
      const outcome = check.audit({ oauth } as unknown as Parameters<typeof check.audit>[0]);
      assert.equal(outcome.score, 1, JSON.stringify(outcome));
      assert.match(String(outcome.detail), /RFC 8414 authorization server, RFC 9728 protected resource/);
    });

    it('documents POST /oauth/token in /openapi.json with its form body', async () => {
      const doc = await jsonOf(await fetch(`${app.baseUrl}/openapi.json`));
      const op = doc.paths['/oauth/token'].post;
      assert.ok(op.requestBody.content['application/x-www-form-urlencoded'].schema);
      assert.ok(op.responses['200'] && op.responses['400'] && op.responses['401']);
      assert.equal(doc.paths['/.well-known/oauth-authorization-server'], undefined);
    });
  });

  describe('POST /oauth/token', () => {
    it('issues a random bearer token for an active key (client_secret_post), stored only as its hash', async () => {
      const ws = await createWorkspace(db());
      const prefix = ws.key.slice(0, 10);
      const res = await tokenRequest({ grant_type: 'client_credentials', client_id: prefix, client_secret: ws.key });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      const body = TokenResponseSchema.parse(await jsonOf(res));
      assert.equal(body.token_type, 'Bearer');
      assert.equal(body.expires_in, 3600);
      assert.ok(Buffer.from(body.access_token.replace(/^adxat_/, ''), 'base64url').length >= 32);
      const rows = await db()('oauth_access_tokens').where({ key_id: ws.keyId });
      assert.equal(rows.length, 1);
      assert.equal(rows[0].token_hash, hashAccessToken(body.access_token));
      assert.equal(rows[0].workspace_id, ws.workspaceId);
      assert.ok(!JSON.stringify(rows).includes(body.access_token), 'the raw token is not stored');
      const second = await tokenFor(ws.key);
      assert.notEqual(second, body.access_token);
    });

    it('accepts client_secret_basic', async () => {
      const ws = await createWorkspace(db());
      const basic = Buffer.from(`${encodeURIComponent(ws.key.slice(0, 10))}:${encodeURIComponent(ws.key)}`).toString('base64');
      const res = await tokenRequest({ grant_type: 'client_credentials' }, { authorization: `Basic ${basic}` });
      assert.equal(res.status, 200);
      TokenResponseSchema.parse(await jsonOf(res));
    });

    it('refuses a wrong, unknown or revoked key and a wrong client_id with invalid_client (401, WWW-Authenticate)', async () => {
      const ws = await createWorkspace(db());
      const revoked = await createWorkspace(db());
      await db()('api_keys').where({ id: revoked.keyId }).update({ revoked_at: db().fn.now() });
      const attempts: Array<Record<string, string>> = [
        { client_secret: 'nope' },
        { client_secret: `adx_${'x'.repeat(32)}` },
        { client_secret: revoked.key },
        { client_secret: ws.key, client_id: 'adx_wrong1' },
        {},
      ];
      for (const fields of attempts) {
        const res = await tokenRequest({ grant_type: 'client_credentials', ...fields });
        assert.equal(res.status, 401, JSON.stringify(Object.keys(fields)));
        assert.match(res.headers.get('www-authenticate') ?? '', /^Basic /);
        assert.equal(res.headers.get('cache-control'), 'no-store');
        const body = await jsonOf(res);
        assert.equal(body.error, 'invalid_client');
        assert.equal(typeof body.error_description, 'string');
      }
      const badBasic = await tokenRequest({ grant_type: 'client_credentials' }, { authorization: `Basic ${Buffer.from(`x:${ws.key}1`).toString('base64')}` });
      assert.equal(badBasic.status, 401);
      assert.equal((await jsonOf(badBasic)).error, 'invalid_client');
    });

    it('answers unsupported_grant_type and invalid_request (400) naming the problem', async () => {
      const ws = await createWorkspace(db());
      const wrongGrant = await tokenRequest({ grant_type: 'password', client_secret: ws.key });
      assert.equal(wrongGrant.status, 400);
      assert.equal((await jsonOf(wrongGrant)).error, 'unsupported_grant_type');

      const missing = await tokenRequest({ client_secret: ws.key });
      assert.equal(missing.status, 400);
      const m = await jsonOf(missing);
      assert.equal(m.error, 'invalid_request');
      assert.match(m.error_description, /body\.grant_type/);

      const repeated = await fetch(`${app.baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `grant_type=client_credentials&client_secret=${ws.key}&client_secret=${ws.key}`,
      });
      assert.equal(repeated.status, 400);
      assert.match((await jsonOf(repeated)).error_description, /body\.client_secret/);

      const both = await tokenRequest(
        { grant_type: 'client_credentials', client_secret: ws.key },
        { authorization: `Basic ${Buffer.from(`:${ws.key}`).toString('base64')}` },
      );
      assert.equal(both.status, 400);
      assert.equal((await jsonOf(both)).error, 'invalid_request');

      const json = await fetch(`${app.baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_secret: ws.key }),
      });
      assert.equal(json.status, 415);
      assert.equal((await jsonOf(json)).error, 'invalid_request');
    });
  });

  describe('Authorization: Bearer <access_token>', () => {
    it('works on a key-only route for the same workspace', async () => {
      const ws = await createWorkspace(db());
      const token = await tokenFor(ws.key);
      const res = await usage(bearer(token));
      assert.equal(res.status, 200);
      const byKey = await jsonOf(await usage({ 'x-api-key': ws.key }));
      assert.deepEqual(await jsonOf(res), byKey);
    });

    it('records a metered call as one usage event of the workspace, as the key would', async () => {
      const ws = await createWorkspace(db());
      const token = await tokenFor(ws.key);
      const res = await fetch(`${app.baseUrl}/v1/find-tools`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(token) },
        body: JSON.stringify({ task: 'send transactional email' }),
      });
      assert.equal(res.status, 200);
      const events = await db()('usage_events').where({ workspace_id: ws.workspaceId }).select('event_type', 'source');
      assert.equal(events.length, 1);
      assert.equal(events[0].event_type, 'agent_discovery_check');
      assert.equal(events[0].source, 'api');
    });

    it('works on MCP (initialize and tools/list), as a raw API key as Bearer still does', async () => {
      const ws = await createWorkspace(db());
      const token = await tokenFor(ws.key);
      for (const credential of [token, ws.key]) {
        const client = new Client({ name: 'oauth-test', version: '1.0.0' });
        await client.connect(new StreamableHTTPClientTransport(new URL(`${app.baseUrl}/mcp`), { requestInit: { headers: bearer(credential) } }));
        try {
          const { tools } = await client.listTools();
          assert.ok(tools.some((t) => t.name === 'get_usage'));
        } finally {
          await client.close();
        }
      }
    });

    it('refuses an expired token (401 on REST, JSON-RPC -32001 on MCP)', async () => {
      const ws = await createWorkspace(db());
      const token = await tokenFor(ws.key);
      await db()('oauth_access_tokens')
        .where({ token_hash: hashAccessToken(token) })
        .update({ expires_at: new Date(Date.now() - 1000) });
      const res = await usage(bearer(token));
      assert.equal(res.status, 401);
      assert.match(res.headers.get('www-authenticate') ?? '', /Bearer .*error="invalid_token"/);
      assert.match((await jsonOf(res)).error, /expired access token/);
      const mcp = await fetch(`${app.baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...bearer(token) },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      assert.equal(mcp.status, 200);
      assert.equal((await jsonOf(mcp)).error.code, -32001);
    });

    it('ends when its key is revoked, on key routes and metered calls alike', async () => {
      const ws = await createWorkspace(db());
      const token = await tokenFor(ws.key);
      const find = () =>
        fetch(`${app.baseUrl}/v1/find-tools`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...bearer(token) },
          body: JSON.stringify({ task: 'send sms' }),
        });
      assert.equal((await find()).status, 200, 'the token is remembered by the metered path');
      assert.equal((await fetch(`${app.baseUrl}/v1/account/keys/${ws.keyId}`, { method: 'DELETE', headers: bearer(token) })).status, 204);
      assert.equal((await usage(bearer(token))).status, 401);
      assert.equal((await find()).status, 401, 'a remembered token is refused at admission once its key is revoked');
      assert.equal((await tokenRequest({ grant_type: 'client_credentials', client_secret: ws.key })).status, 401);
    });

    it('leaves API keys as they were, and a bad Bearer without a key is refused', async () => {
      const ws = await createWorkspace(db());
      assert.equal((await usage({ 'x-api-key': ws.key })).status, 200);
      assert.equal((await usage(bearer(ws.key))).status, 200);
      assert.equal((await usage(bearer('adxat_nope'))).status, 401);
    });
  });
});
