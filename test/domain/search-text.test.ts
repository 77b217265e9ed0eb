import assert from 'node:assert/strict';
import { typoBudget, typoDistance } from '../../src/domain/search-text';

describe('search text: typos', () => {
  it('counts a swap of adjacent letters as one edit', () => {
    assert.equal(typoDistance('payments', 'paymnets'), 1);
    assert.equal(typoDistance('stripe', 'stirpe'), 1);
    assert.equal(typoDistance('email', 'emial'), 1);
  });

  it('counts insertions, deletions and substitutions as one edit each', () => {
    assert.equal(typoDistance('database', 'databse'), 1);
    assert.equal(typoDistance('database', 'databasse'), 1);
    assert.equal(typoDistance('database', 'datapase'), 1);
    assert.equal(typoDistance('zymurgical', 'zymrugcial'), 2);
    assert.equal(typoDistance('same', 'same'), 0);
  });

  it('allows no typo under five letters, one from five, two from eight, none in a word with digits', () => {
    assert.equal(typoBudget('zorb'), 0);
    assert.equal(typoBudget('email'), 1);
    assert.equal(typoBudget('payment'), 1);
    assert.equal(typoBudget('payments'), 2);
    assert.equal(typoBudget('oauth2client'), 0);
  });
});
