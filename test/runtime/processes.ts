import { readdirSync, readFileSync } from 'node:fs';
import { freePort } from '../../src/runtime/free-port';

/** Every live process whose command line mentions `needle` (a run's private data directory). */
export function processesMentioning(needle: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(needle)) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

/** The environment of an `npm start` of its own: a private data directory and a free port for everything. */
export async function startEnv(dataDir: string): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    EMBEDDED_PG_PORT: String(await freePort()),
    TEMPORAL_DEV_PORT: String(await freePort()),
    TEMPORAL_UI_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
  };
  if (process.env.TEMPORAL_CLI_PATH) env.TEMPORAL_CLI_PATH = process.env.TEMPORAL_CLI_PATH;
  if (process.env.AGENTDEX_CACHE_DIR) env.AGENTDEX_CACHE_DIR = process.env.AGENTDEX_CACHE_DIR;
  return env;
}
