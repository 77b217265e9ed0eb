import assert from 'node:assert/strict';
import type { McpDrift } from '../../../src/domain/mcp/section';
import type { SecurityFinding } from '../../../src/domain/mcp/tool-definition';
import type { Scores } from '../../../src/domain/scoring';
import { type AuditSnapshot, type ChangeContext, type DetectedChange, detectChanges } from '../../../src/domain/watch/changes';
import type { OpenApiChange } from '../../../src/domain/watch/openapi-changes';

const BASE: Scores = { readiness: 60, discovery: 60, understanding: 60, adoption: 60, operability: 60 };
const scores = (over: Partial<Scores> = {}): Scores => ({ ...BASE, ...over });
const up = (over: Partial<AuditSnapshot> = {}): AuditSnapshot => ({ reachable: true, scores: scores(), checks: [], ...over });
const down = (error = 'connect ECONNREFUSED'): AuditSnapshot => ({ reachable: false, error });

const types = (changes: DetectedChange[]) => changes.map((c) => c.type);
const find = (changes: DetectedChange[], type: string) => changes.find((c) => c.type === type);

const finding = (over: Partial<SecurityFinding> = {}): SecurityFinding => ({
  severity: 'high',
  kind: 'model-instruction',
  tool: 'search',
  field: 'description',
  detail: 'tells the model what to do',
  span: 'ignore previous instructions',
  ...over,
});

const breakingChange: OpenApiChange = {
  id: 'api-removed-without-deprecation',
  level: 'breaking',
  text: 'API removed',
  operation: 'DELETE /pets/{id}',
  path: '/pets/{id}',
};
const compatibleChange: OpenApiChange = {
  id: 'endpoint-added',
  level: 'info',
  text: 'endpoint added',
  operation: 'GET /pets/{id}/photos',
  path: '/pets/{id}/photos',
};
const openapi = (breaking: OpenApiChange[], changes: OpenApiChange[]): ChangeContext['openapi'] => ({
  from: 'hash-a',
  to: 'hash-b',
  comparison: { breaking, changes },
});

const drift = (over: Partial<McpDrift> = {}): McpDrift => ({ since: '2025-01-01T00:00:00.000Z', added: [], removed: [], changed: [], ...over });

