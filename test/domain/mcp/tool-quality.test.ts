import assert from 'node:assert/strict';
import type { ToolDefinition } from '../../../src/domain/mcp/tool-definition';
import { nameStyle, SERVER_CHECKS, scoreServer, scoreTool, TOOL_CHECKS, type ToolQuality } from '../../../src/domain/mcp/tool-quality';

const good: ToolDefinition = {
  name: 'search_issues',
  title: 'Search issues',
  description: 'Search the issues of one repository by text, status and label; returns the matching issues, newest first.',
  inputSchema: {
    type: 'object',
    properties: {
      repo_id: { type: 'string', pattern: '^R_[0-9]+$', description: 'The repository id, e.g. R_123' },
      query: { type: 'string', description: 'Full-text query over titles and bodies' },
      status: { type: 'string', enum: ['open', 'closed'], description: 'Only issues in this status' },
      limit: { type: 'integer', minimum: 1, maximum: 100, description: 'At most this many issues (1..100)' },
      since: { type: 'string', format: 'date-time', description: 'Only issues updated after this instant' },
    },
    required: ['repo_id', 'query'],
  },
  outputSchema: { type: 'object', properties: { issues: { type: 'array' } }, required: ['issues'] },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  fingerprint: 'f'.repeat(64),
};

const lazy: ToolDefinition = {
  name: 'search',
  description: 'Search',
  inputSchema: { type: 'object', properties: { q: { type: 'string' }, n: { type: 'number' } } },
  fingerprint: '0'.repeat(64),
};

const SCHEMA_CHECKS = ['parameters-described', 'required-declared', 'constrained-types'];

function checkScore(q: ToolQuality, id: string): number {
  const c = q.checks.find((x) => x.id === id);
  assert.ok(c, `no check ${id}`);
  return c.score;
}

function schema(properties: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: 'object', properties, ...extra };
}

/** A well-defined tool with a name and a description of its own (distinct words, so no duplicate purposes). */
function distinct(i: number): ToolDefinition {
  return { ...good, name: `tool_${i}`, description: `Reads alpha${i} beta${i} gamma${i} delta${i} epsilon${i} from the store.` };
}

