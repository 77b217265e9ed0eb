import { loadRows, runLoad } from '../load/run';
import type { Proof } from './proof';

/** Issue 16's load: 200 callers for 60 s on the mix, with keys and trial callers (see bench/load/run.ts). */
export const load: Proof = {
  name: 'load',
  async run(log) {
    return loadRows(await runLoad({ seconds: 60, callers: 200, log }));
  },
};
