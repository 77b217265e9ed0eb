/**
 * Audit engine benchmark, one command: `npm run bench:audit`.
 * Real Postgres (embedded, throwaway), a real Temporal dev server, the fixture web on loopback (500 typical
 * sites), the API and a worker. Measures, in one run:
 *  - GET /v1/audit end to end through REST and Temporal for a typical fixture site (sequential), keyed;
 *  - the same audit workflow started directly, without HTTP or the metering gate: the gate's overhead;
 *  - an audit of a site whose live MCP server lists 40 tools (each scored and scanned, one read-only call
 *    verified), against the typical site's audit in the same run (issue 38: within 1.5x at p50);
 *  - a sweep of 500 stale fixture domains: audits per second.
 * Writes the figures to its section of bench/RESULTS.md (`audit`, bench/results-file.ts).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { seedRow } from '../src/domain/seed';
import { createLogger } from '../src/logger';
import { configuredOutbound } from '../src/net/configured';
import { startEmbeddedPostgres } from '../src/runtime/embedded-postgres';
import { freePort } from '../src/runtime/free-port';
import { listen } from '../src/runtime/http-server';
import { startTemporalDevServer } from '../src/runtime/temporal-dev-server';
import { auditService } from '../src/services/audit';
import { loadRegistrySeed } from '../src/services/registry-seed';
import { createDb, migrateLatest } from '../src/store/db';
import { upsertSeedRows } from '../src/store/products';
import { createTemporalClient } from '../src/temporal/connection';
import { runWorkflow } from '../src/temporal/run-workflow';
import { WorkflowTypes } from '../src/temporal/workflow-names';
import { startFixtureWeb } from '../test/fixture-web/server';
import { createWorkspace } from '../test/support/workspaces';
import { activityDeps } from '../workers/deps';
import { startWorker } from '../workers/worker';
import { machine, writeSection } from './results-file';
import type { AuditWorkflowResult } from '../workflows/audit';

const SITES = 500;
const LATENCY_RUNS = 60;
const MCP_RUNS = 30;
const log = (m: string) => process.stderr.write(`${m}\n`);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agentdex-bench-audit-'));
  chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false, database: 'agentdex', log });
  const web = await startFixtureWeb({ genericSites: SITES });
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: pg.url,
    OUTBOUND_HOST_MAP: web.hostMapSetting,
    OUTBOUND_ALLOWLIST: web.allowlist.join(','),
    TEMPORAL_TASK_QUEUE: 'bench-audit',
  });
  const dev = await startTemporalDevServer({ port: await freePort(), namespace: 'default', cacheDir: config.cacheDir, cliPath: config.temporal.cliPath, log });
  const db = createDb({ url: pg.url, poolMax: 20 });
  await migrateLatest(db);
  await loadRegistrySeed(db);
  const target = { address: dev.address, namespace: 'default' };
  const worker = await startWorker({ target, taskQueue: 'bench-audit', deps: activityDeps(config, db) });
  const temporal = createTemporalClient(target);
  const deps = {
    config: { ...config, temporal: { ...config.temporal, address: dev.address } },
    db,
    temporal,
    logger: createLogger('silent'),
    outbound: configuredOutbound(config),
  };
  const server = await listen(createApp(deps), '127.0.0.1', 0);
  const base = `http://127.0.0.1:${server.port}`;
  const { key } = await createWorkspace(db, { plan: 'scale' });

  // Warm up: JIT, pools, the workflow cache.
  for (let i = 0; i < 5; i++) await fetch(`${base}/v1/audit?domain=site-${i}.test`, { headers: { 'x-api-key': key } });

  const gated: number[] = [];
  const direct: number[] = [];
  const audits = auditService(deps);
  for (let i = 0; i < LATENCY_RUNS; i++) {
    const domain = `site-${(i % 50) + 5}.test`;
    let t = performance.now();
    const res = await fetch(`${base}/v1/audit?domain=${domain}`, { headers: { 'x-api-key': key } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`audit answered ${res.status}`);
    gated.push(performance.now() - t);
    t = performance.now();
    const outcome = await runWorkflow<AuditWorkflowResult>(temporal.client, WorkflowTypes.audit, {
      workflowId: `bench-direct-${randomUUID()}`,
      taskQueue: 'bench-audit',
      args: [{ domain }],
      waitMs: 60_000,
    });
    if (outcome.status !== 'completed') throw new Error('direct audit did not complete');
    await audits.report(outcome.result);
    direct.push(performance.now() - t);
  }
  log(`audit via REST (keyed, gated): p50 ${pct(gated, 0.5).toFixed(1)} ms, p95 ${pct(gated, 0.95).toFixed(1)} ms`);

  // The same door, a site with a live 40-tool MCP server: its tools listed whole, scored, scanned, one called.
  const forty: number[] = [];
  for (let i = 0; i < MCP_RUNS; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/v1/audit?domain=trust-forty.test`, { headers: { 'x-api-key': key } });
    const body = (await res.json()) as { mcp?: { tools: unknown[]; verifiedCall: { outcome: string } } | null };
    if (res.status !== 200 || body.mcp?.tools.length !== 40 || body.mcp.verifiedCall.outcome !== 'ok')
      throw new Error(`40-tool audit answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    forty.push(performance.now() - t);
  }
  const mcpRatio = pct(forty, 0.5) / pct(gated, 0.5);
  log(`audit of a 40-tool MCP server: p50 ${pct(forty, 0.5).toFixed(1)} ms (${mcpRatio.toFixed(2)}x the typical audit)`);
  log(`same workflow started directly: p50 ${pct(direct, 0.5).toFixed(1)} ms`);

  // Sweep: every fixture site stale, nothing else.
  await db('products').update({ audited_at: db.fn.now() });
  const domains = Array.from({ length: SITES }, (_, i) => `site-${i}.test`);
  await upsertSeedRows(
    db,
    domains.map((domain) =>
      seedRow({
        slug: `bench-${domain.replace('.test', '')}`,
        name: domain,
        domain,
        description: '',
        categories: ['developer-tools'],
        sources: ['bench'],
        facts: { api: false, mcp: false, selfServe: false, openapi: false, cli: false, llmsTxt: false, sdkLanguages: [] },
      }),
    ),
  );
  await db('products')
    .whereIn('domain', domains)
    .update({ audited_at: new Date(Date.now() - 30 * 86_400_000) });
  const started = performance.now();
  const sweep = await runWorkflow<{ considered: number; audited: number; unreachable: number; failed: number }>(temporal.client, WorkflowTypes.sweep, {
    workflowId: `bench-sweep-${randomUUID()}`,
    taskQueue: 'bench-audit',
    args: [{ olderThanHours: 24, limit: SITES, concurrency: config.sweep.concurrency }],
    waitMs: 600_000,
  });
  const seconds = (performance.now() - started) / 1000;
  if (sweep.status !== 'completed') throw new Error('sweep did not complete');
  const rate = sweep.result.audited / seconds;
  log(`sweep: ${JSON.stringify(sweep.result)} in ${seconds.toFixed(1)} s = ${rate.toFixed(1)} audits/s`);

  const added = pct(gated, 0.5) - pct(direct, 0.5);
  const command = `\`npm run bench:audit\` (embedded Postgres, Temporal dev server, fixture web of ${SITES} typical sites on loopback, API and worker in one process; ${LATENCY_RUNS} sequential audits per path; sweep concurrency ${config.sweep.concurrency}).`;
  // Each measure with its figure and, where it has one, its target: the table and the section's targets.
  const measures: Array<[measure: string, figure: string, target: string, met: boolean | null]> = [
    ['GET /v1/audit end to end (REST + gate + Temporal), p50', `${pct(gated, 0.5).toFixed(1)} ms`, '<= 400 ms', pct(gated, 0.5) <= 400],
    ['GET /v1/audit end to end, p95', `${pct(gated, 0.95).toFixed(1)} ms`, '', null],
    [
      'GET /v1/audit of a site with a live 40-tool MCP server (tools scored and scanned, one read-only call verified), p50, as a ratio to the typical audit above',
      `${pct(forty, 0.5).toFixed(1)} ms = ${mcpRatio.toFixed(2)}x (p95 ${pct(forty, 0.95).toFixed(1)} ms; ${MCP_RUNS} runs)`,
      '<= 1.5x',
      mcpRatio <= 1.5,
    ],
    ['same audit workflow started directly (no HTTP, no gate), p50', `${pct(direct, 0.5).toFixed(1)} ms`, '', null],
    ['added by HTTP + key lookup + metering gate + idempotency-free path, p50', `${added.toFixed(1)} ms`, '<= 5 ms', added <= 5],
    [
      `sweep of ${SITES} stale fixture domains`,
      `${rate.toFixed(1)} audits/s (${seconds.toFixed(1)} s; ${sweep.result.audited} audited, ${sweep.result.failed} failed)`,
      '>= 10 audits/s',
      rate >= 10,
    ],
  ];
  const body = [
    '| measure | figure | target | met |',
    '|---|---|---|---|',
    ...measures.map(([measure, figure, target, met]) => `| ${measure} | ${figure} | ${met === null ? '| |' : `${target} | ${met ? 'yes' : '**no**'} |`}`),
    '',
  ];
  writeSection({
    id: 'audit',
    title: 'Audit engine',
    command,
    body: body.join('\n'),
    targets: measures.filter(([, , , met]) => met !== null).map(([measure, figure, target, met]) => ({ target: `${measure} ${target}`, figure, met })),
  });
  log(['', `## Audit engine — ${new Date().toISOString().slice(0, 10)}`, '', `Machine: ${machine()}.`, `Command: ${command}`, '', ...body].join('\n'));

  await server.close();
  await worker.stop();
  await temporal.connection.close();
  await db.destroy();
  await dev.stop();
  await web.close();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
