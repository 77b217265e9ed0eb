import assert from 'node:assert/strict';
import SwaggerParser from '@apidevtools/swagger-parser';
import { hashApiKey } from '../../src/domain/api-keys';
import { ApiKeySchema, EntitlementsSchema, KeyListSchema, LimitsSchema, PlansSchema, UsageEventsSchema, UsageSummarySchema } from '../../src/schemas/account';
import { startTestApp, type TestApp } from '../support/app';
import { jsonOf } from '../support/http';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';

describe('accounts and keys', () => {
  let app: TestApp;
  const call = (method: string, path: string, o: { key?: string; body?: unknown; ip?: string } = {}) =>
    fetch(`${app.baseUrl}${path}`, {
      method,
      headers: {
        ...(o.key ? { 'x-api-key': o.key } : {}),
        ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
        'x-forwarded-for': o.ip ?? '198.51.100.7',
      },
      body: o.body !== undefined ? JSON.stringify(o.body) : undefined,
    });
  before(async () => {
    app = await startTestApp({}, { TRUST_PROXY: 'true' });
  });
  after(() => app.close());

  it('signs up a workspace on the free plan with a working key, stored only as a hash', async () => {
    const res = await call('POST', '/v1/signup', { body: { email: 'dev@example.com', workspaceName: 'Dev' }, ip: '203.0.113.1' });
    assert.equal(res.status, 201);
    const body = ApiKeySchema.parse(await jsonOf(res));
    assert.match(body.key, /^adx_[0-9A-Za-z]{32}$/);
    const stored = await getInfra().db('api_keys').where({ id: body.id }).first();
    assert.equal(stored.key_hash, hashApiKey(body.key));
    assert.ok(!JSON.stringify(stored).includes(body.key), 'the raw key is not stored');
    const usage = await call('GET', '/v1/usage', { key: body.key });
    assert.equal(usage.status, 200);
    assert.equal((await jsonOf(usage)).plan, 'free');
  });

  it('limits open signup to 3 per IP per day and validates the email', async () => {
    const ip = '203.0.113.50';
    for (let i = 0; i < 3; i++) assert.equal((await call('POST', '/v1/signup', { body: { email: `a${i}@example.com` }, ip })).status, 201);
    const fourth = await call('POST', '/v1/signup', { body: { email: 'a4@example.com' }, ip });
    assert.equal(fourth.status, 429);
    assert.ok(fourth.headers.get('retry-after'));
    const bad = await call('POST', '/v1/signup', { body: { email: 'not-an-email' }, ip: '203.0.113.51' });
    assert.equal(bad.status, 400);
    assert.match((await jsonOf(bad)).error, /body\.email/);
  });

  it('mints, lists and revokes keys; a revoked key is 401 on the very next request', async () => {
    const ws = await createWorkspace(getInfra().db);
    const created = await call('POST', '/v1/account/keys', { key: ws.key, body: { label: 'ci' } });
    assert.equal(created.status, 201);
    const second = ApiKeySchema.parse(await jsonOf(created));
    const noBody = await call('POST', '/v1/account/keys', { key: ws.key });
    assert.equal(noBody.status, 201, 'the label is optional, and so is the body');
    const list = KeyListSchema.parse(await jsonOf(await call('GET', '/v1/account/keys', { key: second.key })));
    assert.equal(list.keys.length, 3);
    assert.ok(list.keys.every((k) => !('key' in k) && k.prefix.startsWith('adx_')));
    assert.equal(list.keys.find((k) => k.id === second.id)?.label, 'ci');

    assert.equal((await call('DELETE', `/v1/account/keys/${ws.keyId}`, { key: second.key })).status, 204);
    const after = await call('GET', '/v1/usage', { key: ws.key });
    assert.equal(after.status, 401);
    assert.equal((await call('GET', '/v1/usage', { key: second.key })).status, 200, 'other keys keep working');
    const listed = KeyListSchema.parse(await jsonOf(await call('GET', '/v1/account/keys', { key: second.key })));
    assert.ok(listed.keys.find((k) => k.id === ws.keyId)?.revokedAt);
  });

  it('rejects missing, malformed and unknown keys on account routes with 401', async () => {
    for (const key of [undefined, 'nope', `adx_${'x'.repeat(32)}`]) {
      const res = await call('GET', '/v1/usage', { key });
      assert.equal(res.status, 401, String(key));
      assert.equal(typeof (await jsonOf(res)).error, 'string');
    }
  });

  it("keeps workspaces apart: A's key cannot read or revoke B's data", async () => {
    const a = await createWorkspace(getInfra().db);
    const b = await createWorkspace(getInfra().db);
    await call('PATCH', '/v1/limits', { key: b.key, body: { monthlyBudgetUsd: 42 } });
    const aLimits = LimitsSchema.parse(await jsonOf(await call('GET', '/v1/limits', { key: a.key })));
    assert.equal(aLimits.monthlyBudgetUsd, null);
    assert.equal((await call('DELETE', `/v1/account/keys/${b.keyId}`, { key: a.key })).status, 404);
    assert.equal((await call('GET', '/v1/usage', { key: b.key })).status, 200, "B's key survived A's attempt");
    const aUsage = UsageSummarySchema.parse(await jsonOf(await call('GET', '/v1/usage', { key: a.key })));
    assert.equal(aUsage.workspaceId, a.workspaceId);
    const aKeys = KeyListSchema.parse(await jsonOf(await call('GET', '/v1/account/keys', { key: a.key })));
    assert.deepEqual(
      aKeys.keys.map((k) => k.id),
      [a.keyId],
    );
  });

  it('serves the plans from configuration, openly', async () => {
    const plans = PlansSchema.parse(await jsonOf(await call('GET', '/v1/plans')));
    assert.deepEqual(
      plans.plans.map((p) => p.key),
      ['free', 'usage', 'scale'],
    );
    const audit = plans.primitives.find((p) => p.eventType === 'audit_run')!;
    assert.deepEqual([audit.ratePerCallUsd, audit.ratePer1kUsd, audit.freeMonthly], [0.03, 30, 100]);
  });

  it('reports entitlements with reasons', async () => {
    const ws = await createWorkspace(getInfra().db, { used: { audit_run: 100 } });
    const e = EntitlementsSchema.parse(await jsonOf(await call('GET', '/v1/entitlements', { key: ws.key })));
    const audit = e.entitlements.find((x) => x.eventType === 'audit_run')!;
    assert.deepEqual([audit.allowed, audit.reason, audit.remaining], [false, 'QUOTA_EXHAUSTED', 0]);
    assert.equal(e.entitlements.find((x) => x.eventType === 'workflow_execution')!.reason, 'OK');
  });

  describe('limits', () => {
    it('patches guardrails, clears with null, and refuses a warning above the hard limit', async () => {
      const ws = await createWorkspace(getInfra().db);
      const set = await call('PATCH', '/v1/limits', {
        key: ws.key,
        body: { monthlyBudgetUsd: 50, warningThresholdUsd: 10, hardLimitUsd: 100, notificationsEnabled: false },
      });
      assert.equal(set.status, 200);
      assert.deepEqual(
        (({ monthlyBudgetUsd, warningThresholdUsd, hardLimitUsd, notificationsEnabled, spendStatus }) => ({
          monthlyBudgetUsd,
          warningThresholdUsd,
          hardLimitUsd,
          notificationsEnabled,
          spendStatus,
        }))(LimitsSchema.parse(await jsonOf(set))),
        { monthlyBudgetUsd: 50, warningThresholdUsd: 10, hardLimitUsd: 100, notificationsEnabled: false, spendStatus: 'OK' },
      );
      const cleared = LimitsSchema.parse(await jsonOf(await call('PATCH', '/v1/limits', { key: ws.key, body: { monthlyBudgetUsd: null } })));
      assert.equal(cleared.monthlyBudgetUsd, null);
      assert.equal(cleared.hardLimitUsd, 100, 'fields not sent are kept');
      const bad = await call('PATCH', '/v1/limits', { key: ws.key, body: { warningThresholdUsd: 200 } });
      assert.equal(bad.status, 400);
      assert.match((await jsonOf(bad)).error, /warningThresholdUsd/);
    });

    const bad: Array<[string, unknown, RegExp]> = [
      ['an empty patch', {}, /at least one/],
      ['a negative number', { hardLimitUsd: -1 }, /body\.hardLimitUsd/],
      ['a string', { monthlyBudgetUsd: '10' }, /body\.monthlyBudgetUsd/],
    ];
    for (const [what, body, msg] of bad) {
      it(`400s ${what}`, async () => {
        const ws = await createWorkspace(getInfra().db);
        const res = await call('PATCH', '/v1/limits', { key: ws.key, body });
        assert.equal(res.status, 400);
        assert.match((await jsonOf(res)).error, msg);
      });
    }
  });

  describe('GET /v1/usage/events', () => {
    it('filters and pages newest first, and 400s bad dates', async () => {
      const ws = await createWorkspace(getInfra().db);
      const db = getInfra().db;
      const base = Date.parse('2026-11-10T12:00:00Z');
      await db('usage_events').insert(
        Array.from({ length: 5 }, (_, i) => ({
          workspace_id: ws.workspaceId,
          event_type: i % 2 ? 'audit_run' : 'workflow_execution',
          source: 'api',
          dedupe_key: `test-${ws.workspaceId}-${i}`,
          period_start: '2026-11-01',
          occurred_at: new Date(base + i * 60_000),
        })),
      );
      const all = UsageEventsSchema.parse(await jsonOf(await call('GET', '/v1/usage/events', { key: ws.key })));
      assert.equal(all.events.length, 5);
      assert.ok(all.events[0].occurred_at > all.events[4].occurred_at, 'newest first');
      const audits = UsageEventsSchema.parse(await jsonOf(await call('GET', '/v1/usage/events?event_type=audit_run', { key: ws.key })));
      assert.equal(audits.events.length, 2);
      const window = UsageEventsSchema.parse(
        await jsonOf(await call('GET', '/v1/usage/events?from=2026-11-10T12:01:00Z&to=2026-11-10T12:03:00Z', { key: ws.key })),
      );
      assert.equal(window.events.length, 2);
      const paged = UsageEventsSchema.parse(await jsonOf(await call('GET', '/v1/usage/events?limit=2&offset=4', { key: ws.key })));
      assert.equal(paged.events.length, 1);
      const inverted = UsageEventsSchema.parse(await jsonOf(await call('GET', '/v1/usage/events?from=2026-11-11&to=2026-11-10', { key: ws.key })));
      assert.deepEqual(inverted.events, [], 'an empty window is empty, not an error');
      for (const q of ['from=yesterday', 'to=2026-13-45', 'limit=0', 'offset=-1', 'event_type=nope', 'limit=1.5']) {
        const res = await call('GET', `/v1/usage/events?${q}`, { key: ws.key });
        assert.equal(res.status, 400, q);
      }
    });
  });

  it('keeps the OpenAPI document valid with the account surface', async () => {
    const doc = await jsonOf(await call('GET', '/openapi.json'));
    await SwaggerParser.validate(doc);
    assert.ok(doc.paths['/v1/usage/events'].get && doc.paths['/v1/limits'].patch && doc.paths['/v1/account/keys/{id}'].delete);
  });
});
