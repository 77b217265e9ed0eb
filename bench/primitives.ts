/**
 * find-tools and resolve end to end (REST → metering gate → Temporal workflow → activity → Postgres → back)
 * at 100k products. One command: `npm run bench:primitives`. Starts a throwaway embedded Postgres (or
 * BENCH_DATABASE_URL; BENCH_DATA_DIR keeps a filled cluster), loads the seed plus 100,000 synthetic products
 * (tagged with capabilities like the seed), a Temporal dev server, and the API with a worker in a child
 * process. At 1 and then 10 concurrent callers it runs rounds of three measures back to back: the Temporal
 * floor (a workflow with one no-op local activity, started and awaited as the API does, in this process),
 * find-tools and resolve (autocannon). Interleaving keeps a drifting machine (a shared 2-core box, a dev
 * server whose history grows) from favouring either side; latencies are pooled over the rounds. Then it
 * measures where a call's time goes outside Temporal. Appends to bench/RESULTS.md.
 * Targets (issue 13), against the floor of the same run: at 10 callers p50 <= 1.3x the floor's p50 and
 * p99 <= 1.5x its p99; at one caller p50 <= the floor's p50 + 5 ms.
 */
import { fork } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config';
import { mintApiKey } from '../src/domain/api-keys';
import { freePort } from '../src/runtime/free-port';
import { startTemporalDevServer } from '../src/runtime/temporal-dev-server';
import { capabilityVocabulary, tagSeedProducts } from '../src/services/capability-vocabulary';
import { getRegistryState, setRegistryState } from '../src/store/registry-state';
import { setCallLimitOverrides } from '../src/store/call-gates';
import { insertWorkspaceWithKey } from '../src/store/workspaces';
import { openBenchDatabase } from './database';
import { measureBreakdown } from './primitives-breakdown';
import { type FloorWorkflow, startTemporalFloor } from './temporal-floor';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RESULTS = path.resolve(__dirname, '../../bench/RESULTS.md');
const log = (m: string) => process.stderr.write(`${m}\n`);

const TASKS = [
  'send transactional email from a Node app',
  'scrape JS-heavy pages',
  'vector search with an MCP server',
  'charge customers a monthly subscription',
  'transcribe sales calls to text',
  'add user login and signup to a Next.js app',
  'sned emials to users',
  'geocode addresses and show them on an interactive map',
  'track errors and monitor uptime of our API',
  'web search API for my AI agent',
];

interface Figures {
  name: string;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Pooled latencies of one measure over the rounds, and how many seconds they took. */
interface Samples {
  latencies: number[];
  seconds: number;
  errors: number;
}

const newSamples = (): Samples => ({ latencies: [], seconds: 0, errors: 0 });

async function drive(url: string, key: string, route: string, connections: number, into: Samples): Promise<void> {
  const requests = TASKS.map((task) => ({
    method: 'POST' as const,
    path: route,
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ task }),
  }));
  const run = (duration: number, record: boolean) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon({ url, connections, duration, requests }, (err, res) => (err ? reject(err) : resolve(res)));
      instance.on('response', (_c: unknown, status: number, _b: number, ms: number) => {
        if (!record) return;
        into.latencies.push(ms);
        if (status !== 200) into.errors++;
      });
    });
  await run(3, false); // warm-up: workflow caches, JIT, pools
  const started = Date.now();
  await run(DURATION_S, true);
  into.seconds += (Date.now() - started) / 1000;
}

function figuresOf(name: string, connections: number, s: Samples): Figures {
  const sorted = [...s.latencies].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
  const ms = (x: number) => Math.round(x * 10) / 10;
  return { name, connections, requests: sorted.length, rps: Math.round(sorted.length / s.seconds), p50: ms(pct(50)), p99: ms(pct(99)), errors: s.errors };
}

