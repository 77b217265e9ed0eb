import fc from 'fast-check';
import { PUBLIC_DECOY } from './world';
import type { NotationContext } from './notations';

export type Answer = { A: string[]; AAAA: string[] };

/**
 * Successive DNS answers for one name after its first (public) answer: each designates the canary, alone or
 * or with a public address after it (connections try the answers in order: were the guard broken, the canary
 * would hear first), over IPv4, IPv4-mapped IPv6 or IPv6. Never a public-only answer: that one the
 * guard would rightly connect to, and these tests must not leave loopback.
 */
export const rebindingSchedule = (ctx: NotationContext): fc.Arbitrary<Answer[]> => {
  const loop: fc.Arbitrary<Answer>[] = [
    fc.constant({ A: ['127.0.0.1'], AAAA: [] }),
    fc.constant({ A: ['0.0.0.0'], AAAA: [] }),
    fc.constant({ A: [], AAAA: ['::ffff:127.0.0.1'] }),
    fc.constant({ A: ['127.0.0.1', PUBLIC_DECOY], AAAA: [] }),
    fc.constant({ A: ['127.0.0.1'], AAAA: ['::ffff:127.0.0.1'] }),
  ];
  if (ctx.ipv6) loop.push(fc.constant({ A: ['127.0.0.1'], AAAA: ['::1'] }), fc.constant({ A: [], AAAA: ['::1'] }));
  return fc.array(fc.oneof(...loop), { minLength: 1, maxLength: 6 });
};
