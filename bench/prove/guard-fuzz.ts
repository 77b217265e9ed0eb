import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { loadConfig } from '../../src/config';
import { startEmbeddedPostgres } from '../../src/runtime/embedded-postgres';
import { freePort } from '../../src/runtime/free-port';
import { createDb, migrateLatest } from '../../src/store/db';
import { controlProperty, emptyTally, ENTRY_POINTS, type FuzzTally } from '../../test/net/guard-fuzz/properties';
import { startFuzzWorld } from '../../test/net/guard-fuzz/world';
import type { Proof, ProofRow } from './proof';

/**
 * Guard fuzzing under load: the properties of test/net/guard-fuzz.test.ts with 1000+ generated URLs per entry
 * point (every one a notation of the loopback canary: decimal, octal, hex, short, 0.0.0.0, IPv4-mapped and
 * IPv6 loopback, names resolved or host-mapped to loopback, trailing dots, case, percent-encoding, full-width
 * characters, userinfo, redirect chains, DNS answers that change between lookups). One row per entry point:
 * kept when the canary heard no connection and the allowed fixture site served the entry point's requests.
 * A control row shows the URLs do designate the canary when nothing guards them.
 */
export const guardFuzz: Proof = {
  name: 'guard-fuzz',
  async run(log) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agentdex-prove-guard-fuzz-'));
    chmodSync(dir, 0o755); // as root, Postgres runs as `postgres` and must enter this directory
    const pg = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false, database: 'agentdex', log });
    const db = createDb({ url: pg.url, poolMax: 5 });
    const chromiumPath = loadConfig(process.env).audit.chromiumPath;
    const world = await startFuzzWorld({ chromiumPath: chromiumPath && existsSync(chromiumPath) ? chromiumPath : undefined });
    const rows: ProofRow[] = [];
    try {
      await migrateLatest(db); // the research crawl stores pages; discovery asks which domains are known
      const seed = Date.now() ^ 0x5eed;
      log(`fast-check seed ${seed}, canary on port ${world.ctx.port} (${world.canary.addresses.join(', ')})`);
      for (const entry of ENTRY_POINTS) {
        const started = Date.now();
        const tally = emptyTally();
        const details =
          entry.name.startsWith('browser') && !world.renderer
            ? undefined
            : await fc.check(entry.property(world, db, tally), { numRuns: entry.runs.prove, seed, endOnFailure: true });
        const failure = details?.failed ? fc.defaultReportMessage(details) : details ? undefined : 'no Chromium to drive';
        log(`${entry.name}: ${describe(tally)} in ${((Date.now() - started) / 1000).toFixed(1)} s${failure ? `; FAILED: ${failure}` : ''}`);
        rows.push({
          promise: `guard: no canary hit via ${entry.name}`,
          passed: !failure && tally.canaryHits === 0 && tally.fixtureRequests > 0 && tally.urls > 0,
          figure: failure ? `${describe(tally)}; ${failure.split('\n')[0]}` : describe(tally),
        });
      }
      const control = emptyTally();
      const details = await fc.check(controlProperty(world, control), { numRuns: 2000, seed });
      rows.push({
        promise: 'control: unguarded, every generated URL reaches the canary',
        passed: !details.failed && control.canaryHits === control.urls,
        figure: `${control.canaryHits} of ${control.urls} URLs reached it`,
      });
    } finally {
      await world.close();
      await db.destroy();
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    }
    return rows;
  },
};

const describe = (t: FuzzTally) => `${t.urls} URLs, ${t.canaryHits} canary hits (${t.runs} runs, ${t.fixtureRequests} allowed requests)`;
