import assert from 'node:assert/strict';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { activityDeps } from '../../workers/deps';
import { startWorker, type RunningWorker } from '../../workers/worker';
import { startTestApp, type TestApp } from '../support/app';
import { runCommand } from '../support/command';
import { startStripeMock, type RunningStripeMock } from '../support/stripe-mock';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';

const ROOT = path.resolve(__dirname, '../../..');
const EXAMPLES = process.env.SCHEMATHESIS_MAX_EXAMPLES ?? '25';

/** `st` from SCHEMATHESIS_BIN (what .ci/run installs), else PATH. */
function schemathesis(): string {
  const candidates = [process.env.SCHEMATHESIS_BIN, ...(process.env.PATH ?? '').split(path.delimiter).map((d) => path.join(d, 'st'))];
  for (const c of candidates) {
    if (!c) continue;
    try {
      accessSync(c, constants.X_OK);
      return c;
    } catch {
      // not this one
    }
  }
  throw new Error('Schemathesis is not installed: `pip install schemathesis` (or set SCHEMATHESIS_BIN). .ci/run installs it.');
}

const run = async (args: string[]) => {
  const r = await runCommand(schemathesis(), args, { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.code, output: r.stdout + r.stderr };
};

// Every documented operation fuzzed against the real app with all of Schemathesis' checks: status codes,
// content types and bodies as documented, schema-valid input accepted, schema-invalid input refused,
// undocumented methods 405. schemathesis.toml lists the two state-dependent answers a schema cannot state.
describe('the published contract (Schemathesis, all checks)', function () {
  this.timeout(600_000);
  let worker: RunningWorker;
  let taskQueue: string;
  before(async () => {
    schemathesis();
    // A worker of its own whose live discovery finds nothing: fuzzed `discover: true` calls must not audit
    // the fixture web's discovery sites, which other suites expect to be new to the registry.
    const infra = getInfra();
    taskQueue = `${infra.taskQueue}-contract`;
    const config = loadConfig({ ...process.env, ...infra.outboundEnv, MCP_REGISTRY_URL: 'http://down.test', SEARCH_PROVIDER_URL: '' });
    worker = await startWorker({ target: { address: infra.temporalAddress, namespace: infra.namespace }, taskQueue, deps: activityDeps(config, infra.db) });
  });
  after(async () => {
    await worker?.stop();
  });

  // The contract holds in each configuration a deployment can run in: billing configured (against
  // stripe-mock, so Checkout and the portal are fuzzed through to Stripe) and not configured (they answer
  // 503, as documented), each for a keyed and an anonymous caller. Each caller has an address of its own,
  // so neither its signups nor its trial calls touch other tests' buckets.
  for (const billing of [true, false]) {
    describe(billing ? 'with billing configured' : 'with billing not configured', () => {
      let app: TestApp;
      let stripe: RunningStripeMock | undefined;
      before(async () => {
        stripe = billing ? await startStripeMock() : undefined;
        const stripeEnv: Record<string, string> = stripe
          ? { STRIPE_SECRET_KEY: 'sk_test_contract', STRIPE_API_BASE: stripe.url, STRIPE_PRICE_ID: 'price_usage', STRIPE_WEBHOOK_SECRET: 'whsec_contract' }
          : {};
        app = await startTestApp({}, { TRUST_PROXY: 'true', TEMPORAL_TASK_QUEUE: taskQueue, ...stripeEnv });
      });
      after(async () => {
        await app?.close();
        await stripe?.stop();
      });

      const contract = (headers: string[]) =>
        run([
          '--config-file',
          'schemathesis.toml',
          'run',
          `${app.baseUrl}/openapi.json`,
          '--url',
          app.baseUrl,
          '--checks',
          'all',
          '--max-examples',
          EXAMPLES,
          '--workers',
          '2',
          '--seed',
          '20261123',
          '--no-color',
          ...headers.flatMap((h) => ['-H', h]),
        ]);
      const address = billing ? 1 : 3;

      it('holds for a keyed caller', async () => {
        // Call limits above what two fuzzing workers fire, so each answer is decided by the request.
        const ws = await createWorkspace(getInfra().db, { callLimits: { rate: 1000, burst: 1000, inFlight: 100 } });
        const r = await contract([`x-api-key: ${ws.key}`, `X-Forwarded-For: 203.0.113.${200 + address}`]);
        assert.equal(r.code, 0, r.output.slice(-6000));
        assert.match(r.output, /Tested: \d+/);
      });

      it('holds for an anonymous caller', async () => {
        const r = await contract([`X-Forwarded-For: 203.0.113.${201 + address}`]);
        assert.equal(r.code, 0, r.output.slice(-6000));
        assert.match(r.output, /Tested: \d+/);
      });
    });
  }
});
