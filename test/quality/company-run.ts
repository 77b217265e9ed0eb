/**
 * `npm run quality:company`: crawls the fixture company sites (test/fixture-web/companies) through the real
 * crawler into a throwaway embedded Postgres (or QUALITY_DATABASE_URL), then prints pricing plan accuracy,
 * company facts accuracy, research answer correctness and citation precision against company-truth.json.
 * Then it grades the blind holdout (company-holdout.json) the same way and rewrites its section of bench/RESULTS.md
 * (`quality-company`) with both. `--verbose` lists every miss; `--truth company-holdout.json` grades that truth
 * file in test/quality/ alone, and leaves bench/RESULTS.md as it is (the section holds both files).
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
import { type Target, writeSection } from '../../bench/results-file';
import { COMPANY_TARGETS, type CompanyQualityReport, evaluateCompanies } from './company-evaluate';

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
    // Without --truth: the tuned set (company-truth.json, the default), then the blind holdout.
    const files = truthArg > 0 ? [process.argv[truthArg + 1]] : [undefined, HOLDOUT];
    const graded: Array<{ file: string | undefined; r: CompanyQualityReport; table: string[] }> = [];
    for (const [i, file] of files.entries()) {
      if (i) console.log(`\nblind holdout (${file})`);
      const r = await evaluateCompanies(db, outbound, { render: renderer?.render, log, truth: file });
      if (process.argv.includes('--verbose')) for (const m of r.misses) console.log(`  miss: ${m}`);
      else if (r.misses.length) console.log(`${r.misses.length} misses (--verbose lists them)`);
      const table = measures(r);
      console.log(`\n${table.join('\n')}`);
      graded.push({ file, r, table });
    }
    if (truthArg < 0) {
      const [tuned, holdout] = graded;
      writeSection({
        id: 'quality-company',
        title: 'Company intelligence quality',
        command: `\`${commandRun()}\` (${chromium ? 'Chromium for the script-only sites' : 'no Chromium: script-only sites read as their shells'}; ${process.env.QUALITY_DATABASE_URL ? 'QUALITY_DATABASE_URL' : 'a throwaway embedded Postgres'}).`,
        body: [
          'Every company crawled through the real crawler (guarded outbound layer, robots.txt, the browser for script-only',
          'pages) into the database, then graded.',
          '',
          `Tuned set (\`test/quality/company-truth.json\`, the extractors were tuned on it): ${counts(tuned.r)}.`,
          '',
          '```',
          ...tuned.table,
          '```',
          '',
          `Blind holdout (\`test/quality/${HOLDOUT}\`, written after the tuning): ${counts(holdout.r)}.`,
          '',
          '```',
          ...holdout.table,
          '```',
        ].join('\n'),
        targets: [...targets(tuned.r, 'tuned set'), ...targets(holdout.r, 'blind holdout')],
      });
    }
  } finally {
    await renderer?.close();
    await db.destroy();
    await web.close();
    await stopPg();
  }
}

const HOLDOUT = 'company-holdout.json';
const pct = (n: number) => `${(100 * n).toFixed(1)}%`;

/** The table the run prints for one truth file, line by line. */
function measures(r: CompanyQualityReport): string[] {
  return [
    'measure                 figure   detail',
    `plans exactly right     ${pct(r.plans.accuracy).padStart(6)}   ${r.plans.right} of ${r.plans.truth} plans, ${r.plans.extra} extra (target ${pct(COMPANY_TARGETS.planAccuracy)})`,
    `pricing model           ${pct(r.models.right / r.models.total).padStart(6)}   ${r.models.right} of ${r.models.total} companies`,
    `company facts           ${pct(r.facts.accuracy).padStart(6)}   ${r.facts.right} of ${r.facts.total} facts`,
    `research answers        ${pct(r.research.accuracy).padStart(6)}   ${r.research.right} of ${r.research.total} questions`,
    `citation precision      ${pct(r.citations.precision).padStart(6)}   ${r.citations.valid} of ${r.citations.total} citations (target 100%)`,
  ];
}

const counts = (r: CompanyQualityReport) =>
  `${r.models.total} companies, ${r.plans.truth} plans, ${r.facts.total} facts, ${r.research.total} research questions`;

/** The section's targets for one truth file (COMPANY_TARGETS). */
function targets(r: CompanyQualityReport, set: string): Target[] {
  return [
    {
      target: `plans exactly right >= ${COMPANY_TARGETS.planAccuracy * 100}%, ${set}`,
      figure: `${pct(r.plans.accuracy)} (${r.plans.right} of ${r.plans.truth} plans, ${r.plans.extra} extra)`,
      met: r.plans.accuracy >= COMPANY_TARGETS.planAccuracy,
    },
    {
      target: `citation precision ${COMPANY_TARGETS.citationPrecision * 100}%, ${set}`,
      figure: `${pct(r.citations.precision)} (${r.citations.valid} of ${r.citations.total} citations)`,
      met: r.citations.precision >= COMPANY_TARGETS.citationPrecision,
    },
  ];
}

/** The command as it was run: `npm run quality:company`, or the script itself, with its arguments. */
function commandRun(): string {
  const args = process.argv.slice(2).join(' ');
  if (process.env.npm_lifecycle_event === 'quality:company') return `npm run quality:company${args ? ` -- ${args}` : ''}`;
  return `node ${path.relative(process.cwd(), process.argv[1] ?? 'dist/test/quality/company-run.js')}${args ? ` ${args}` : ''}`;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
