import assert from 'node:assert/strict';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { POISONED_READINESS_CAP } from '../../src/domain/scoring';
import { AuditReportSchema } from '../../src/schemas/registry';
import { callLog, HIDDEN_TEXT } from '../fixture-web/mcp-servers';
import { shifty } from '../fixture-web/mcp-trust';
import { auditReports, checkOf } from '../support/audit-reports';
import { startTestApp, type TestApp } from '../support/app';
import { runCommand } from '../support/command';
import { jsonOf } from '../support/http';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';

// The MCP trust checks (issue 38) end to end: real MCP servers on loopback (test/fixture-web/mcp-trust.ts),
// audited through the API, the Temporal workflow and the outbound guard, then read through every door.

const check = checkOf;
const BIN = path.resolve(__dirname, '../../src/cli/main.js');

describe('MCP trust: tool quality, a verified read-only call, poisoning and drift', function () {
  this.timeout(180_000);
  let app: TestApp;
  let key: string;
  const { audit, report } = auditReports(() => ({ baseUrl: app.baseUrl, key }));
  const mcpOf = async (domain: string) => {
    const m = (await report(domain)).mcp;
    assert.ok(m, `${domain} has an mcp section`);
    return m;
  };
  const callsTo = (server: string) => callLog.filter((c) => c.server === server);

  before(async () => {
    app = await startTestApp();
    key = (await createWorkspace(getInfra().db)).key;
  });
  after(() => app.close());

  for (const [domain, transport] of [
    ['trust-well.test', 'streamable-http'],
    ['trust-well-sse.test', 'sse'],
  ] as const) {
    it(`a well-defined server over ${transport}: high tool scores, a verified read-only call whose output validates`, async () => {
      const before = callsTo('acme-docs').length;
      const r = await report(domain);
      const m = await mcpOf(domain);
      assert.equal(m.transport, transport);
      assert.deepEqual(m.server, { name: 'acme-docs', version: '2.1.0' });
      assert.match(m.protocolVersion ?? '', /^\d{4}-\d{2}-\d{2}$/);
      assert.match(m.fingerprint, /^[0-9a-f]{64}$/);
      assert.deepEqual(m.tools.map((t) => t.name).sort(), ['create_ticket', 'get_page', 'search_docs']);
      assert.ok((m.toolScore ?? 0) >= 85, `tool score ${m.toolScore}`);
      for (const t of m.tools) {
        assert.ok(t.score >= 85, `${t.name} at ${t.score}: ${JSON.stringify(t.findings)}`);
        assert.match(t.fingerprint, /^[0-9a-f]{64}$/);
      }
      assert.deepEqual(m.security, []);
      assert.equal(m.drift, null);
      // Both read-only tools state their one required value (an example): the first by name is called with it.
      assert.equal(m.verifiedCall.tool, 'get_page');
      assert.deepEqual(m.verifiedCall.input, { url: 'https://docs.acme.example/guides/webhooks' });
      assert.equal(m.verifiedCall.outcome, 'ok');
      assert.equal(m.verifiedCall.outputValid, true);
      assert.ok((m.verifiedCall.ms ?? -1) >= 0);
      assert.equal(check(r, 'mcp-verified-call').score, 1);
      assert.ok((check(r, 'mcp-tool-quality').score ?? 0) >= 0.85);
      const calls = callsTo('acme-docs').slice(before);
      assert.deepEqual(
        calls.map((c) => c.tool),
        ['get_page'],
        'one call, to a read-only tool',
      );
      assert.ok(!calls[0].authorization && !calls[0].cookie, 'no credentials are ever sent');
    });
  }

  it('a vague server: low scores, each shortfall with its fix, and no call (nothing is annotated read-only)', async () => {
    const r = await report('trust-vague.test');
    const m = await mcpOf('trust-vague.test');
    assert.ok((m.toolScore ?? 100) < 40, `tool score ${m.toolScore}`);
    const kinds = new Set(m.tools.flatMap((t) => t.findings.map((f) => f.kind)));
    for (const k of ['description', 'parameters-described', 'annotations']) assert.ok(kinds.has(k), `a ${k} finding: ${[...kinds]}`);
    for (const f of m.tools.flatMap((t) => t.findings)) assert.ok(f.fix.length > 10, `a fix for ${f.kind}`);
    assert.equal(m.verifiedCall.outcome, 'not-called');
    assert.match(m.verifiedCall.reason, /readOnlyHint/);
    assert.equal(callsTo('vague').length, 0);
    const quality = check(r, 'mcp-tool-quality');
    assert.ok(quality.score !== null && quality.score < 0.4 && quality.fix, JSON.stringify(quality));
    assert.equal(check(r, 'mcp-verified-call').score, 0);
  });

  for (const domain of ['trust-poisoned.test', 'trust-poisoned-sse.test']) {
    it(`a poisoned server (${domain}): the <IMPORTANT> block, zero-width text and a tag-character payload found and decoded; readiness capped`, async () => {
      const r = await report(domain);
      const m = await mcpOf(domain);
      const high = m.security.filter((f) => f.severity === 'high');
      const has = (tool: string, kind: string) => m.security.some((f) => f.tool === tool && f.kind === kind);
      assert.ok(has('add', 'pseudo-system-block') && has('add', 'secret-access'), JSON.stringify(m.security.map((f) => [f.tool, f.kind])));
      assert.ok(has('multiply', 'hidden-characters'), 'the zero-width text');
      const tag = m.security.find((f) => f.tool === 'divide' && f.kind === 'hidden-characters');
      assert.equal(tag?.severity, 'high');
      assert.equal(tag?.decoded, HIDDEN_TEXT.divide, 'the tag payload decoded');
      assert.ok(!/[\u{E0000}-\u{E007F}]/u.test(tag?.span ?? ''), 'the span shows no raw tag characters');
      assert.ok(high.length >= 3);
      assert.ok(r.scores.readiness <= POISONED_READINESS_CAP, `readiness ${r.scores.readiness}`);
      assert.match(r.issues[0], /^MCP tool poisoning: /, 'the first thing its profile says');
      // The findings lead each poisoned tool's own list too.
      assert.equal(m.tools.find((t) => t.name === 'add')?.findings[0].severity, 'high');
    });
  }

  it("a read-only tool that errors: the verified call records the tool's isError", async () => {
    const r = await report('trust-erroring.test');
    const m = await mcpOf('trust-erroring.test');
    assert.equal(m.verifiedCall.tool, 'read_status');
    assert.equal(m.verifiedCall.outcome, 'tool-error');
    assert.match(m.verifiedCall.reason, /upstream unavailable/);
    assert.equal(check(r, 'mcp-verified-call').score, 0.5);
  });

  it('a read-only tool that never answers: a timeout at 5 s, and the audit still completes', async () => {
    const started = Date.now();
    const r = await report('trust-hanging.test');
    const m = await mcpOf('trust-hanging.test');
    assert.equal(m.verifiedCall.tool, 'wait_forever');
    assert.equal(m.verifiedCall.outcome, 'timeout');
    assert.ok((m.verifiedCall.ms ?? 0) >= 5000, `ended at the bound: ${m.verifiedCall.ms} ms`);
    assert.equal(r.reachable, true);
    assert.equal(check(r, 'mcp-verified-call').score, 0);
    // real time: the audit's own deadline (AUDIT_TIMEOUT_MS, 20 s in tests) plus the margin for a busy machine.
    assert.ok(Date.now() - started < 30_000, `the audit completed in ${Date.now() - started} ms`);
  });

  it('a server whose tools are destructive or unannotated: no call is made, not even to a read-only tool marked destructive', async () => {
    const m = await mcpOf('trust-dangerous.test');
    assert.equal(m.verifiedCall.outcome, 'not-called');
    assert.match(m.verifiedCall.reason, /destructive/);
    assert.deepEqual(callsTo('dangerous'), []);
    assert.equal(m.tools.find((t) => t.name === 'wipe')?.destructive, true);
  });

  it('a server whose tools change between two audits: added, removed and redefined tools recorded as drift', async () => {
    shifty.version = 1;
    const first = await audit('trust-shifty.test');
    assert.equal(first.mcp?.drift, null, 'nothing to compare the first audit with');
    shifty.version = 2;
    try {
      const second = await audit('trust-shifty.test');
      const drift = second.mcp?.drift;
      assert.ok(drift, 'drift recorded');
      assert.deepEqual(drift.added, ['new_tool']);
      assert.deepEqual(drift.removed, ['old_tool']);
      assert.deepEqual(
        drift.changed.map((c) => c.name),
        ['get_item'],
      );
      assert.ok(drift.changed[0].fields.includes('description') && drift.changed[0].fields.includes('inputSchema'), JSON.stringify(drift.changed));
      assert.equal(new Date(drift.since).getTime(), new Date(first.auditedAt!).getTime());
      assert.notEqual(second.mcp?.fingerprint, first.mcp?.fingerprint);
      // The product's history keeps it: the stored audit and the profile carry the same drift.
      const profile = AuditReportSchema.parse(await jsonOf(await fetch(`${app.baseUrl}/v1/profile/${second.slug}`)));
      assert.deepEqual(profile.mcp?.drift, drift);
      const stored = await getInfra().db('audits').where({ domain: 'trust-shifty.test' }).orderBy('started_at').pluck('mcp');
      assert.equal(stored.at(-1)?.drift?.added?.[0], 'new_tool');
      // And its page: the audit that saw the change is marked on the history chart and listed under it.
      const page = await (await fetch(`${app.baseUrl}/products/${second.slug}`, { headers: { accept: 'text/html' } })).text();
      assert.match(page, /class="mcp-changed"/);
      assert.match(page, /MCP tool changes/);
      assert.match(page, /added new_tool; removed old_tool; changed get_item \([^)]*description/);
    } finally {
      shifty.version = 1;
    }
  });

  for (const domain of ['trust-pages.test', 'trust-pages-sse.test']) {
    it(`a paginated tools/list (${domain}): every page read`, async () => {
      const m = await mcpOf(domain);
      assert.equal(m.toolCount, 25);
      assert.equal(m.tools.length, 25);
      assert.equal(new Set(m.tools.map((t) => t.name)).size, 25);
    });
  }

  it('oversized definitions: bounded in count and bytes, the audit completes, and each bound is a finding', async () => {
    const r = await report('trust-bloated.test');
    const m = await mcpOf('trust-bloated.test');
    assert.equal(r.reachable, true);
    assert.equal(m.toolCount, 503, 'every listed tool counted');
    assert.ok(m.tools.length <= 100, `${m.tools.length} kept`);
    assert.ok(
      m.findings.some((f) => f.kind === 'tool-list' && /beyond/.test(f.detail)),
      JSON.stringify(m.findings),
    );
    const huge = m.tools.find((t) => t.name === 'huge_description');
    assert.ok(
      huge?.findings.some((f) => f.kind === 'oversized-definition' && /description cut/.test(f.detail)),
      JSON.stringify(huge?.findings),
    );
    assert.ok((huge?.description ?? '').length <= 500, 'the section repeats a bounded description');
    const deep = m.tools.find((t) => t.name === 'deep_schema');
    assert.ok(deep?.findings.some((f) => /inputSchema of \d+ KB/.test(f.detail)));
  });

  it('malformed definitions: the valid tool kept and called, each malformed one left out or cut, with a finding', async () => {
    const m = await mcpOf('trust-broken.test');
    assert.ok(m.tools.some((t) => t.name === 'ok_tool'));
    assert.ok(
      m.findings.some((f) => f.kind === 'tool-list' && /not a tool/.test(f.detail)),
      JSON.stringify(m.findings),
    );
    const stringSchema = m.tools.find((t) => t.name === 'string_schema');
    assert.ok(stringSchema?.findings.some((f) => /inputSchema is not an object/.test(f.detail)));
    assert.equal(m.verifiedCall.tool, 'ok_tool');
    assert.equal(m.verifiedCall.outcome, 'ok');
  });

  it('a server behind authorization: reported as such, its tools not listed and nothing called', async () => {
    const r = await report('trust-locked.test');
    const m = await mcpOf('trust-locked.test');
    assert.deepEqual(m.tools, []);
    assert.equal(m.toolScore, null);
    assert.equal(m.verifiedCall.outcome, 'not-called');
    assert.match(m.verifiedCall.reason, /requires authorization/);
    assert.equal(check(r, 'mcp-tool-quality').score, null, 'not judged');
    assert.equal(check(r, 'mcp-verified-call').score, null, 'not judged');
  });

  it('REST, MCP, CLI and the page show the same MCP section for the same product', async () => {
    const audited = await report('trust-poisoned.test');
    const profile = AuditReportSchema.parse(await jsonOf(await fetch(`${app.baseUrl}/v1/profile/${audited.slug}`)));
    assert.deepEqual(profile.mcp, audited.mcp, 'REST profile = audit report');

    const client = new Client({ name: 'agentdex-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${app.baseUrl}/mcp`), { requestInit: { headers: { 'x-api-key': key } } }));
    try {
      const result = (await client.callTool({ name: 'get_profile', arguments: { slug: audited.slug } })) as CallToolResult;
      assert.deepEqual((result.structuredContent as { mcp: unknown }).mcp, profile.mcp, 'MCP get_profile');
    } finally {
      await client.close();
    }

    const cli = await runCommand(process.execPath, [BIN, 'profile', audited.slug, '--tools'], {
      env: { PATH: process.env.PATH, AGENTDEX_BASE_URL: app.baseUrl },
    });
    assert.equal(cli.code, 0, cli.stderr);
    for (const t of profile.mcp!.tools) assert.ok(cli.stdout.includes(t.name), `the CLI table lists ${t.name}`);
    assert.ok(/^Security findings/.test(cli.stdout) && cli.stdout.indexOf('Security findings') < cli.stdout.indexOf('tool score'), 'security findings first');
    assert.match(cli.stdout, /hidden text decoded: "ignore previous instructions/);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ESC is exactly what must not reach the terminal
    assert.ok(!/[\u001b\u200b\u200c\u{E0000}-\u{E007F}]/u.test(cli.stdout), 'nothing hidden or terminal-driving reaches the terminal');
    const json = await runCommand(process.execPath, [BIN, '--json', 'profile', audited.slug], {
      env: { PATH: process.env.PATH, AGENTDEX_BASE_URL: app.baseUrl },
    });
    assert.deepEqual(JSON.parse(json.stdout).mcp, profile.mcp, 'CLI --json');

    const page = await (await fetch(`${app.baseUrl}/products/${audited.slug}`, { headers: { accept: 'text/html' } })).text();
    assert.match(page, /id="mcp-tools"/);
    assert.match(page, /&lt;IMPORTANT&gt;/, 'the poisoned text shown escaped');
    assert.ok(!page.includes('<IMPORTANT>'), 'never as markup');
    assert.ok(page.includes(HIDDEN_TEXT.divide.slice(0, 20)), 'the decoded hidden text shown');
    for (const t of profile.mcp!.tools) assert.ok(page.includes(t.name), `the page lists ${t.name}`);
  });

  it('a seeded product never audited has no MCP section', async () => {
    const profile = AuditReportSchema.parse(await jsonOf(await fetch(`${app.baseUrl}/v1/profile/stripe`)));
    assert.equal(profile.mcp, null);
  });
});
