import { pingDb, type Db } from '../store/db';
import { pingTemporal, type TemporalClientHandle } from '../temporal/connection';

export type DependencyState = 'ok' | 'unreachable';

export interface HealthReport {
  ok: boolean;
  postgres: DependencyState;
  temporal: DependencyState;
}

/** Checks both dependencies in parallel, each bounded, so a dead dependency answers fast. */
export async function checkHealth(db: Db, temporal: TemporalClientHandle, timeoutMs = 2_000): Promise<HealthReport> {
  const [pg, tp] = await Promise.allSettled([pingDb(db, timeoutMs), pingTemporal(temporal, timeoutMs)]);
  const postgres: DependencyState = pg.status === 'fulfilled' ? 'ok' : 'unreachable';
  const temporalState: DependencyState = tp.status === 'fulfilled' ? 'ok' : 'unreachable';
  return { ok: postgres === 'ok' && temporalState === 'ok', postgres, temporal: temporalState };
}
