/**
 * find-tools and resolve end to end (REST → metering gate → Temporal workflow → activity → Postgres → back)
 * at 100k products. One command: `npm run bench:primitives`. Starts a throwaway embedded Postgres (or
 * BENCH_DATABASE_URL; BENCH_DATA_DIR keeps a filled cluster), loads the seed plus 100,000 synthetic products
 * (tagged with capabilities like the seed), a Temporal dev server, and the API with a worker in a child
 * process. At 1 and then 10 concurrent callers, after a warm-up of each, it runs short slices of three
 * measures: the Temporal floor (a workflow with one no-op local activity, started and awaited as the API
 * does, in this process), find-tools and resolve (autocannon), each slice in an order rotated from the last.
 * The dev server's cost per workflow wanders by half within tens of seconds (bench/experiments/2026-11-22-request-path.md),
 * so measures taken in long phases, always in the same order, compared the floor and the endpoints on
 * different servers; slices of a few seconds in rotating order give each measure the same mix of the
 * server's states. Latencies are pooled over the slices. It reads each measure's CPU per call by process
 * (dev server, Postgres, API+worker, itself), then measures where a call's time goes outside Temporal.
 * Writes its section of bench/RESULTS.md (`primitives`). Env: BENCH_PRODUCTS, BENCH_SLICE (seconds, default 2), BENCH_ROUNDS (slices
 * of each measure, default 15), BENCH_CONNECTIONS, BENCH_CPU_PROFILE.
 * Targets (issue 13), against the floor of the same run: at 10 callers p50 <= 1.3x the floor's p50 and
 * p99 <= 1.5x its p99; at one caller p50 <= the floor's p50 + 5 ms.
 */
import { fork } from 'node:child_process';
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
import { type CpuByGroup, cpuOfTree, cpuSpent } from './process-cpu';
import { machine, writeSection } from './results-file';
import { type FloorWorkflow, startTemporalFloor } from './temporal-floor';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SLICE_S = Number(process.env.BENCH_SLICE ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const WARM_UP_S = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
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
  /** CPU ms spent by each group of processes while this measure ran, and its calls (warm-ups left out). */
  cpu: CpuByGroup;
  /**
   * Postgres transactions committed meanwhile, by any process (a statement outside a transaction is one).
   * Approximate: backends report their counters up to a second late, so a few spill into the next slice.
   */
  commits: number;
  calls: number;
  /** Each slice's own p50, in the order of the rounds. */
  sliceP50s: number[];
}

const newSamples = (): Samples => ({ latencies: [], seconds: 0, errors: 0, cpu: {}, calls: 0, commits: 0, sliceP50s: [] });

/** The value at `p` (0..1) of numbers sorted ascending. */
const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;

/** `connections` autocannon callers on `route` for `seconds`; recorded into `into` unless it is a warm-up. */
async function drive(url: string, key: string, route: string, connections: number, seconds: number, into?: Samples): Promise<void> {
  const requests = TASKS.map((task) => ({
    method: 'POST' as const,
    path: route,
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ task }),
  }));
  const started = Date.now();
  await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, requests }, (err, res) => (err ? reject(err) : resolve(res)));
    instance.on('response', (_c: unknown, status: number, _b: number, ms: number) => {
      if (!into) return;
      into.calls++;
      into.latencies.push(ms);
      if (status !== 200) into.errors++;
    });
  });
  if (into) into.seconds += (Date.now() - started) / 1000;
}

