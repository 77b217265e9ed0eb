import assert from 'node:assert/strict';
import { carry } from '../../../src/domain/carried-hits';
import type { RankedProduct } from '../../../src/domain/ranked-product';
import { explainResolution, type Resolution, reasonFor } from '../../../src/domain/resolution';
import { type FindToolsResult, presentTools, type ToolsFound } from '../../../src/domain/tools-found';
import { parseTaskIntent } from '../../../src/domain/task-intent';

const hit = (o: Partial<RankedProduct> = {}): RankedProduct => ({
  slug: 'portkey',
  name: 'Portkey',
  domain: 'portkey.ai',
  readiness: 23,
  match: 0.81,
  matched: [],
  words: [],
  ...o,
});

describe('reasonFor', () => {
  const cases: Array<[string, RankedProduct, number, string]> = [
    [
      'words and capabilities',
      hit({ words: ['LLM', 'fallbacks'], matched: ['ai.gateway'] }),
      1,
      'Portkey matches "LLM", "fallbacks" and covers ai.gateway (1 of 1 capabilities); match 0.81, readiness 23.',
    ],
    ['words only', hit({ words: ['gateway'] }), 2, 'Portkey matches "gateway"; match 0.81, readiness 23.'],
    [
      'capabilities only',
      hit({ matched: ['ai.gateway', 'ai.observe'] }),
      3,
      'Portkey covers ai.gateway, ai.observe (2 of 3 capabilities); match 0.81, readiness 23.',
    ],
    ['nothing: a weak match', hit({ match: 0.1 }), 0, 'Portkey is a weak match; match 0.10, readiness 23.'],
    ['match to two decimals', hit({ match: 1, readiness: 0, words: ['x'] }), 0, 'Portkey matches "x"; match 1.00, readiness 0.'],
  ];
  for (const [title, h, n, expected] of cases) {
    it(title, () => {
      assert.equal(reasonFor(h, n), expected);
    });
  }
});

describe('presentTools', () => {
  it('passes an old answer (with results) through unchanged', () => {
    const old: FindToolsResult = {
      task: 'send email',
      intent: parseTaskIntent('send email'),
      results: [{ slug: 'mailbolt', name: 'Mailbolt', domain: 'mailbolt.com', readiness: 40, match: 0.5, reason: 'kept as recorded' }],
      note: 'old note',
    };
    assert.equal(presentTools(old), old);
  });

  const found: ToolsFound = {
    task: 'route LLM calls with fallbacks, must have a CLI',
    capabilities: ['ai.gateway', 'ai.observe'],
    hits: [
      hit({ words: ['LLM', 'fallbacks'], matched: ['ai.gateway'] }),
      hit({ slug: 'helix', name: 'Helix', domain: 'helix.dev', readiness: 70, match: 0.2 }),
    ],
  };

  it('turns what find-tools found into the answer', () => {
    const out = presentTools(found);
    assert.equal(out.task, found.task);
    assert.deepEqual(out.intent, parseTaskIntent(found.task));
    assert.ok(out.intent.requirements.cli);
    assert.deepEqual(
      out.results.map((r) => [r.slug, r.name, r.domain, r.readiness, r.match]),
      [
        ['portkey', 'Portkey', 'portkey.ai', 23, 0.81],
        ['helix', 'Helix', 'helix.dev', 70, 0.2],
      ],
    );
    assert.equal(out.results[0].reason, 'Portkey matches "LLM", "fallbacks" and covers ai.gateway (1 of 2 capabilities); match 0.81, readiness 23.');
    assert.equal(out.results[1].reason, 'Helix is a weak match; match 0.20, readiness 70.');
    // The answer carries no ranking internals.
    assert.deepEqual(Object.keys(out.results[0]).sort(), ['domain', 'match', 'name', 'readiness', 'reason', 'slug']);
    assert.ok(!('note' in out));
  });

  it('gives the same answer from hits packed as the workflow carries them', () => {
    assert.deepEqual(presentTools(carry(found)), presentTools(found));
  });

  it('keeps the note', () => {
    assert.equal(presentTools({ ...found, hits: [], note: 'No product fits.' }).note, 'No product fits.');
  });
});

describe('explainResolution', () => {
  const resolution = (hits: RankedProduct[], capabilities: string[], note?: string): Resolution => ({
    task: 'task',
    capabilities,
    requirements: { mcp: true },
    hits,
    discovered: 2,
    ...(note ? { note } : {}),
  });

  const capScores: Array<[string[], string[], number]> = [
    [['a', 'b', 'c'], ['a'], 0.33],
    [['a', 'b', 'c'], ['a', 'b'], 0.67],
    [['a', 'b'], ['a', 'b'], 1],
    [['a'], [], 0],
    [[], [], 0],
  ];
  for (const [capabilities, matched, expected] of capScores) {
    it(`capScore covers ${matched.length} of ${capabilities.length} → ${expected}`, () => {
      const [r] = explainResolution(resolution([hit({ matched })], capabilities)).results;
      assert.equal(r.capScore, expected);
    });
  }

  it('adds a reason with the capability count and keeps the rest of the resolution', () => {
    const out = explainResolution(resolution([hit({ words: ['LLM'], matched: ['ai.gateway'] })], ['ai.gateway', 'ai.observe'], 'weak'));
    assert.equal(out.results[0].reason, 'Portkey matches "LLM" and covers ai.gateway (1 of 2 capabilities); match 0.81, readiness 23.');
    assert.deepEqual(out.requirements, { mcp: true });
    assert.equal(out.discovered, 2);
    assert.equal(out.note, 'weak');
    assert.ok(!('words' in out.results[0]));
  });

  it('reads an old hit without match or words as a match of 0 and no words', () => {
    const old = { slug: 'portkey', name: 'Portkey', domain: 'portkey.ai', readiness: 23, matched: ['ai.gateway'] } as unknown as RankedProduct;
    const [r] = explainResolution(resolution([old], ['ai.gateway'])).results;
    assert.equal(r.match, 0);
    assert.equal(r.capScore, 1);
    assert.equal(r.reason, 'Portkey covers ai.gateway (1 of 1 capabilities); match 0.00, readiness 23.');
  });

  it('gives the same answer from hits packed as the workflow carries them', () => {
    const r = resolution([hit({ words: ['LLM'], matched: ['ai.gateway'] }), hit({ slug: 'helix', words: ['LLM'] })], ['ai.gateway', 'ai.observe']);
    assert.deepEqual(explainResolution(carry(r)), explainResolution(r));
  });

  it('leaves out an absent note', () => {
    assert.ok(!('note' in explainResolution(resolution([], ['a']))));
  });
});
