import Koa from 'koa';
import { configuredOutbound } from '../src/net/configured';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { listen } from '../src/runtime/http-server';
import { createDb } from '../src/store/db';
import { createTemporalClient } from '../src/temporal/connection';
import { startReadLayers } from './read-layers';

/**
 * The benchmark's server process: the real Agentdex app (registry reads need no Temporal; its lazy client
 * never connects) and, beside it in the same process, a bare Koa route returning a small JSON object,
 * the ceiling the registry routes are measured against. Env: BENCH_DATABASE_URL, API_PORT, BARE_PORT.
 */
async function main() {
  const env = process.env;
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', PORT: env.API_PORT, PUBLIC_BASE_URL: 'http://bench.local' });
  const db = createDb({ url: env.BENCH_DATABASE_URL!, poolMax: 10 });
  const temporal = createTemporalClient({ address: '127.0.0.1:1', namespace: 'default' });
  await listen(createApp({ config, db, temporal, logger: createLogger('silent'), outbound: configuredOutbound(config) }), '127.0.0.1', Number(env.API_PORT));
  const bare = new Koa();
  bare.use((ctx) => {
    ctx.body = { ok: true, service: 'bare' };
  });
  await listen(bare, '127.0.0.1', Number(env.BARE_PORT));
  // The breakdown's layers serve one registry answer's exact bytes (bench/read-layers.ts).
  const answer = Buffer.from(await (await fetch(`http://127.0.0.1:${env.API_PORT}/v1/registry?limit=20`)).arrayBuffer());
  process.send?.({ layers: await startReadLayers(answer), answerBytes: answer.length });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
