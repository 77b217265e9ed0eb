import { LOAD_STACK } from '../load/run';
import { raceAnonymousTrial, raceLastIncludedCall } from '../../test/support/metering-races';
import type { Proof } from './proof';
import { startStack } from './stack';

const ROUNDS = 5;

/**
 * Trial and quota races across two API processes sharing one database (issue 16), each race run ROUNDS
 * times (a fresh address or workspace per round), every call a POST /v1/find-tools split across both.
 */
export const races: Proof = {
  name: 'races',
  async run(log) {
    log('starting Postgres, Temporal, two API processes and a worker process...');
    const stack = await startStack({ ...LOAD_STACK, apis: 2, log });
    try {
      const baseUrls = stack.apis.map((a) => a.url);
      const trial = [];
      const quota = [];
      for (let round = 1; round <= ROUNDS; round++) {
        trial.push(await raceAnonymousTrial(baseUrls, `203.0.113.${round}`, 50));
        quota.push(await raceLastIncludedCall(stack.db, baseUrls, 20));
        log(`round ${round}: trial ${trial.at(-1)!.admitted} of 50, last call ${quota.at(-1)!.admitted} of 20`);
      }
      const unexpected = (rs: Array<{ unexpected: string[] }>) => rs.flatMap((r) => r.unexpected);
      return [
        {
          promise: '50 simultaneous anonymous calls from one address, across two API processes, admit exactly 8 (the rest 429)',
          passed: trial.every((r) => r.admitted === r.quota && r.refused === 50 - r.quota),
          figure: `${ROUNDS} rounds, admitted: ${trial.map((r) => r.admitted).join(', ')}; 429: ${trial.map((r) => r.refused).join(', ')}${unexpected(trial).length ? `; other: ${unexpected(trial).join(', ')}` : ''}`,
        },
        {
          promise: 'a workspace at its last included call admits exactly one of 20 simultaneous calls across two API processes, one usage event',
          passed: quota.every((r) => r.admitted === 1 && r.refused === 19 && r.events === 1 && r.used === r.included && r.reserved === 0),
          figure: `${ROUNDS} rounds, admitted: ${quota.map((r) => r.admitted).join(', ')}; events: ${quota.map((r) => r.events).join(', ')}; 402: ${quota.map((r) => r.refused).join(', ')}${unexpected(quota).length ? `; other: ${unexpected(quota).join(', ')}` : ''}`,
        },
      ];
    } finally {
      await stack.stop();
    }
  },
};
