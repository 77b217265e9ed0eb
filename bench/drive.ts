import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
const log = (m: string) => process.stderr.write(`${m}\n`);

export interface Figures {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/** Autocannon at 10 connections after a 2 s warm-up: req/s and latency percentiles of one route (or mix). */
export async function drive(
  name: string,
  url: string,
  requests: autocannon.Request[],
  ok = (status: number) => status >= 200 && status < 300,
): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const run = (duration: number, record: boolean) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon({ url, connections: CONNECTIONS, duration, requests }, (err, res) => (err ? reject(err) : resolve(res)));
      instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
        if (!record) return;
        latencies.push(ms);
        if (!ok(status)) errors++;
      });
    });
  await run(2, false); // warm-up: JIT, connection pools, Postgres caches
  const result = await run(DURATION_S, true);
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  const f = { name, rps: Math.round(result.requests.average), p50: q(0.5), p95: q(0.95), p99: q(0.99), errors };
  log(`${name}: ${f.rps} req/s, p50 ${f.p50.toFixed(2)} ms, p95 ${f.p95.toFixed(2)} ms, p99 ${f.p99.toFixed(2)} ms, errors ${f.errors}`);
  return f;
}
