import type { Config } from './config';
import type { Logger } from './logger';
import type { Outbound } from './net';
import type { Db } from './store/db';
import type { TemporalClientHandle } from './temporal/connection';

/**
 * What the API's services and doors need from the process that assembles them. A module of its own, so
 * routes, services and the MCP server depend on this and never on the app that builds them.
 */
export interface AppDeps {
  config: Config;
  db: Db;
  temporal: TemporalClientHandle;
  logger: Logger;
  /** Validates audit targets before any work starts (the same guard the crawler uses). */
  outbound: Outbound;
  /**
   * Where this process's Temporal SDK exports its runtime metrics, when a worker shares the process
   * (`npm start`): the API's /metrics carries them after its own.
   */
  sdkMetricsUrl?: string;
}
