import { loadRows, runLoad } from '../load/run';
import type { Proof } from './proof';

/** The load for 10 minutes: the same checks, and memory that does not grow beyond 10%. */
export const soak: Proof = {
  name: 'soak',
  onlyWhenNamed: true,
  async run(log) {
    return loadRows(await runLoad({ seconds: 600, callers: 200, log }), { growth: true });
  },
};
