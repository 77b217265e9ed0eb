import fc from 'fast-check';
import type { Db } from '../../../src/store/db';
import { canarySite, canaryUrl } from './notations';
import { rebindingSchedule } from './rebinding';
import {
  driveAudit,
  driveBrowser,
  driveDiscovery,
  driveHowTo,
  driveMcpCall,
  driveOutbound,
  driveResearch,
  driveWebhookDelivery,
  driveWebhookRedirect,
  unguardedConnect,
  type DriveStats,
  type FuzzWorld,
} from './world';

/**
 * The guard-fuzz properties, shared by the test (bounded runs, CI) and the proof (1000+ URLs per entry point).
 * Each property drives one entry point with generated canary URLs and fails when the canary heard a connection
 * or when the allowed fixture site served nothing (the entry point did not really run).
 */
export interface FuzzTally {
  runs: number;
  urls: number;
  canaryHits: number;
  fixtureRequests: number;
  blocked: number;
}

export interface EntryPoint {
  name: string;
  /** Property runs in the normal test suite and in the proof. */
  runs: { test: number; prove: number };
  property(world: FuzzWorld, db: Db, tally: FuzzTally): fc.IAsyncPropertyWithHooks<unknown[]>;
}

const urlsOf = (world: FuzzWorld, min: number, max: number) =>
  fc.array(canaryUrl(world.ctx), { minLength: min, maxLength: max }).map((us) => us.map((u) => u.url));
const sitesOf = (world: FuzzWorld) => fc.array(canarySite(world.ctx), { minLength: 1, maxLength: 2 });

/** Runs a drive, counts it, and throws when the canary was reached or nothing allowed was fetched. */
async function noHits(world: FuzzWorld, tally: FuzzTally, urls: number, drive: () => Promise<DriveStats>): Promise<void> {
  const before = world.canary.hits();
  const seen = world.canary.seen.length;
  const stats = await drive();
  const hits = world.canary.hits() - before;
  tally.runs += 1;
  tally.urls += urls;
  tally.canaryHits += hits;
  tally.fixtureRequests += stats.fixtureRequests;
  tally.blocked += stats.blocked;
  if (hits > 0) throw new Error(`the canary was reached ${hits} time(s): ${world.canary.seen.slice(seen).join('; ')}`);
  if (stats.fixtureRequests === 0) throw new Error('the allowed fixture site served nothing: the entry point did not run');
}

type Drive = (world: FuzzWorld, db: Db, urls: string[], sites: string[]) => Promise<DriveStats>;
const withSites = (name: string, runs: EntryPoint['runs'], drive: Drive): EntryPoint => ({
  name,
  runs,
  property: (world, db, tally) =>
    fc.asyncProperty(urlsOf(world, 1, 6), sitesOf(world), (urls, sites) =>
      noHits(world, tally, urls.length + sites.length, () => drive(world, db, urls, sites)),
    ),
});

export const ENTRY_POINTS: EntryPoint[] = [
  withSites('outbound layer (fetch, webFetch, fetchSite, preflight, redirect chains)', { test: 40, prove: 300 }, (w, _db, u, s) => driveOutbound(w, u, s)),
  withSites('audit (links, llms.txt, sitemaps, Link headers, redirects; canary as the domain)', { test: 8, prove: 250 }, (w, _db, u, s) => driveAudit(w, u, s)),
  withSites('company research crawl', { test: 5, prove: 250 }, (w, db, u, s) => driveResearch(w, db, u, s)),
  withSites('how-to sources (llms.txt links, docs, package registry)', { test: 8, prove: 250 }, (w, _db, u, s) => driveHowTo(w, u, s)),
  {
    name: "MCP verified call (a read-only tool's defaults, examples and $refs are canary URLs; tools/call redirects to the canary)",
    runs: { test: 8, prove: 250 },
    property: (world, _db, tally) => fc.asyncProperty(urlsOf(world, 6, 8), (urls) => noHits(world, tally, urls.length, () => driveMcpCall(world, urls))),
  },
  {
    name: 'webhook delivery (endpoint URLs are canary notations)',
    runs: { test: 8, prove: 250 },
    property: (world, db, tally) =>
      fc.asyncProperty(urlsOf(world, 4, 8), (urls) => noHits(world, tally, urls.length, () => driveWebhookDelivery(world, db, urls))),
  },
  {
    name: 'webhook delivery redirect (an allowed receiver answers 307/308 to the canary)',
    runs: { test: 8, prove: 250 },
    property: (world, db, tally) =>
      fc.asyncProperty(urlsOf(world, 4, 8), (urls) => noHits(world, tally, urls.length, () => driveWebhookRedirect(world, db, urls))),
  },
  {
    name: 'discovery (MCP registry, search) and the audits of its candidates',
    runs: { test: 5, prove: 300 },
    property: (world, db, tally) => fc.asyncProperty(urlsOf(world, 1, 6), (urls) => noHits(world, tally, urls.length, () => driveDiscovery(world, db, urls))),
  },
  {
    name: 'browser (Chromium render: frames, scripts, images, fetch, beacons, sockets, preconnects)',
    runs: { test: 3, prove: 90 },
    property: (world, _db, tally) => fc.asyncProperty(urlsOf(world, 8, 16), (urls) => noHits(world, tally, urls.length, () => driveBrowser(world, urls))),
  },
  {
    name: 'DNS answers changing between lookups (public at preflight, then loopback, mixed, mapped)',
    runs: { test: 10, prove: 250 },
    property: (world, _db, tally) =>
      fc.asyncProperty(rebindingSchedule(world.ctx), async (schedule) => {
        const name = world.rebindingName((n) => schedule[(n - 2) % schedule.length]);
        // The first answer is public: the API's preflight accepts the domain, as an attacker's would be.
        await world.outbound().preflight(name);
        const target = `http://${name}:${world.ctx.port}/`;
        await noHits(world, tally, 2, () => driveOutbound(world, [target], [`${name}:${world.ctx.port}`]));
        await noHits(world, tally, 2, () => driveAudit(world, [target], [`${name.toUpperCase()}.:${world.ctx.port}`]));
      }),
  },
];

/** Every generated URL does designate the canary: an unguarded connection to it is heard there. */
export const controlProperty = (world: FuzzWorld, tally: FuzzTally) =>
  fc.asyncProperty(canaryUrl(world.ctx), async ({ url }) => {
    tally.runs += 1;
    tally.urls += 1;
    if (!(await unguardedConnect(world, url))) throw new Error(`${JSON.stringify(url)} does not designate the canary`);
    tally.canaryHits += 1;
  });

export const emptyTally = (): FuzzTally => ({ runs: 0, urls: 0, canaryHits: 0, fixtureRequests: 0, blocked: 0 });
