/**
 * Web page speed at 100k products. One command: `npm run bench:pages`. The same database and server as
 * `bench:registry` (the seed plus 100,000 synthetic products; BENCH_DATA_DIR keeps a filled cluster), the
 * product page against the JSON profile route it mirrors, each measured cached (a set of 200 slugs
 * revisited) and uncached (every request a product not asked for before), plus a 304 revalidation.
 * Target (issue 15): a product page renders in under 10 ms at p95; the ratio to the JSON profile is recorded.
 * Writes its section of bench/RESULTS.md (`pages`, bench/results-file.ts).
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import type autocannon from 'autocannon';
import { freePort } from '../src/runtime/free-port';
import { openBenchDatabase } from './database';
import { drive, type Figures } from './drive';
import { machine, writeSection } from './results-file';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const log = (m: string) => process.stderr.write(`${m}\n`);

async function main() {
  const { url, db, close } = await openBenchDatabase(PRODUCTS, log);
  const [{ total }] = await db('products').count<{ total: number }[]>('* as total');
  const apiPort = await freePort();
  const server = fork(path.resolve(__dirname, 'server.js'), [], {
    env: { ...process.env, BENCH_DATABASE_URL: url, API_PORT: String(apiPort), BARE_PORT: String(await freePort()) },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('message', () => resolve());
    server.once('exit', (code) => reject(new Error(`bench server exited ${code}`)));
  });
  const api = `http://127.0.0.1:${apiPort}`;
  const hot: string[] = await db('products').orderBy('slug').limit(200).pluck('slug');
  // Enough distinct slugs that no request within a run repeats one (a few thousand requests per second).
  const cold: string[] = await db('products').orderByRaw('md5(slug)').limit(120_000).pluck('slug');
  const html = { accept: 'text/html' };

  const everyRequestNew = (prefix: string, headers: Record<string, string> = {}) => {
    let n = 0;
    return [
      { method: 'GET' as const, path: '/', headers, setupRequest: (req: autocannon.Request) => ({ ...req, path: `${prefix}${cold[n++ % cold.length]}` }) },
    ];
  };
  const figures: Figures[] = [];
  // Interleaved pairs: on a shared machine the load drifts, so each page figure sits next to its JSON twin.
  figures.push(
    await drive(
      'GET /v1/profile/{slug} (200 slugs revisited)',
      api,
      hot.map((s) => ({ method: 'GET' as const, path: `/v1/profile/${s}` })),
    ),
  );
  figures.push(
    await drive(
      'GET /products/{slug} (200 slugs revisited)',
      api,
      hot.map((s) => ({ method: 'GET' as const, path: `/products/${s}`, headers: html })),
    ),
  );
  figures.push(await drive('GET /v1/profile/{slug} (every product new)', api, everyRequestNew('/v1/profile/')));
  figures.push(await drive('GET /products/{slug} (every product new)', api, everyRequestNew('/products/', html)));
  const etagOf = async (slug: string) => (await fetch(`${api}/products/${slug}`, { headers: html })).headers.get('etag') ?? '';
  const etags = await Promise.all(hot.slice(0, 50).map(async (s) => ({ s, e: await etagOf(s) })));
  figures.push(
    await drive(
      'GET /products/{slug} with If-None-Match (304)',
      api,
      etags.map(({ s, e }) => ({ method: 'GET' as const, path: `/products/${s}`, headers: { ...html, 'if-none-match': e } })),
      (status) => status === 304,
    ),
  );
  server.kill('SIGTERM');

  const [jsonHot, pageHot, jsonCold, pageCold, revalidate] = figures;
  const ratio = (a: Figures, b: Figures) => (a.p95 / b.p95).toFixed(2);
  const targets = [
    { target: 'product page p95 < 10 ms (every product new)', met: pageCold.p95 < 10, measured: `${pageCold.p95.toFixed(2)} ms` },
    { target: 'product page p95 < 10 ms (revisited)', met: pageHot.p95 < 10, measured: `${pageHot.p95.toFixed(2)} ms` },
  ];
  const command = `\`npm run bench:pages\` (${total} products; autocannon, 10 connections, ${DURATION_S} s per route after a 2 s warm-up; server and load generator share the machine).`;
  const body = [
    '| route | req/s | p50 ms | p95 ms | p99 ms | errors |',
    '|---|---|---|---|---|---|',
    ...figures.map((f) => `| ${f.name} | ${f.rps} | ${f.p50.toFixed(2)} | ${f.p95.toFixed(2)} | ${f.p99.toFixed(2)} | ${f.errors} |`),
    '',
    `Product page p95 over the JSON profile's p95: ${ratio(pageCold, jsonCold)}x uncached, ${ratio(pageHot, jsonHot)}x revisited; a 304 revalidation p95 ${revalidate.p95.toFixed(2)} ms.`,
    '',
    '| target | met | measured |',
    '|---|---|---|',
    ...targets.map((t) => `| ${t.target} | ${t.met ? 'yes' : '**no**'} | ${t.measured} |`),
    '',
  ].join('\n');
  writeSection({ id: 'pages', title: 'Web pages', command, body, targets: targets.map((t) => ({ target: t.target, figure: t.measured, met: t.met })) });
  process.stdout.write(
    ['', `## Web pages — ${new Date().toISOString().slice(0, 10)}`, '', `Machine: ${machine()}.`, `Command: ${command}`, '', body].join('\n'),
  );
  await close();
}

main().catch((err) => {
  log(String(err?.stack ?? err));
  process.exit(1);
});