describe('MCP tool quality', () => {
  it('checks are data: fixed ids, positive weights', () => {
    assert.deepEqual(
      TOOL_CHECKS.map((c) => c.id),
      ['description', 'parameters-described', 'required-declared', 'constrained-types', 'output-schema', 'annotations', 'title'],
    );
    assert.deepEqual(
      SERVER_CHECKS.map((c) => c.id),
      ['distinct-purposes', 'consistent-naming', 'tool-count'],
    );
    for (const c of [...TOOL_CHECKS, ...SERVER_CHECKS]) assert.ok(c.weight > 0 && c.title.length > 0, c.id);
  });

  it('scores a well-defined tool >= 90 with no findings', () => {
    const q = scoreTool(good);
    assert.ok(q.score >= 90, JSON.stringify(q.checks));
    assert.equal(q.name, 'search_issues');
    assert.deepEqual(q.findings, []);
    for (const c of q.checks) assert.equal(c.fix, undefined, c.id);
  });

  it('scores a vague tool < 40 with findings (and fixes) for description, parameters-described and annotations', () => {
    const q = scoreTool(lazy);
    assert.ok(q.score < 40, String(q.score));
    for (const kind of ['description', 'parameters-described', 'annotations']) {
      const f = q.findings.find((x) => x.kind === kind);
      assert.ok(f, `no ${kind} finding`);
      assert.ok(f.fix.length > 0 && f.detail.length > 0);
      assert.equal(f.severity, 'medium', kind);
    }
    assert.equal(q.findings.find((x) => x.kind === 'required-declared')?.severity, 'low');
    assert.ok(q.findings.every((f) => f.severity !== 'high'));
    assert.equal(q.findings.length, q.checks.filter((c) => c.score < 1).length);
    for (const c of q.checks) assert.equal(c.fix !== undefined, c.score < 1, c.id);
  });

  const isolated: Array<[string, string, Partial<ToolDefinition>, number]> = [
    // description
    ['missing', 'description', { description: undefined }, 0],
    ['blank', 'description', { description: '   ' }, 0],
    ['the name restated', 'description', { description: 'Search issues' }, 0.1],
    ['the name restated, plural', 'description', { description: 'Searches the issue.' }, 0.1],
    ['"Does stuff"', 'description', { description: 'Does stuff' }, 0.25],
    ['"Tool"', 'description', { description: 'Tool' }, 0.25],
    ['"Helper"', 'description', { description: 'Helper' }, 0.25],
    ['"Handles requests"', 'description', { description: 'Handles requests' }, 0.25],
    ['generic words and the name', 'description', { description: 'A helper tool that does the search for issues and handles requests' }, 0.25],
    ['very short', 'description', { description: 'Lists open PRs' }, 0.5],
    ['exactly 20 characters', 'description', { description: 'Lists the open PRs!!' }, 1],
    ['over 1000 characters', 'description', { description: 'Find open pull requests by label. '.repeat(35) }, 0.75],
    ['over 2000 characters', 'description', { description: 'Find open pull requests by label. '.repeat(70) }, 0.5],
    ['not a string', 'description', { description: 42 as unknown as string }, 0],
    // parameters-described
    ['every parameter described', 'parameters-described', {}, 1],
    ['no parameters', 'parameters-described', { inputSchema: { type: 'object' } }, 1],
    ['one of two described', 'parameters-described', { inputSchema: schema({ a: { type: 'string', description: 'A' }, b: { type: 'string' } }) }, 0.5],
    [
      'two of three described',
      'parameters-described',
      { inputSchema: schema({ a: { type: 'string', description: 'A' }, b: { type: 'string', description: 'B' }, c: {} }) },
      0.67,
    ],
    ['a blank description', 'parameters-described', { inputSchema: schema({ a: { type: 'string', description: '  ' } }) }, 0],
    ['a property that is not an object', 'parameters-described', { inputSchema: schema({ a: 'string' }) }, 0],
    // required-declared
    ['required declared', 'required-declared', {}, 1],
    ['required empty', 'required-declared', { inputSchema: schema({ a: { type: 'string' } }, { required: [] }) }, 1],
    ['no parameters, no required', 'required-declared', { inputSchema: { type: 'object' } }, 1],
    ['required missing', 'required-declared', { inputSchema: schema({ a: { type: 'string' }, b: { type: 'string', default: 'x' } }) }, 0],
    [
      'required missing, all defaults',
      'required-declared',
      { inputSchema: schema({ a: { type: 'string', default: 'x' }, b: { type: 'number', default: 1 } }) },
      0.5,
    ],
    ['required not an array', 'required-declared', { inputSchema: schema({ a: { type: 'string', default: 'x' } }, { required: 'a' }) }, 0],
    ['required names an undeclared parameter', 'required-declared', { inputSchema: schema({ a: { type: 'string' } }, { required: ['zzz'] }) }, 0.5],
    // constrained-types
    ['typed and constrained', 'constrained-types', {}, 1],
    ['typed, nothing suggestive', 'constrained-types', { inputSchema: schema({ q: { type: 'string' }, verbose: { type: 'boolean' } }) }, 1],
    ['untyped', 'constrained-types', { inputSchema: schema({ q: {} }) }, 0],
    ['garbage type', 'constrained-types', { inputSchema: schema({ q: { type: 'strnig' }, r: { type: 'string' } }) }, 0.5],
    [
      'typed by enum, anyOf, $ref, const',
      'constrained-types',
      { inputSchema: schema({ a: { enum: [1, 2] }, b: { anyOf: [] }, c: { $ref: '#/x' }, d: { const: 1 } }) },
      1,
    ],
    ['a type array', 'constrained-types', { inputSchema: schema({ a: { type: ['string', 'null'] } }) }, 1],
    ['an unconstrained *_id', 'constrained-types', { inputSchema: schema({ user_id: { type: 'string' } }) }, 0],
    ['a constrained camelCase id', 'constrained-types', { inputSchema: schema({ userId: { type: 'string', minLength: 1 } }) }, 1],
    ['sort_by unconstrained', 'constrained-types', { inputSchema: schema({ sort_by: { type: 'string' } }) }, 0],
    ['max_results unconstrained', 'constrained-types', { inputSchema: schema({ max_results: { type: 'integer' } }) }, 0],
    ['an id list is not a string', 'constrained-types', { inputSchema: schema({ user_ids: { type: 'array' } }) }, 1],
    [
      'limit unconstrained, page constrained',
      'constrained-types',
      { inputSchema: schema({ q: { type: 'string' }, limit: { type: 'integer' }, page: { type: 'integer', minimum: 1 } }) },
      0.5,
    ],
    [
      'typed share × constrained share',
      'constrained-types',
      { inputSchema: schema({ a: { type: 'string' }, b: {}, email: { type: 'string' }, url: { type: 'string', format: 'uri' } }) },
      0.38,
    ],
    // output-schema
    ['output schema of type object', 'output-schema', {}, 1],
    ['no output schema', 'output-schema', { outputSchema: undefined }, 0],
    ['output schema of type array', 'output-schema', { outputSchema: { type: 'array' } }, 0],
    ['output schema not an object', 'output-schema', { outputSchema: 'x' as unknown as Record<string, unknown> }, 0],
    // annotations
    ['all annotations', 'annotations', {}, 1],
    ['read-only: destructiveHint not needed', 'annotations', { annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false } }, 1],
    ['no annotations', 'annotations', { annotations: undefined }, 0],
    ['readOnlyHint only', 'annotations', { annotations: { readOnlyHint: true } }, 0.5],
    ['readOnlyHint and idempotentHint', 'annotations', { annotations: { readOnlyHint: true, idempotentHint: true } }, 0.75],
    ['writing tool, destructiveHint declared', 'annotations', { annotations: { readOnlyHint: false, destructiveHint: true } }, 0.67],
    ['writing tool, every hint', 'annotations', { annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true } }, 1],
    ['destructiveHint without readOnlyHint', 'annotations', { annotations: { destructiveHint: true } }, 0.17],
    ['hints that are not booleans', 'annotations', { annotations: { readOnlyHint: 'yes' as unknown as boolean } }, 0],
    // title
    ['title', 'title', {}, 1],
    ['no title', 'title', { title: undefined }, 0],
    ['annotations.title', 'title', { title: undefined, annotations: { ...good.annotations, title: 'Search issues' } }, 1],
    ['blank titles', 'title', { title: ' ', annotations: { ...good.annotations, title: '' } }, 0],
  ];
  for (const [what, id, override, expected] of isolated) {
    it(`${id}: ${what} → ${expected}`, () => {
      const q = scoreTool({ ...good, ...override });
      assert.equal(checkScore(q, id), expected, JSON.stringify(q.checks.find((c) => c.id === id)));
      // The other checks stay at full marks (an inputSchema override may move its sibling schema checks).
      const exempt = new Set([id, ...('inputSchema' in override ? SCHEMA_CHECKS : [])]);
      for (const c of q.checks) if (!exempt.has(c.id)) assert.equal(c.score, 1, `${c.id} moved too`);
    });
  }

  it('tool score = round(100 × Σ weight×score / Σ weight)', () => {
    const q = scoreTool(lazy);
    const total = q.checks.reduce((n, c) => n + c.weight, 0);
    assert.equal(q.score, Math.round((100 * q.checks.reduce((n, c) => n + c.weight * c.score, 0)) / total));
  });

  const malformed: Array<[string, unknown]> = [
    ['properties a string', { type: 'object', properties: 'nope' }],
    ['properties an array', { type: 'object', properties: [{ type: 'string' }] }],
    ['inputSchema null', null],
    ['inputSchema a string', 'object'],
    ['inputSchema of type array', { type: 'array', items: {} }],
    ['required not an array, types garbage', { type: 'object', properties: { a: { type: 42 }, b: { type: { x: 1 } }, c: null }, required: 'a' }],
  ];
  for (const [what, inputSchema] of malformed) {
    it(`a malformed inputSchema (${what}) never throws and scores low`, () => {
      const tool = { ...good, inputSchema, outputSchema: undefined, annotations: undefined, title: undefined } as unknown as ToolDefinition;
      const q = scoreTool(tool);
      assert.ok(q.score < 40, String(q.score));
      assert.ok(q.findings.some((f) => f.kind === 'parameters-described' || f.kind === 'constrained-types'));
      assert.equal(scoreServer([tool]).tools.length, 1);
    });
  }

  it('never throws on a tool that is not an object, or on garbage fields', () => {
    for (const t of [null, undefined, 42, 'tool', [], { name: 7, description: {}, inputSchema: [], annotations: 'x', outputSchema: [] }]) {
      const q = scoreTool(t as unknown as ToolDefinition);
      assert.ok(Number.isInteger(q.score) && q.score >= 0 && q.score < 40, String(q.score));
    }
    assert.equal(scoreServer([null, { name: 'x' }] as unknown as ToolDefinition[]).tools.length, 2);
  });
});

