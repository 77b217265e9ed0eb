import type { Db } from '../src/store/db';
import { purgeExpired, type PurgeCounts } from '../src/store/maintenance';

export function maintenanceActivities(db: Db) {
  return {
    async purgeExpiredRecords(): Promise<PurgeCounts> {
      return purgeExpired(db, new Date());
    },
  };
}