function figuresOf(name: string, connections: number, s: Samples): Figures {
  const sorted = [...s.latencies].sort((a, b) => a - b);
  const pct = (p: number) => quantile(sorted, p / 100);
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
  const measureFloor = async (workflow: FloorWorkflow, connections: number, seconds: number, into?: Samples) => {
    const latencies = await floorRunner.measure(workflow, connections, seconds);
    if (!into) return;
    into.latencies.push(...latencies);
    into.calls += latencies.length;
    into.seconds += seconds;
  };
  // Where each measure's CPU goes, by process: on two shared cores a call's latency under load follows the
  // CPU it costs every process, the dev server's and Postgres's included, not its own process's alone.
  const groupOf = ({ pid, comm }: { pid: number; comm: string }) =>
    pid === process.pid
      ? CPU_GROUPS.bench
      : pid === server.pid
        ? CPU_GROUPS.api
        : comm.startsWith('postgres')
          ? CPU_GROUPS.postgres
          : comm.startsWith('temporal')
            ? CPU_GROUPS.dev
            : undefined;
  const commits = async () => Number((await db.raw('SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()')).rows[0].xact_commit);
  const sliceOf = async (into: Samples, measure: () => Promise<void>) => {
    const [before, committed, from] = [cpuOfTree(process.pid, groupOf), await commits(), into.latencies.length];
    await measure();
    into.sliceP50s.push(
      quantile(
        into.latencies.slice(from).sort((a, b) => a - b),
        0.5,
      ),
    );
    for (const [g, ms] of Object.entries(cpuSpent(before, cpuOfTree(process.pid, groupOf)))) into.cpu[g] = (into.cpu[g] ?? 0) + ms;
    into.commits += (await commits()) - committed - 1; // less the first reading's own transaction
  };
  // One caller first: the latency of a call on an idle machine, the floor the concurrent figures queue above.
  const figures: Figures[] = [];
  const floor: Figures[] = [];
  const cpuRows: string[] = [];
  const spread: string[] = [];
  for (const connections of [1, CONNECTIONS]) {
    const samples = { floor: newSamples(), findTools: newSamples(), resolve: newSamples(), empty: newSamples() };
    const measures: Array<[Samples, (seconds: number, into?: Samples) => Promise<void>]> = [
      [samples.floor, (seconds, into) => measureFloor('oneLocalActivityWorkflow', connections, seconds, into)],
      [samples.findTools, (seconds, into) => drive(api, key.raw, '/v1/find-tools', connections, seconds, into)],
      [samples.resolve, (seconds, into) => drive(api, key.raw, '/v1/resolve', connections, seconds, into)],
    ];
    log(`${connections} caller(s): warm-up...`); // workflow caches, JIT, pools, connections
    await measureFloor('emptyWorkflow', connections, WARM_UP_S);
    await measureFloor('emptyWorkflow', connections, 10, samples.empty);
    for (const [, measure] of measures) await measure(WARM_UP_S);
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 5 === 0) log(`${connections} caller(s), slices ${round + 1}-${Math.min(ROUNDS, round + 5)} of ${ROUNDS}...`);
      for (let i = 0; i < measures.length; i++) {
        const [into, measure] = measures[(round + i) % measures.length];
        await sliceOf(into, () => measure(SLICE_S, into));
      }
    }
    spread.push(
      ...roundByRound(connections, samples.floor, [
        ['POST /v1/find-tools', samples.findTools],
        ['POST /v1/resolve', samples.resolve],
      ]),
    );
    cpuRows.push(
      ...cpuPerCall(connections, [
        ['floor: oneLocalActivityWorkflow', samples.floor],
        ['POST /v1/find-tools', samples.findTools],
        ['POST /v1/resolve', samples.resolve],
      ]),
    );
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
  const command =
    `\`npm run bench:primitives\` (${total} products, ${tags} capability tags; REST → metering gate → Temporal workflow → activity → Postgres; ` +
    `API and worker in one child process, Temporal dev server and Postgres on the same machine; autocannon, 1 and then ${CONNECTIONS} concurrent callers; ` +
    `after a ${WARM_UP_S} s warm-up of each, ${ROUNDS} slices of ${SLICE_S} s of floor, find-tools and resolve, each slice in an order rotated from the last, latencies pooled over the slices; ${TASKS.length} tasks in rotation).`;
  const body = [
    '| endpoint | callers | requests | req/s | p50 ms | p99 ms | non-200 |',
    '|---|---|---|---|---|---|---|',
    ...figures.map((f) => `| ${f.name} | ${f.connections} | ${f.requests} | ${f.rps} | ${f.p50} | ${f.p99} | ${f.errors} |`),
    '',
    `Usage events recorded for the benchmark workspace: ${events} (one per call, warm-up included).`,
    '',
    "Baseline in the same run, same dev server, interleaved with the endpoints slice by slice: workflows that do nothing, started and awaited as the API does (client on the worker's connection, eager start), no HTTP, no Postgres (the empty workflow measured once for 10 s, before the slices).",
    '',
    '| baseline | callers | requests | req/s | p50 ms | p99 ms |',
    '|---|---|---|---|---|---|',
    ...floor.map((f) => `| ${f.name} | ${f.connections} | ${f.requests} | ${f.rps} | ${f.p50} | ${f.p99} |`),
    '',
    ...ratios(figures, floor),
    '',
    ...spread,
    '',
    `CPU per call by process (ms, user + system, from /proc; warm-ups left out; Postgres is every backend of the embedded cluster${process.env.BENCH_DATABASE_URL ? ', not counted here: BENCH_DATABASE_URL is set' : ''}). On two cores the ten-caller latency follows the sum. Transactions per call are approximate: Postgres reports its counters up to a second late, so a few fall into the next slice.`,
    '',
    `| measure | callers | ${Object.values(CPU_GROUPS).join(' | ')} | all | Postgres transactions per call |`,
    `|---|---|${Object.values(CPU_GROUPS)
      .map(() => '---|')
      .join('')}---|---|`,
    ...cpuRows,
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
  writeSection({
    id: 'primitives',
    title: 'find-tools and resolve end to end',
    command,
    body: body.join('\n'),
    targets: checks.map(([target, met, figure]) => ({ target, figure, met })),
  });
  const lines = [
    '',
    `## find-tools and resolve end to end — ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${machine()}.`,
    `Command: ${command}`,
    '',
    ...body,
  ];
  log(lines.join('\n'));
  for (const stop of stops) await stop();
  await close();
}