async function main(): Promise<void> {
  const { url, db, close } = await openBenchDatabase(PRODUCTS, log);
  const stops: Array<() => Promise<void>> = [];
  // The synthetic products carry capability tags like seed products do (re-done when the vocabulary changes).
  if ((await getRegistryState(db, 'bench-tags')) !== capabilityVocabulary().version) {
    log('tagging every product with capabilities...');
    await tagSeedProducts(db);
    await setRegistryState(db, 'bench-tags', capabilityVocabulary().version);
  }
  const [{ total }] = await db('products').count<{ total: number }[]>('* as total');
  const [{ tags }] = await db('product_capabilities').count<{ tags: number }[]>('* as tags');

  const base = loadConfig(process.env);
  const dev = await startTemporalDevServer({
    port: await freePort(),
    namespace: base.temporal.namespace,
    cliPath: base.temporal.cliPath,
    cacheDir: base.cacheDir,
    log,
  });
  stops.unshift(() => dev.stop());

  // A workspace whose plan lets every call through (overage on, no card needed): the gate still reserves,
  // the workflow still settles one usage event per call. Its contract's call limits are above what 10
  // callers can fire, so every call still passes through its workspace's limits and none is refused.
  const key = mintApiKey();
  const { workspace, keyId } = await insertWorkspaceWithKey(db, { name: `bench-${Date.now()}`, plan: 'scale' }, { hash: key.hash, prefix: key.prefix });
  await db('workspaces').where({ id: workspace.id }).update({ metered_enabled: true });
  await setCallLimitOverrides(db, workspace.id, { rate: 100_000, burst: 100_000, inFlight: 1_000 });

  const apiPort = await freePort();
  // BENCH_CPU_PROFILE=dir writes a V8 CPU profile of the API+worker process there (to find where time goes).
  const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROFILE)}`] : [];
  const server = fork(path.resolve(__dirname, 'primitives-server.js'), [], {
    execArgv: profile,
    env: { ...process.env, BENCH_DATABASE_URL: url, TEMPORAL_ADDRESS: dev.address, API_PORT: String(apiPort) },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('message', () => resolve());
    server.once('exit', (code) => reject(new Error(`bench server exited ${code}`)));
  });
  const api = `http://127.0.0.1:${apiPort}`;
  const floorRunner = await startTemporalFloor(dev.address, base.temporal.namespace);
  stops.unshift(() => floorRunner.stop());
  const measureFloor = async (workflow: FloorWorkflow, connections: number, into: Samples) => {
    into.latencies.push(...(await floorRunner.measure(workflow, connections, DURATION_S)));
    into.seconds += DURATION_S;
  };
  // One caller first: the latency of a call on an idle machine, the floor the concurrent figures queue above.
  const figures: Figures[] = [];
  const floor: Figures[] = [];
  for (const connections of [1, CONNECTIONS]) {
    const samples = { floor: newSamples(), findTools: newSamples(), resolve: newSamples(), empty: newSamples() };
    await measureFloor('emptyWorkflow', connections, samples.empty);
    for (let round = 1; round <= ROUNDS; round++) {
      log(`${connections} caller(s), round ${round} of ${ROUNDS}...`);
      await measureFloor('oneLocalActivityWorkflow', connections, samples.floor);
      await drive(api, key.raw, '/v1/find-tools', connections, samples.findTools);
      await drive(api, key.raw, '/v1/resolve', connections, samples.resolve);
    }
    floor.push(figuresOf('Temporal floor: emptyWorkflow', connections, samples.empty));
    floor.push(figuresOf('Temporal floor: oneLocalActivityWorkflow', connections, samples.floor));
    figures.push(figuresOf('POST /v1/find-tools', connections, samples.findTools));
    figures.push(figuresOf('POST /v1/resolve', connections, samples.resolve));
  }
  await new Promise((resolve) => {
    server.once('exit', resolve);
    server.kill('SIGTERM');
  });
  const [{ events }] = await db('usage_events').where({ workspace_id: workspace.id }).count<{ events: number }[]>('* as events');
  log('measuring where the time goes...');
  const breakdown = await measureBreakdown(db, { rawKey: key.raw, keyId, workspaceId: workspace.id, tasks: TASKS });

  const checks = targets(figures, floor);
  const lines = [
    '',
    `## find-tools and resolve end to end — ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.`,
    `Command: \`npm run bench:primitives\` (${total} products, ${tags} capability tags; REST → metering gate → Temporal workflow → activity → Postgres; ` +
      `API and worker in one child process, Temporal dev server and Postgres on the same machine; autocannon, 1 and then ${CONNECTIONS} concurrent callers; ` +
      `${ROUNDS} rounds of floor, find-tools, resolve, ${DURATION_S} s each after a 3 s warm-up, latencies pooled over the rounds; ${TASKS.length} tasks in rotation).`,
    '',
    '| endpoint | callers | requests | req/s | p50 ms | p99 ms | non-200 |',
    '|---|---|---|---|---|---|---|',
    ...figures.map((f) => `| ${f.name} | ${f.connections} | ${f.requests} | ${f.rps} | ${f.p50} | ${f.p99} | ${f.errors} |`),
    '',
    `Usage events recorded for the benchmark workspace: ${events} (one per call, warm-up included).`,
    '',
    "Baseline in the same run, same dev server, interleaved with the endpoints: workflows that do nothing, started and awaited as the API does (client on the worker's connection, eager start), no HTTP, no Postgres (the empty workflow measured once before the rounds).",
    '',
    '| baseline | callers | requests | req/s | p50 ms | p99 ms |',
    '|---|---|---|---|---|---|',
    ...floor.map((f) => `| ${f.name} | ${f.connections} | ${f.requests} | ${f.rps} | ${f.p50} | ${f.p99} |`),
    '',
    ...ratios(figures, floor),
    '',
    'Where a call spends its time outside Temporal: each step alone, back to back, after the load (mean of 300 runs).',
    '',
    '| step | mean ms | round trips to Postgres |',
    '|---|---|---|',
    ...breakdown.map((b) => `| ${b.step} | ${b.meanMs} | ${b.roundTrips} |`),
    '',
    '| target | met | measured |',
    '|---|---|---|',
    ...checks.map(([what, ok, measured]) => `| ${what} | ${ok ? 'yes' : '**no**'} | ${measured} |`),
    '',
  ];
  appendFileSync(RESULTS, lines.join('\n'));
  log(lines.join('\n'));
  for (const stop of stops) await stop();
  await close();
}