describe('MCP server tool quality', () => {
  it('an empty server has no tool score', () => {
    const s = scoreServer([]);
    assert.equal(s.toolScore, null);
    assert.deepEqual(s.tools, []);
    assert.ok(s.findings.some((f) => f.kind === 'tool-count'));
  });

  it('keeps tools in the input order', () => {
    const s = scoreServer([lazy, good]);
    assert.deepEqual(
      s.tools.map((t) => t.name),
      ['search', 'search_issues'],
    );
  });

  it('weighs the worst tool: 9 perfect tools and 1 lazy one score at least 10 below the mean', () => {
    const tools = [...Array.from({ length: 9 }, (_, i) => distinct(i)), { ...lazy, name: 'tool_lazy' }];
    const s = scoreServer(tools);
    assert.ok(s.toolScore !== null);
    const mean = s.tools.reduce((n, t) => n + t.score, 0) / s.tools.length;
    assert.ok(s.tools.slice(0, 9).every((t) => t.score === 100));
    assert.deepEqual(s.findings, [], JSON.stringify(s.findings));
    assert.ok(s.toolScore <= mean - 10, `${s.toolScore} vs mean ${mean}`);
    const worst = Math.min(...s.tools.map((t) => t.score));
    assert.equal(s.toolScore, Math.round(0.55 * mean + 0.3 * worst + 0.15 * 100));
  });

  it('scores a server of well-defined tools 100', () => {
    assert.equal(scoreServer([distinct(1), distinct(2), distinct(3)]).toolScore, 100);
  });

  const duplicates: Array<[string, string[], number]> = [
    ['distinct descriptions', [good.description!, 'Create a new issue in one repository with a title, body and labels.', 'Close an issue by number.'], 1],
    [
      'the same words reordered',
      [good.description!, 'Returns matching issues newest first: search one repository issues by label, status, text.', 'Close an issue by number.'],
      0.67,
    ],
    ['identical but too short to tell', ['Get a user.', 'Get a user.', 'Create a new issue in one repository with a title.'], 1],
    [
      'three the same',
      ['Lists every open issue in the repository.', 'Lists every open issue in the repository.', 'List every open issues in repositories.'],
      0,
    ],
  ];
  for (const [what, descriptions, expected] of duplicates) {
    it(`distinct-purposes: ${what} → ${expected}`, () => {
      const tools = descriptions.map((d, i) => ({ ...good, name: `tool_${i}`, description: d }));
      const s = scoreServer(tools);
      const c = s.checks.find((x) => x.id === 'distinct-purposes')!;
      assert.equal(c.score, expected, c.detail);
      if (expected < 1) {
        assert.match(c.detail, /`tool_0` ≈ `tool_1`/);
        assert.ok(s.findings.some((f) => f.kind === 'distinct-purposes' && f.fix.length > 0));
      }
    });
  }

  it('distinct-purposes names at most 3 pairs', () => {
    const tools = Array.from({ length: 6 }, (_, i) => ({ ...good, name: `tool_${i}` }));
    const c = scoreServer(tools).checks.find((x) => x.id === 'distinct-purposes')!;
    assert.equal(c.score, 0);
    assert.equal(c.detail.match(/≈/g)?.length, 3);
  });

  const styles: Array<[string, string]> = [
    ['get_user', 'snake_case'],
    ['getUser', 'camelCase'],
    ['GetUser', 'PascalCase'],
    ['get-user', 'kebab-case'],
    ['github.get_user', 'dot.separated'],
    ['search', 'single-word'],
    ['Get_User', 'unrecognised'],
    ['', 'unrecognised'],
  ];
  for (const [name, style] of styles) it(`nameStyle: "${name}" → ${style}`, () => assert.equal(nameStyle(name), style));

  const naming: Array<[string[], number]> = [
    [['get_user', 'list_users', 'delete'], 1],
    [['getUser', 'listUsers', 'search'], 1],
    [['get-user', 'list-users'], 1],
    [['github.get_user', 'github.list_repos', 'ping'], 1],
    [['search', 'fetch'], 1],
    [['get_user', 'listUsers', 'delete_user', 'search'], 0.75],
    [['get_user', 'listUsers'], 0.5],
    [['Get_User', 'LIST_USERS', 'search'], 0.33],
  ];
  for (const [toolNames, expected] of naming) {
    it(`consistent-naming: ${toolNames.join(', ')} → ${expected}`, () => {
      const tools = toolNames.map((name, i) => ({ ...distinct(i), name }));
      const c = scoreServer(tools).checks.find((x) => x.id === 'consistent-naming')!;
      assert.equal(c.score, expected, c.detail);
      assert.equal(c.fix !== undefined, expected < 1);
    });
  }

  const counts: Array<[number, number]> = [
    [0, 0],
    [1, 1],
    [50, 1],
    [51, 0.5],
    [100, 0.5],
    [101, 0.25],
  ];
  for (const [n, expected] of counts) {
    it(`tool-count: ${n} tools → ${expected}`, () => {
      const s = scoreServer(Array.from({ length: n }, (_, i) => distinct(i)));
      assert.equal(s.checks.find((x) => x.id === 'tool-count')!.score, expected);
    });
  }

  it('scores a 200-tool server (every pair compared)', () => {
    const tools = Array.from({ length: 200 }, (_, i) => distinct(i));
    const s = scoreServer(tools);
    assert.equal(s.tools.length, 200);
    assert.equal(s.checks.find((x) => x.id === 'distinct-purposes')!.score, 1);
    assert.ok(s.toolScore !== null && s.toolScore < 100);
  });
});
