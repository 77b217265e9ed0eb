import assert from 'node:assert/strict';
import { getInfra } from '../support/infra';
import { raceAnonymousTrial, raceLastIncludedCall } from '../support/metering-races';
import { runServiceEnv, type ServiceProcess, startApiProcess } from '../support/service-processes';

// Two API processes (each its own pool, key cache and meter batcher) sharing the run's database; the
// suite's in-process worker runs their workflows. The in-process variant is in gate.test.ts.
describe('trial and quota races across two API processes', function () {
  this.timeout(60_000);
  const apis: ServiceProcess[] = [];
  let baseUrls: string[];

  before(async () => {
    const env = runServiceEnv({ TRUST_PROXY: 'true' });
    apis.push(...(await Promise.all([startApiProcess(env), startApiProcess(env)])));
    baseUrls = apis.map((a) => a.baseUrl);
  });
  after(async () => {
    await Promise.all(apis.map((a) => a.stop()));
  });

  it('admits exactly 8 of 50 simultaneous anonymous calls from one address', async () => {
    const r = await raceAnonymousTrial(baseUrls, '198.51.100.7', 50);
    assert.deepEqual(r.unexpected, []);
    assert.equal(r.admitted, r.quota);
    assert.equal(r.refused, 50 - r.quota);
  });

  it('admits exactly one of 20 simultaneous calls at the last included call, with one usage event', async () => {
    const r = await raceLastIncludedCall(getInfra().db, baseUrls, 20);
    assert.deepEqual(r.unexpected, []);
    assert.equal(r.admitted, 1);
    assert.equal(r.refused, 19);
    assert.equal(r.events, 1);
    assert.deepEqual([r.used, r.reserved], [r.included, 0]);
  });
});