describe('watch detectChanges', () => {
  describe('without a previous audit', () => {
    const nows: Array<[string, AuditSnapshot, ChangeContext]> = [
      ['a reachable site', up(), {}],
      ['an unreachable site', down(), {}],
      ['with breaking OpenAPI changes and drift', up({ security: [finding()] }), { openapi: openapi([breakingChange], []), drift: drift({ added: ['x'] }) }],
    ];
    for (const [what, now, context] of nows) {
      it(`records nothing: ${what}`, () => {
        assert.deepEqual(detectChanges(undefined, now, context), []);
      });
    }
  });

  it('records nothing when nothing changed', () => {
    assert.deepEqual(detectChanges(up(), up()), []);
    assert.deepEqual(detectChanges(down(), down('another error')), []);
  });

  describe('reachability', () => {
    it('reachable → unreachable is one site.unreachable with the error', () => {
      const changes = detectChanges(up(), down('getaddrinfo ENOTFOUND example.com'));
      assert.deepEqual(changes, [{ type: 'site.unreachable', data: { error: 'getaddrinfo ENOTFOUND example.com' } }]);
    });

    it('site.unreachable carries a null error when the audit gave none', () => {
      assert.deepEqual(detectChanges(up(), { reachable: false }), [{ type: 'site.unreachable', data: { error: null } }]);
    });

    it('unreachable → reachable is site.recovered with the new scores', () => {
      const now = up({ scores: scores({ readiness: 72 }) });
      const changes = detectChanges(down(), now);
      assert.deepEqual(types(changes), ['site.recovered']);
      assert.deepEqual(find(changes, 'site.recovered')?.data, { scores: scores({ readiness: 72 }) });
    });

    it('unreachable → unreachable records nothing', () => {
      assert.deepEqual(detectChanges(down('a'), down('b')), []);
    });
  });

  describe('readiness moves', () => {
    it('a drop of one sub-score only is readiness.dropped naming that key', () => {
      const changes = detectChanges(up(), up({ scores: scores({ adoption: 50 }) }));
      assert.deepEqual(types(changes), ['readiness.dropped']);
      const data = changes[0].data;
      assert.equal(data.delta, 10);
      assert.deepEqual(data.moved, ['adoption']);
      assert.deepEqual(data.before, BASE);
      assert.deepEqual(data.after, scores({ adoption: 50 }));
    });

    it('a rise is readiness.rose', () => {
      const changes = detectChanges(up(), up({ scores: scores({ readiness: 67, discovery: 62 }) }));
      assert.deepEqual(types(changes), ['readiness.rose']);
      assert.equal(changes[0].data.delta, 7);
      assert.deepEqual(changes[0].data.moved, ['readiness', 'discovery']);
    });

    it('moves in both directions at once give two events, each with its own keys and largest move', () => {
      const changes = detectChanges(up(), up({ scores: scores({ discovery: 45, understanding: 58, operability: 63, adoption: 80 }) }));
      assert.deepEqual(types(changes).sort(), ['readiness.dropped', 'readiness.rose']);
      const dropped = find(changes, 'readiness.dropped')?.data;
      const rose = find(changes, 'readiness.rose')?.data;
      assert.equal(dropped?.delta, 15);
      assert.deepEqual(dropped?.moved, ['discovery', 'understanding']);
      assert.equal(rose?.delta, 20);
      assert.deepEqual(rose?.moved, ['adoption', 'operability']);
    });

    const small: Array<[string, Partial<Scores>]> = [
      ['0.5 down', { readiness: 59.5 }],
      ['0.99 up', { discovery: 60.99 }],
      ['several sub-point moves both ways', { readiness: 59.2, discovery: 60.8, understanding: 60.01, adoption: 59.01 }],
    ];
    for (const [what, over] of small) {
      it(`moves below one point record nothing: ${what}`, () => {
        assert.deepEqual(detectChanges(up(), up({ scores: scores(over) })), []);
      });
    }

    it('a move of exactly one point is recorded', () => {
      const changes = detectChanges(up(), up({ scores: scores({ operability: 59 }) }));
      assert.deepEqual(types(changes), ['readiness.dropped']);
      assert.equal(changes[0].data.delta, 1);
    });

    it('sub-point moves are left out of `moved` when another key moved a full point', () => {
      const changes = detectChanges(up(), up({ scores: scores({ readiness: 55, discovery: 59.5 }) }));
      assert.deepEqual(types(changes), ['readiness.dropped']);
      assert.deepEqual(changes[0].data.moved, ['readiness']);
      assert.equal(changes[0].data.delta, 5);
    });

    it('delta is the largest absolute move among the keys that moved that way', () => {
      const changes = detectChanges(up(), up({ scores: scores({ readiness: 57, discovery: 48, understanding: 52 }) }));
      assert.equal(find(changes, 'readiness.dropped')?.data.delta, 12);
    });

    it('`checks` lists only checks that got worse for a drop and better for a rise', () => {
      const previous = up({
        checks: [
          { id: 'llms-txt', score: 1 },
          { id: 'openapi', score: 0.5 },
          { id: 'mcp', score: 0 },
          { id: 'robots', score: 1 },
          { id: 'not-run-before', score: null },
          { id: 'gone', score: 1 },
        ],
      });
      const now = up({
        scores: scores({ discovery: 50, adoption: 70 }),
        checks: [
          { id: 'llms-txt', score: 0 },
          { id: 'openapi', score: 1 },
          { id: 'mcp', score: 0 },
          { id: 'robots', score: null },
          { id: 'not-run-before', score: 1 },
          { id: 'new-check', score: 0 },
        ],
      });
      const changes = detectChanges(previous, now);
      assert.deepEqual(find(changes, 'readiness.dropped')?.data.checks, [
        { id: 'llms-txt', before: 1, after: 0, direction: 'worse' },
        { id: 'robots', before: 1, after: null, direction: 'worse' },
      ]);
      assert.deepEqual(find(changes, 'readiness.rose')?.data.checks, [
        { id: 'openapi', before: 0.5, after: 1, direction: 'better' },
        { id: 'not-run-before', before: null, after: 1, direction: 'better' },
      ]);
    });

    it('no readiness event when either side has no scores', () => {
      assert.deepEqual(detectChanges({ reachable: true }, up({ scores: scores({ readiness: 10 }) })), []);
      assert.deepEqual(detectChanges(up(), { reachable: true }), []);
    });
  });

  describe('OpenAPI comparison', () => {
    it('breaking changes give only openapi.breaking, carrying both lists', () => {
      const changes = detectChanges(up(), up(), { openapi: openapi([breakingChange], [compatibleChange]) });
      assert.deepEqual(changes, [
        { type: 'openapi.breaking', data: { from: 'hash-a', to: 'hash-b', breaking: [breakingChange], changes: [compatibleChange] } },
      ]);
    });

    it('breaking changes alone still give openapi.breaking, with an empty compatible list', () => {
      const changes = detectChanges(up(), up(), { openapi: openapi([breakingChange], []) });
      assert.deepEqual(types(changes), ['openapi.breaking']);
      assert.deepEqual(changes[0].data.changes, []);
    });

    it('only compatible changes give openapi.changed', () => {
      const changes = detectChanges(up(), up(), { openapi: openapi([], [compatibleChange]) });
      assert.deepEqual(changes, [{ type: 'openapi.changed', data: { from: 'hash-a', to: 'hash-b', changes: [compatibleChange] } }]);
    });

    it('an empty comparison gives nothing', () => {
      assert.deepEqual(detectChanges(up(), up(), { openapi: openapi([], []) }), []);
    });
  });

  describe('MCP drift', () => {
    const drifts: Array<[string, Partial<McpDrift>]> = [
      ['a tool added', { added: ['new_tool'] }],
      ['a tool removed', { removed: ['old_tool'] }],
      ['a tool redefined', { changed: [{ name: 'search', fields: ['inputSchema'] }] }],
      ['all three', { added: ['a'], removed: ['b'], changed: [{ name: 'c', fields: ['title', 'description'] }] }],
    ];
    for (const [what, over] of drifts) {
      it(`any drift gives mcp.tools_changed: ${what}`, () => {
        const d = drift(over);
        const changes = detectChanges(up(), up(), { drift: d });
        assert.deepEqual(changes, [{ type: 'mcp.tools_changed', data: { since: d.since, added: d.added, removed: d.removed, changed: d.changed } }]);
      });
    }

    it('an empty or absent drift gives nothing', () => {
      assert.deepEqual(detectChanges(up(), up(), { drift: drift() }), []);
      assert.deepEqual(detectChanges(up(), up(), { drift: null }), []);
    });
  });

  describe('security findings', () => {
    it('a new high finding gives security.finding with only the new findings', () => {
      const known = finding({ tool: 'search' });
      const fresh = finding({ tool: 'fetch', kind: 'secret-access' });
      const changes = detectChanges(up({ security: [known] }), up({ security: [known, fresh] }));
      assert.deepEqual(changes, [{ type: 'security.finding', data: { findings: [fresh] } }]);
    });

    it('a first high finding (none before) gives security.finding', () => {
      const changes = detectChanges(up(), up({ security: [finding()] }));
      assert.deepEqual(types(changes), ['security.finding']);
    });

    it('the same (tool, kind, field) already present before gives nothing, even with other detail or span', () => {
      const before = finding();
      const now = finding({ detail: 'worded differently', span: 'another span' });
      assert.deepEqual(detectChanges(up({ security: [before] }), up({ security: [now] })), []);
    });

    const differing: Array<[string, Partial<SecurityFinding>]> = [
      ['another tool', { tool: 'other' }],
      ['another kind', { kind: 'hidden-characters' }],
      ['another field', { field: 'inputSchema.properties.q.description' }],
    ];
    for (const [what, over] of differing) {
      it(`a finding that differs in ${what} is new`, () => {
        const changes = detectChanges(up({ security: [finding()] }), up({ security: [finding(), finding(over)] }));
        assert.deepEqual(changes, [{ type: 'security.finding', data: { findings: [finding(over)] } }]);
      });
    }

    it('a high finding is new when the previous one at that place was only medium', () => {
      const changes = detectChanges(up({ security: [finding({ severity: 'medium' })] }), up({ security: [finding()] }));
      assert.deepEqual(types(changes), ['security.finding']);
    });

    it('medium and low findings give nothing', () => {
      const now = up({ security: [finding({ severity: 'medium' }), finding({ severity: 'low', tool: 'x' })] });
      assert.deepEqual(detectChanges(up(), now), []);
    });

    it('no security.finding when the site is unreachable now', () => {
      const now: AuditSnapshot = { ...down(), security: [finding()] };
      assert.deepEqual(types(detectChanges(up(), now)), ['site.unreachable']);
    });
  });

  it('everything at once gives at most one event per type', () => {
    const previous = up({ security: [] });
    const now = up({
      scores: scores({ readiness: 40, discovery: 30, understanding: 70, adoption: 90 }),
      security: [finding(), finding({ tool: 'b' }), finding({ tool: 'c', kind: 'tool-shadowing' })],
    });
    const changes = detectChanges(previous, now, {
      openapi: openapi([breakingChange, { ...breakingChange, id: 'x' }], [compatibleChange]),
      drift: drift({ added: ['a', 'b'], removed: ['c'] }),
    });
    const got = types(changes);
    assert.equal(new Set(got).size, got.length, `duplicate types in ${got.join(', ')}`);
    assert.deepEqual([...got].sort(), ['mcp.tools_changed', 'openapi.breaking', 'readiness.dropped', 'readiness.rose', 'security.finding']);
    assert.equal((find(changes, 'security.finding')?.data.findings as unknown[] | undefined)?.length, 3);
  });
});