const floorOf = (floor: Figures[], connections: number) => floor.find((f) => f.connections === connections && f.name.endsWith('oneLocalActivityWorkflow'));

/** Issue 13's targets, each against the one-local-activity floor measured in the same run. */
function targets(figures: Figures[], floor: Figures[]): Array<[string, boolean, string]> {
  const one = floorOf(floor, 1);
  const many = floorOf(floor, CONNECTIONS);
  if (!one || !many) return [];
  return figures.flatMap(
    (f): Array<[string, boolean, string]> =>
      f.connections === 1
        ? [
            [
              `${f.name} p50 <= floor p50 + 5 ms at 1 caller`,
              f.p50 <= one.p50 + 5,
              `${f.p50} ms (floor ${one.p50} ms, +${Math.round((f.p50 - one.p50) * 10) / 10} ms)`,
            ],
          ]
        : [
            [
              `${f.name} p50 <= 1.3x floor p50 at ${f.connections} callers`,
              f.p50 <= 1.3 * many.p50,
              `${(f.p50 / many.p50).toFixed(2)}x (${f.p50} vs ${many.p50} ms)`,
            ],
            [
              `${f.name} p99 <= 1.5x floor p99 at ${f.connections} callers`,
              f.p99 <= 1.5 * many.p99,
              `${(f.p99 / many.p99).toFixed(2)}x (${f.p99} vs ${many.p99} ms)`,
            ],
          ],
  );
}

/** Each endpoint's 10-caller throughput and p50 against the one-local-activity floor. */
function ratios(figures: Figures[], floor: Figures[]): string[] {
  const base = floorOf(floor, CONNECTIONS);
  if (!base) return [];
  return figures
    .filter((f) => f.connections === CONNECTIONS)
    .map(
      (f) =>
        `${f.name} at ${CONNECTIONS} callers: ${(f.rps / base.rps).toFixed(2)}× the floor's req/s, p50 ${(f.p50 / base.p50).toFixed(2)}× the floor's (${f.p50} vs ${base.p50} ms).`,
    );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
