import assert from 'node:assert/strict';
import { badgeColor } from '../../src/domain/badge';
import { CHECKS, checksFromFacts, scoreChecks, type ProductFacts } from '../../src/domain/scoring';
import { classifyCategories } from '../../src/domain/taxonomy';

const none: ProductFacts = { api: false, mcp: false, selfServe: false, openapi: false, cli: false, llmsTxt: false, sdkLanguages: [] };
const all: ProductFacts = { api: true, mcp: true, selfServe: true, openapi: true, cli: true, llmsTxt: true, sdkLanguages: ['go', 'javascript', 'python'] };

describe('scoring', () => {
  it('scores every check at 1 as 100 everywhere and at 0 as 0', () => {
    const ones = Object.fromEntries(CHECKS.map((c) => [c.id, 1]));
    const zeros = Object.fromEntries(CHECKS.map((c) => [c.id, 0]));
    assert.deepEqual(scoreChecks(ones), { readiness: 100, discovery: 100, understanding: 100, adoption: 100, operability: 100 });
    assert.deepEqual(scoreChecks(zeros), { readiness: 0, discovery: 0, understanding: 0, adoption: 0, operability: 0 });
  });

  it('leaves null checks out of the denominator (an errored artifact is neither pass nor fail)', () => {
    const discoveryOnlyLlms = Object.fromEntries(CHECKS.map((c) => [c.id, c.subScore === 'discovery' ? null : 0]));
    discoveryOnlyLlms['llms-txt'] = 1;
    assert.equal(scoreChecks(discoveryOnlyLlms).discovery, 100);
  });

  const table: Array<[string, ProductFacts, (s: ReturnType<typeof scoreChecks>) => boolean]> = [
    ['no known facts', none, (s) => s.readiness === 0],
    ['everything a seed can know', all, (s) => s.readiness >= 50 && s.readiness < 100],
    ['llms.txt alone lifts only discovery and understanding', { ...none, llmsTxt: true }, (s) => s.discovery > 0 && s.adoption === 0 && s.operability === 0],
    ['a public self-serve API', { ...none, api: true, selfServe: true }, (s) => s.operability > 0 && s.adoption > 0 && s.discovery === 0],
  ];
  for (const [what, facts, ok] of table) {
    it(`seed facts: ${what}`, () => {
      const s = scoreChecks(checksFromFacts(facts));
      assert.ok(ok(s), JSON.stringify(s));
      for (const v of Object.values(s)) assert.ok(Number.isInteger(v) && v >= 0 && v <= 100);
    });
  }

  it('ranks more agent-ready facts higher', () => {
    const a = scoreChecks(checksFromFacts({ ...none, api: true })).readiness;
    const b = scoreChecks(checksFromFacts({ ...none, api: true, mcp: true })).readiness;
    const c = scoreChecks(checksFromFacts(all)).readiness;
    assert.ok(a < b && b < c, `${a} < ${b} < ${c}`);
  });
});

describe('badge colour bands', () => {
  const bands: Array<[number, string]> = [
    [100, 'brightgreen'],
    [80, 'brightgreen'],
    [79, 'yellowgreen'],
    [60, 'yellowgreen'],
    [59, 'yellow'],
    [40, 'yellow'],
    [39, 'red'],
    [0, 'red'],
  ];
  for (const [score, colour] of bands) it(`${score} → ${colour}`, () => assert.equal(badgeColor(score), colour));
});

describe('category classification', () => {
  const cases: Array<[string, string | undefined, string]> = [
    ['Transactional email API with SMTP relay', undefined, 'email'],
    ['Serverless Postgres database', undefined, 'databases'],
    ['Vector database for embeddings and similarity search', undefined, 'vector-databases'],
    ['Send SMS and make voice calls', undefined, 'messaging'],
    ['Weather forecasts for any city', 'open-data', 'open-data'],
    ['Something nobody can classify', undefined, 'developer-tools'],
    ['Something nobody can classify', 'finance', 'finance'],
  ];
  for (const [text, hint, expected] of cases) {
    it(`"${text}"${hint ? ` (hint ${hint})` : ''} → ${expected}`, () => {
      assert.equal(classifyCategories(text, hint)[0], expected);
    });
  }
});
