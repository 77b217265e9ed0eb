/**
 * One provable promise of docs/decisions/ (issue 16): a named check that runs against real processes and
 * reports one or more rows of promise, result and figure for `npm run prove`.
 */
export interface ProofRow {
  /** The promise in a sentence, e.g. "a worker killed mid-audit: one usage event per call". */
  promise: string;
  passed: boolean;
  /** What was measured, e.g. "50 calls, 8 admitted" or "p99 41 ms". */
  figure: string;
}

export interface Proof {
  /** Short name used on the command line: `npm run prove -- races`. */
  name: string;
  /** Runs only when named (`npm run prove -- soak`): for proofs too long for the default run. */
  onlyWhenNamed?: boolean;
  /** Runs the proof from scratch (its own Postgres, Temporal and processes) and stops everything it started. */
  run(log: (line: string) => void): Promise<ProofRow[]>;
}
