import assert from 'node:assert/strict';
import fc from 'fast-check';
import { loadConfig } from '../../src/config';
import { getInfra } from '../support/infra';
import { canarySite, canaryUrl } from './guard-fuzz/notations';
import {
  driveAudit,
  driveBrowser,
  driveDiscovery,
  driveHowTo,
  driveOutbound,
  driveResearch,
  startFuzzWorld,
  unguardedConnect,
  type DriveStats,
  type FuzzWorld,
} from './guard-fuzz/world';
import { rebindingSchedule } from './guard-fuzz/rebinding';

// Property-based SSRF fuzzing: URLs in every notation that designates the loopback canary, driven through every
// entry point that fetches (the outbound layer, the audit, the research crawl, how-to sources, discovery and the
// browser). The canary must count zero connections; the hostile fixture site must have served requests (the entry
// point really ran). Bounded runs here; `npm run prove -- guard-fuzz` runs the same properties 1000+ times.

describe('net guard fuzzing: zero canary hits from any entry point', function () {
  this.timeout(120_000);
  let world: FuzzWorld;

  before(async () => {
    world = await startFuzzWorld({ chromiumPath: loadConfig(process.env).audit.chromiumPath });
  });
  after(async () => {
    await world?.close();
  });

  const urls = () => fc.array(canaryUrl(world.ctx), { minLength: 1, maxLength: 6 }).map((us) => us.map((u) => u.url));
  const sites = () => fc.array(canarySite(world.ctx), { minLength: 1, maxLength: 2 });

  async function noHits(drive: () => Promise<DriveStats>): Promise<void> {
    const before = world.canary.hits();
    const stats = await drive();
    assert.equal(world.canary.hits() - before, 0, `the canary was reached: ${world.canary.seen.join('; ')}`);
    assert.ok(stats.fixtureRequests > 0, 'the allowed fixture site served nothing: the entry point did not run');
  }

  it('the outbound layer (fetch, webFetch, fetchSite, preflight, redirect chains)', async () => {
    await fc.assert(
      fc.asyncProperty(urls(), sites(), (u, s) => noHits(() => driveOutbound(world, u, s))),
      { numRuns: 40 },
    );
  });

  it('the audit (links, llms.txt, sitemaps, Link headers, redirects; canary hosts as the audited domain)', async () => {
    await fc.assert(
      fc.asyncProperty(urls(), sites(), (u, s) => noHits(() => driveAudit(world, u, s))),
      { numRuns: 8 },
    );
  });

  it('the company research crawl', async () => {
    await fc.assert(
      fc.asyncProperty(urls(), sites(), (u, s) => noHits(() => driveResearch(world, getInfra().db, u, s))),
      { numRuns: 5 },
    );
  });

  it('how-to sources (llms.txt links, docs pages, package registry)', async () => {
    await fc.assert(
      fc.asyncProperty(urls(), sites(), (u, s) => noHits(() => driveHowTo(world, u, s))),
      { numRuns: 8 },
    );
  });

  it('discovery (MCP registry and search answers) and the audits of its candidates', async () => {
    await fc.assert(
      fc.asyncProperty(urls(), (u) => noHits(() => driveDiscovery(world, getInfra().db, u))),
      { numRuns: 5 },
    );
  });

  it('the browser (Chromium render: scripts, frames, images, fetch, beacons, sockets, preconnects)', async () => {
    assert.ok(world.renderer, 'Chromium is required (CHROMIUM_PATH or /usr/bin/chromium): the browser is an entry point to fuzz');
    const many = fc.array(canaryUrl(world.ctx), { minLength: 8, maxLength: 16 }).map((us) => us.map((u) => u.url));
    await fc.assert(
      fc.asyncProperty(many, (u) => noHits(() => driveBrowser(world, u))),
      { numRuns: 3 },
    );
  });

  it('DNS answers that change between lookups (public for the preflight, then loopback, mixed, mapped)', async () => {
    await fc.assert(
      fc.asyncProperty(rebindingSchedule(world.ctx), async (schedule) => {
        const name = world.rebindingName((n) => schedule[(n - 2) % schedule.length]);
        const outbound = world.outbound();
        await outbound.preflight(name); // the first answer is public: the API would accept this domain
        const target = `http://${name}:${world.ctx.port}/`;
        await noHits(() => driveOutbound(world, [target], [`${name}:${world.ctx.port}`]));
        await noHits(() => driveAudit(world, [target], [`${name.toUpperCase()}.:${world.ctx.port}`]));
      }),
      { numRuns: 15 },
    );
  });

  // The control that makes the zero above mean something: every generated URL does designate the canary.
  it('control: without the guard, every generated URL reaches the canary', async () => {
    await fc.assert(
      fc.asyncProperty(canaryUrl(world.ctx), async ({ url }) => {
        const before = world.canary.hits();
        assert.ok(await unguardedConnect(world, url), `${JSON.stringify(url)} does not designate the canary`);
        await new Promise((r) => setTimeout(r, 5));
        assert.equal(world.canary.hits() - before, 1, `${JSON.stringify(url)} did not register at the canary`);
      }),
      { numRuns: 200 },
    );
  });
});
