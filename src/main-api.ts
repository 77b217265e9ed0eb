import { configuredOutbound } from './net/configured';
import { createApp } from './app';
import { loadConfigOrExit } from './config';
import { createLogger } from './logger';
import { startTracing } from './observability/tracing';
import { listen } from './runtime/http-server';
import { onShutdown } from './runtime/shutdown';
import { createDb } from './store/db';
import { createTemporalClient } from './temporal/connection';

/** `npm run start:api`: the API alone, against external Postgres and Temporal (production shape). */
async function main() {
  const config = loadConfigOrExit();
  const tracing = startTracing(config, 'agentdex-api');
  const logger = createLogger(config.logLevel, 'agentdex-api');
  if (!config.database.url || !config.temporal.address) {
    throw new Error('start:api needs DATABASE_URL and TEMPORAL_ADDRESS (use `npm start` for the embedded runtime)');
  }
  const db = createDb({ url: config.database.url, poolMax: config.database.poolMax, acquireTimeoutMs: config.database.acquireTimeoutMs, logger });
  const temporal = createTemporalClient({ ...config.temporal, address: config.temporal.address }, { traced: !!tracing });
  const server = await listen(createApp({ config, db, temporal, logger, outbound: configuredOutbound(config) }), config.host, config.port);
  logger.info({ port: server.port }, 'api listening');
  onShutdown(logger, [
    ['http server', () => server.close()],
    ['temporal client', () => temporal.connection.close()],
    ['database pool', () => db.destroy()],
    ['traces', async () => tracing?.shutdown()],
  ]);
}

main().catch((err) => {
  console.error(`agentdex api failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
