/**
 * `npm run quality:company`: crawls the fixture company sites (test/fixture-web/companies) through the real
 * crawler into a throwaway embedded Postgres (or QUALITY_DATABASE_URL), then prints pricing plan accuracy,
 * company facts accuracy, research answer correctness and citation precision against company-truth.json.
 * `--verbose` lists every miss; `--truth company-holdout.json` grades another truth file in test/quality/.
 */
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRenderer } from '../../activities/audit/render';
import { loadConfig } from '../../src/config';
import { configuredOutbound } from '../../src/net/configured';
import { startEmbeddedPostgres } from '../../src/runtime/embedded-postgres';
import { freePort } from '../../src/runtime/free-port';
import { createDb, migrateLatest } from '../../src/store/db';
import { startFixtureWeb } from '../fixture-web/server';
import { COMPANY_TARGETS, evaluateCompanies } from './company-evaluate';

async function main(): Promise<void> {
  const log = (m: string) => process.stderr.write(`${m}\n`);
  let url = process.env.QUALITY_DATABASE_URL;
  let stopPg = async () => {};
  if (!url) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agentdex-quality-'));
    chmodSync(dir, 0o755);
    const pg = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false, database: 'agentdex', log: () => {} });
    url = pg.url;
    stopPg = async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const web = await startFixtureWeb();
  const config = loadConfig({ ...process.env, OUTBOUND_HOST_MAP: web.hostMapSetting, OUTBOUND_ALLOWLIST: web.allowlist.join(',') });
  const outbound = configuredOutbound(config);
  const chromium = config.audit.chromiumPath && existsSync(config.audit.chromiumPath) ? config.audit.chromiumPath : undefined;
  const renderer = chromium ? createRenderer(chromium, outbound.webFetchWith({ robots: true })) : undefined;
  if (!renderer) log('no Chromium: script-only sites are read as their shells');
  const db = createDb({ url, poolMax: 2 });
  try {
    await migrateLatest(db);
    const truthArg = process.argv.indexOf('--truth');
    const r = await evaluateCompanies(db, outbound, { render: renderer?.render, log, truth: truthArg > 0 ? process.argv[truthArg + 1] : undefined });
    if (process.argv.includes('--verbose')) for (const m of r.misses) console.log(`  miss: ${m}`);
    else if (r.misses.length) console.log(`${r.misses.length} misses (--verbose lists them)`);
    const pct = (n: number) => `${(100 * n).toFixed(1)}%`;
    console.log('\nmeasure                 figure   detail');
    console.log(
      `plans exactly right     ${pct(r.plans.accuracy).padStart(6)}   ${r.plans.right} of ${r.plans.truth} plans, ${r.plans.extra} extra (target ${pct(COMPANY_TARGETS.planAccuracy)})`,
    );
    console.log(`pricing model           ${pct(r.models.right / r.models.total).padStart(6)}   ${r.models.right} of ${r.models.total} companies`);
    console.log(`company facts           ${pct(r.facts.accuracy).padStart(6)}   ${r.facts.right} of ${r.facts.total} facts`);
    console.log(`research answers        ${pct(r.research.accuracy).padStart(6)}   ${r.research.right} of ${r.research.total} questions`);
    console.log(`citation precision      ${pct(r.citations.precision).padStart(6)}   ${r.citations.valid} of ${r.citations.total} citations (target 100%)`);
  } finally {
    await renderer?.close();
    await db.destroy();
    await web.close();
    await stopPg();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
