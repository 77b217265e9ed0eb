import assert from 'node:assert/strict';
import fc from 'fast-check';
import { loadConfig } from '../../src/config';
import { getInfra } from '../support/infra';
import { controlProperty, emptyTally, ENTRY_POINTS } from './guard-fuzz/properties';
import { startFuzzWorld, type FuzzWorld } from './guard-fuzz/world';

// Property-based SSRF fuzzing: URLs in every notation that designates the loopback canary, driven through every
// entry point that fetches (the outbound layer, the audit, the research crawl, how-to sources, discovery and the
// browser). The canary must hear no connection; the hostile fixture site must have served requests (the entry
// point really ran). Bounded runs here; `npm run prove -- guard-fuzz` runs the same properties with 1000+ URLs each.

describe('net guard fuzzing: zero canary hits from any entry point', function () {
  this.timeout(120_000);
  let world: FuzzWorld;

  before(async () => {
    world = await startFuzzWorld({ chromiumPath: loadConfig(process.env).audit.chromiumPath });
  });
  after(async () => {
    await world?.close();
  });

  for (const entry of ENTRY_POINTS) {
    it(entry.name, async () => {
      const browser = entry.name.startsWith('browser');
      if (browser) assert.ok(world.renderer, 'Chromium is required (CHROMIUM_PATH or /usr/bin/chromium): the browser is an entry point to fuzz');
      const tally = emptyTally();
      // A render takes seconds: the browser's failure is reported as found, not shrunk past the test's timeout.
      await fc.assert(entry.property(world, getInfra().db, tally), { numRuns: entry.runs.test, endOnFailure: browser });
      assert.equal(tally.canaryHits, 0);
      assert.ok(tally.urls >= entry.runs.test, 'every run drove at least one canary URL');
    });
  }

  // The control that makes the zeros above mean something: every generated URL does designate the canary.
  it('control: without the guard, every generated URL reaches the canary', async () => {
    const tally = emptyTally();
    await fc.assert(controlProperty(world, tally), { numRuns: 200 });
    assert.equal(tally.canaryHits, 200);
  });
});
