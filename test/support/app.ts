import { createApp } from '../../src/app';
import type { AppDeps } from '../../src/deps';
import { loadConfig, type Config } from '../../src/config';
import { createLogger } from '../../src/logger';
import { configuredOutbound } from '../../src/net/configured';
import { listen } from '../../src/runtime/http-server';
import { createTemporalClient } from '../../src/temporal/connection';
import { getInfra } from './infra';

export interface TestApp {
  baseUrl: string;
  deps: AppDeps;
  close(): Promise<void>;
}

export function testConfig(env: Record<string, string> = {}): Config {
  const infra = getInfra();
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_BASE_URL: 'http://agentdex.test',
    TEMPORAL_ADDRESS: infra.temporalAddress,
    TEMPORAL_NAMESPACE: infra.namespace,
    TEMPORAL_TASK_QUEUE: infra.taskQueue,
    ...infra.outboundEnv,
    ...env,
  });
}

/** The real app on an ephemeral port, wired to the run's Postgres and Temporal (or overrides). */
export async function startTestApp(overrides: Partial<AppDeps> = {}, env: Record<string, string> = {}): Promise<TestApp> {
  const infra = getInfra();
  const config = testConfig(env);
  const temporal = overrides.temporal ?? createTemporalClient({ address: infra.temporalAddress, namespace: infra.namespace });
  const deps: AppDeps = { config, db: infra.db, temporal, logger: createLogger('silent'), outbound: configuredOutbound(config), ...overrides };
  const server = await listen(createApp(deps), '127.0.0.1', 0);
  return {
    baseUrl: `http://127.0.0.1:${server.port}`,
    deps,
    async close() {
      await server.close();
      if (!overrides.temporal) await temporal.connection.close();
    },
  };
}