const CPU_GROUPS = { dev: 'Temporal dev server', postgres: 'Postgres', api: 'API + worker', bench: 'benchmark (autocannon or the floor)' } as const;

function cpuPerCall(connections: number, measures: Array<[string, Samples]>): string[] {
  const ms = (x: number) => (Math.round(x * 100) / 100).toFixed(2);
  return measures.map(([name, s]) => {
    const per = Object.values(CPU_GROUPS).map((g) => (s.cpu[g] ?? 0) / Math.max(1, s.calls));
    return `| ${name} | ${connections} | ${per.map(ms).join(' | ')} | ${ms(per.reduce((a, b) => a + b, 0))} | ${ms(s.commits / Math.max(1, s.calls))} |`;
  });
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
              `${(f.p50 / many.p50).toFixed(3)}x (${f.p50} vs ${many.p50} ms)`,
            ],
            [
              `${f.name} p99 <= 1.5x floor p99 at ${f.connections} callers`,
              f.p99 <= 1.5 * many.p99,
              `${(f.p99 / many.p99).toFixed(3)}x (${f.p99} vs ${many.p99} ms)`,
            ],
          ],
  );
}

/**
 * How steady the comparison is: each round's slice of an endpoint against the floor's slice of the same
 * round (its p50 over the floor's at 10 callers, minus the floor's at one), as the median and middle half
 * of the rounds. The pooled figures above are what the targets read.
 */
function roundByRound(connections: number, floor: Samples, endpoints: Array<[string, Samples]>): string[] {
  const one = connections === 1;
  return endpoints.map(([name, s]) => {
    const per = s.sliceP50s.map((p50, i) => (one ? p50 - floor.sliceP50s[i] : p50 / floor.sliceP50s[i])).sort((a, b) => a - b);
    const show = (x: number) => (one ? `${x >= 0 ? '+' : ''}${x.toFixed(1)} ms` : `${x.toFixed(2)}x`);
    return `${name} at ${connections} caller${one ? '' : 's'}, round by round (${per.length} rounds): median ${show(quantile(per, 0.5))}, middle half ${show(quantile(per, 0.25))} to ${show(quantile(per, 0.75))} against the floor.`;
  });
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
