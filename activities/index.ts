import type { Db } from '../src/store/db';
import { maintenanceActivities } from './maintenance';

export interface ActivityDeps {
  db: Db;
}

/** Activity factory: dependencies are injected once, at worker start, never imported as globals. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...maintenanceActivities(deps.db),
  };
}

export type Activities = ReturnType<typeof createActivities>;
