import assert from 'node:assert/strict';
import { RANK_PARAMS } from '../../src/domain/ranking/params';

/**
 * Results come best fit first: readiness may put a product above one whose match is higher only by less
 * than the readiness prior (RANK_PARAMS.readiness), and only when it is the more ready of the two.
 */
export function assertOrderedByFit(results: Array<{ slug: string; match: number; readiness: number }>): void {
  for (let i = 1; i < results.length; i++) {
    const [a, b] = [results[i - 1], results[i]];
    assert.ok(a.match >= 0 && a.match <= 1);
    if (a.match >= b.match) continue;
    assert.ok(
      b.match - a.match <= RANK_PARAMS.readiness + 0.01 && a.readiness > b.readiness,
      `${a.slug} (${a.match}, ${a.readiness}) before ${b.slug} (${b.match}, ${b.readiness})`,
    );
  }
}
