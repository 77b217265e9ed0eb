/**
 * Research end to end, one command: `npm run bench:research`. Real Postgres (embedded, throwaway), a real
 * Temporal dev server, the fixture company sites on loopback, the API and a worker in this process (as
 * `npm start` runs them), the system Chromium for script-only sites. POST /v1/research, keyed, sequential:
 *  - fresh: a question about a company whose pages are not stored yet (crawl, retrieve, answer, cite);
 *  - reused pages: a new question about a company crawled moments ago (retrieve, answer, cite);
 *  - cached: a question asked before (the 7-day answer cache).
 * p50 and p95 of each; writes the figures to its section of bench/RESULTS.md (`research`, bench/results-file.ts).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { configuredOutbound } from '../src/net/configured';
import { startEmbeddedPostgres } from '../src/runtime/embedded-postgres';
import { freePort } from '../src/runtime/free-port';
import { listen } from '../src/runtime/http-server';
import { startTemporalDevServer } from '../src/runtime/temporal-dev-server';
import { loadRegistrySeed } from '../src/services/registry-seed';
import { createDb, migrateLatest } from '../src/store/db';
import { clientOnWorkerConnection } from '../src/temporal/connection';
import { startFixtureWeb } from '../test/fixture-web/server';
import { companyTruth } from '../test/quality/company-evaluate';
import { createWorkspace } from '../test/support/workspaces';
import { activityDeps } from '../workers/deps';
import { startWorker } from '../workers/worker';
import { machine, writeSection } from './results-file';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const log = (m: string) => process.stderr.write(`${m}\n`);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agentdex-bench-research-'));
  chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false, database: 'agentdex', log });
  const web = await startFixtureWeb();
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: pg.url,
    OUTBOUND_HOST_MAP: web.hostMapSetting,
    OUTBOUND_ALLOWLIST: web.allowlist.join(','),
    TEMPORAL_TASK_QUEUE: 'bench-research',
  });
  const dev = await startTemporalDevServer({ port: await freePort(), namespace: 'default', cacheDir: config.cacheDir, cliPath: config.temporal.cliPath, log });
  const db = createDb({ url: pg.url, poolMax: 20 });
  await migrateLatest(db);
  await loadRegistrySeed(db);
  const worker = await startWorker({ target: { address: dev.address, namespace: 'default' }, taskQueue: 'bench-research', deps: activityDeps(config, db) });
  const temporal = clientOnWorkerConnection(worker.connection, 'default');
  const server = await listen(createApp({ config, db, temporal, logger: createLogger('silent'), outbound: configuredOutbound(config) }), '127.0.0.1', 0);
  const base = `http://127.0.0.1:${server.port}`;
  const { key } = await createWorkspace(db, { plan: 'scale' });

  const ask = async (domain: string, question: string) => {
    const t = performance.now();
    const res = await fetch(`${base}/v1/research`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ domain, question }),
    });
    if (res.status !== 200) throw new Error(`${domain}: ${res.status} ${await res.text()}`);
    await res.json();
    return performance.now() - t;
  };

  try {
    const questions = companyTruth().questions;
    const fresh: number[] = [];
    const reused: number[] = [];
    const cached: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Each round starts from no stored pages, so the first question per company crawls.
      await db('research_cache').del();
      await db('company_crawls').del();
      const seen = new Set<string>();
      for (const q of questions) {
        (seen.has(q.domain) ? reused : fresh).push(await ask(q.domain, q.question));
        seen.add(q.domain);
      }
      for (const q of questions) cached.push(await ask(q.domain, q.question));
      log(`round ${round + 1}: ${fresh.length} fresh, ${reused.length} on reused pages, ${cached.length} cached`);
    }
    const ms = (x: number) => Math.round(x);
    const rows = [
      ['fresh pages (crawl, retrieve, answer, cite)', fresh],
      ['reused pages (retrieve, answer, cite)', reused],
      ['cached answer', cached],
    ] as const;
    const table = rows.map(([name, xs]) => `| ${name} | ${xs.length} | ${ms(pct(xs, 0.5))} | ${ms(pct(xs, 0.95))} |`).join('\n');
    const body = [
      `POST /v1/research through REST, the metering gate and Temporal; ${questions.length} questions about ${new Set(questions.map((q) => q.domain)).size} fixture companies, ${ROUNDS} rounds, sequential.`,
      '',
      '| answer from | calls | p50 ms | p95 ms |',
      '|---|---|---|---|',
      table,
      '',
    ].join('\n');
    // No targets yet: each path's p50 and p95 recorded as figures.
    const targets = rows.map(([name, xs]) => ({ target: `${name}, p50 / p95`, figure: `${ms(pct(xs, 0.5))} / ${ms(pct(xs, 0.95))} ms`, met: null }));
    console.log(
      ['', `## Research end to end (${new Date().toISOString().slice(0, 10)})`, '', `Machine: ${machine()}. Command: \`npm run bench:research\`.`, body].join(
        '\n',
      ),
    );
    writeSection({ id: 'research', title: 'Research end to end', command: '`npm run bench:research`.', body, targets });
  } finally {
    await server.close();
    await worker.stop();
    await db.destroy();
    await dev.stop();
    await web.close();
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
