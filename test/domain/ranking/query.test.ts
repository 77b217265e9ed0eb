import assert from 'node:assert/strict';
import { QUERY_PARAMS } from '../../../src/domain/ranking/params';
import { readTaskQuery, type TaskQuery } from '../../../src/domain/ranking/query';
import { stemOf } from '../../../src/domain/ranking/terms';
import { capabilityTexts } from '../../../src/services/capability-vocabulary';

const vocabularyWord = (word: string) => capabilityTexts().uses(stemOf(word));
const read = (task: string, params = QUERY_PARAMS) => readTaskQuery(task, vocabularyWord, params);
const weightOf = (q: TaskQuery, word: string) => q.terms.find((t) => t.term === stemOf(word))?.weight ?? 0;
const termSet = (q: TaskQuery) => new Set(q.terms.map((t) => t.term));

const STORY =
  "So my boss keeps asking for a weekly summary of everything and honestly I'm tired of copying numbers from spreadsheets every single Monday " +
  'morning, it takes hours and hours and my whole team complains about it constantly during standups. Is there something that tracks shipments across carriers?';

describe('task query', () => {
  describe('requirement phrases leave the text and become requirements', () => {
    const cases: Array<[string, string[], string[], string[]]> = [
      // task, requirements, words kept, words gone
      ['I need a vector database with an MCP server', ['mcp'], ['vector', 'database'], ['mcp', 'server']],
      ['scrape JS-heavy pages, must have a CLI', ['cli'], ['scrape', 'pages'], ['cli']],
      ['payments API with an OpenAPI spec, self-serve', ['openapi', 'self_serve'], ['payments'], ['openapi', 'spec', 'self', 'serve']],
      ['geocoding that has a command-line tool and an MCP endpoint', ['cli', 'mcp'], ['geocoding'], ['command', 'line', 'mcp', 'endpoint']],
      // A bare mention is what the task is about: it stays.
      ['directory of MCP servers I can connect my agent to', [], ['mcp', 'servers', 'directory'], []],
    ];
    for (const [task, requirements, kept, gone] of cases) {
      it(JSON.stringify(task), () => {
        const q = read(task);
        assert.deepEqual(Object.keys(q.requirements).sort(), [...requirements].sort());
        const terms = termSet(q);
        for (const w of kept) assert.ok(terms.has(stemOf(w)), `kept ${w}`);
        for (const w of gone) {
          assert.ok(!terms.has(stemOf(w)), `gone ${w}`);
          assert.ok(!new RegExp(`\\b${w}\\b`).test(q.text), `text lacks ${w}`);
        }
      });
    }
  });

  describe('quoted text and URLs are payload, not need words', () => {
    const cases: Array<[string, string[], string[]]> = [
      ['translate "could we get the bill please" into French', ['translate', 'french'], ['bill']],
      ["translate 'where is the train station' into Spanish", ['translate'], ['train', 'station']],
      // A URL leaves its site's name only.
      ['summarise https://www.examplenews.com/blog/quarterly-results for me', ['summarise', 'examplenews'], ['blog', 'quarterly', 'results', 'https']],
      // A task that is all quotes is read whole.
      ['"invoice generator"', ['invoice', 'generator'], []],
    ];
    for (const [task, kept, gone] of cases) {
      it(JSON.stringify(task), () => {
        const q = read(task);
        const terms = termSet(q);
        for (const w of kept) assert.ok(terms.has(stemOf(w)), `kept ${w}`);
        for (const w of gone) assert.ok(!terms.has(stemOf(w)) && !q.words.some((x) => x.word === w), `gone ${w}`);
      });
    }
  });

  describe('word weights', () => {
    it('in a long conversational request, the asked-for thing outweighs the story', () => {
      const q = read(STORY);
      assert.ok(q.long);
      for (const asked of ['shipments', 'carriers', 'tracks']) {
        for (const story of ['spreadsheets', 'summary', 'monday', 'hours', 'boss']) assert.ok(weightOf(q, asked) > weightOf(q, story), `${asked} > ${story}`);
      }
      // Heaviest first: every asked-for word comes before every story word.
      const at = (w: string) => q.terms.findIndex((t) => t.term === stemOf(w));
      assert.ok(Math.max(at('shipments'), at('carriers')) < Math.min(at('spreadsheets'), at('summary')));
    });

    it('a long request whose last clause asks with "find" at its end weighs that clause over the story', () => {
      const q = read(
        "We're a family of four (two kids, 7 and 10) flying from Boston to Dublin to visit my mum for Easter. Dates are flexible by a " +
          "few days either side of April 12th, we'd rather not do a red-eye with the kids, and the budget is tight, so one stop is fine " +
          'if it saves a lot. What are the cheapest options you can find?',
      );
      assert.ok(weightOf(q, 'cheapest') > weightOf(q, 'flexible') && weightOf(q, 'flexible') > 0);
    });

    it('a long request that asks with "would like" weighs that clause over the story', () => {
      const q = read(
        'Our family reunion is next month and there will be around forty relatives flying in from five different states, most of them ' +
          'staying for the whole weekend at my parents farm outside the city with barely any parking. I would like a group chat app ' +
          'that works on old phones.',
      );
      // Story words weigh storyWeight at most (less when everyday); without the asking clause every word weighs alike.
      assert.ok(weightOf(q, 'chat') >= 1 && weightOf(q, 'parking') <= QUERY_PARAMS.storyWeight && weightOf(q, 'parking') > 0);
    });

    it('reads a request under the length threshold as all ask', () => {
      const q = read(STORY, { ...QUERY_PARAMS, longWords: 1000 });
      assert.ok(!q.long);
      assert.equal(weightOf(q, 'spreadsheets'), weightOf(q, 'shipments'));
    });

    it('drops conversational filler entirely', () => {
      const q = read('hey can anyone please recommend something for like invoices lol thanks');
      const words = q.words.map((w) => w.word);
      for (const filler of ['hey', 'anyone', 'please', 'like', 'lol', 'thanks']) assert.ok(!words.includes(filler), filler);
      assert.ok(words.includes('invoices'));
    });

    const asking: Array<[string, string[], string[]]> = [
      // task, words dropped (verbs of asking), words kept
      ['Hello! Can you help me rephrase this sentence to make it more persuasive?', ['help'], ['rephrase', 'sentence', 'persuasive']],
      ['Can you provide me with a reliable source on the latest iPhone?', ['provide'], ['reliable', 'source', 'iphone']],
      ['give me the weather and tell me if it will rain', ['give', 'tell'], ['weather', 'rain']],
      // "help" names a kind of product here
      ['a help desk for our support team', [], ['help', 'desk', 'support']],
      ['an embeddable help center widget', [], ['help', 'center', 'widget']],
      // A follow-up that only points back at the request names nothing ("happen" matched a cycling calculator).
      ['I want a hoodie with a beautiful sunset design. Can you make that happen?', ['make', 'happen'], ['hoodie', 'sunset', 'design']],
      ['Translate my menu into Spanish, is that possible?', ['possible'], ['translate', 'menu']],
      ['make my app happen on time: a project tracker', [], ['happen', 'project', 'tracker']],
    ];
    for (const [task, dropped, kept] of asking) {
      it(`reads "${task}" without its verbs of asking`, () => {
        const words = read(task).words.map((w) => w.word);
        for (const w of dropped) assert.ok(!words.includes(w), `${w} dropped`);
        for (const w of kept) assert.ok(words.includes(w), `${w} kept`);
      });
    }

    const relative: Array<[string, string, string]> = [
      // task, heavier word, lighter word
      ['weather forecast for Denver tomorrow', 'forecast', 'denver'], // a proper name: what, not which tool
      ['deploy a Node.js API to production', 'deploy', 'node'], // a stack: where, not what
      ['chase each unpaid invoice until the invoice is paid and the invoice closed', 'invoice', 'unpaid'], // repeats add weight
      ['book a table for 4 people on the 12th', 'table', '4'], // a number: how many, not what
      ['book a table for 4 people on the 12th', 'table', '12th'], // an ordinal: when, not what
      ['what did the homepage of Reddit look like in 2007', 'homepage', '2007'], // a year
    ];
    for (const [task, heavy, light] of relative) {
      it(`${JSON.stringify(task)}: ${heavy} > ${light}`, () => {
        const q = read(task);
        assert.ok(weightOf(q, heavy) > weightOf(q, light) && weightOf(q, light) > 0);
      });
    }

    it('a vocabulary word written with a capital is not a proper name', () => {
      assert.ok(!read('send alerts to Slack').words.some((w) => w.proper));
      assert.ok(read('weather forecast for Denver').words.some((w) => w.proper && w.word === 'denver'));
    });
  });

  describe('parts: a request of several needs', () => {
    it('splits two asking clauses into parts', () => {
      const q = read('Find a venue booking service for our offsite. Additionally, I need a motivational quote generator API.');
      assert.equal(q.parts.length, 2);
      assert.match(q.parts[0], /venue/);
      assert.match(q.parts[1], /quote/);
    });

    // A follow-up that only points back at the first clause ("make that happen", "recommend one") asks for
    // nothing of its own: ranked alone, its two words pulled in products for "happen" or "one".
    const single: string[] = [
      'send transactional email from my backend',
      STORY,
      'I need an API. Thanks!',
      'I want a hoodie with a beautiful sunset design. Can you make that happen?',
      "I'm looking for a tool that can help me build a personalized ERP application. Can you recommend one?",
    ];
    for (const task of single) {
      it(`has no parts: ${JSON.stringify(task.slice(0, 50))}`, () => {
        assert.deepEqual(read(task).parts, []);
      });
    }
  });
});
