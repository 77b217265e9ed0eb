import assert from 'node:assert/strict';
import { isStopWord, stemOf, termsOf, wordsOf } from '../../../src/domain/ranking/terms';

describe('ranking terms', () => {
  describe('termsOf: inflected forms share one term', () => {
    const cases: Array<[string, string]> = [
      ['routes', 'routing'],
      ['invoices', 'invoicing'],
      ['sends', 'sending'],
      ['emails', 'email'],
      ['shipments', 'shipment'],
      ['geocodes', 'geocoding'],
      // Spellings that mean one word are joined before stemming.
      ['e-mail', 'email'],
      // Diacritics are folded away.
      ['résumé', 'resume'],
    ];
    for (const [a, b] of cases) {
      it(`${a} ~ ${b}`, () => {
        assert.deepEqual(termsOf(a), termsOf(b));
        assert.equal(termsOf(a).length, 1);
      });
    }

    it('keeps words that differ apart', () => {
      assert.notDeepEqual(termsOf('invoice'), termsOf('email'));
    });

    it('drops stop words and keeps the order of the rest', () => {
      assert.deepEqual(termsOf('Send the email to all of the users'), ['send', 'email', 'user']);
      assert.ok(isStopWord('the'));
      assert.ok(!isStopWord('email'));
    });

    it('leaves digits and short words unstemmed', () => {
      assert.equal(stemOf('s3'), 's3');
      assert.equal(stemOf('as'), 'as');
    });
  });

  describe('wordsOf: positions, clauses and proper names', () => {
    const isName = (w: string) => ['denver', 'oppenheimer'].includes(w);
    const cases: Array<[string, string[]]> = [
      // A capital away from the clause start, judged a name by the caller.
      ['weather forecast for Denver tomorrow', ['denver']],
      ['reviews of the film Oppenheimer', ['oppenheimer']],
      // At a clause's start a capital says nothing.
      ['Denver weather forecast', []],
      ['Is it raining? Denver needs a forecast', []],
      // Lower case: no name.
      ['weather forecast for denver', []],
      // Acronyms are not names.
      ['convert a PDF with an API', []],
      // The caller decides: a capitalised word it does not accept is no name.
      ['send a message to Slack', []],
    ];
    for (const [text, proper] of cases) {
      it(`${JSON.stringify(text)} → proper [${proper.join(', ')}]`, () => {
        assert.deepEqual(
          wordsOf(text, isName)
            .filter((w) => w.proper)
            .map((w) => w.word),
          proper,
        );
      });
    }

    it('counts stop words in positions and splits clauses at sentence breaks', () => {
      const words = wordsOf('Track the parcels. Then email me');
      assert.deepEqual(
        words.map((w) => [w.word, w.at, w.clause]),
        [
          ['track', 0, 0],
          ['parcels', 2, 0],
          ['email', 4, 1],
        ],
      );
      assert.equal(words[1].term, stemOf('parcels'));
    });

    it('flags nothing proper without a judge', () => {
      assert.ok(wordsOf('weather forecast for Denver').every((w) => !w.proper));
    });
  });
});
