import assert from 'node:assert/strict';
import { type CallPlan, isCallable, type NoCall, planCall, requiredSchema, safeSchema, valueFromSchema } from '../../../src/domain/mcp/call-plan';
import type { JsonSchema, ToolAnnotations, ToolDefinition } from '../../../src/domain/mcp/tool-definition';

const READ_ONLY: ToolAnnotations = { readOnlyHint: true };

function tool(name: string, annotations: ToolAnnotations | undefined, inputSchema: JsonSchema = { type: 'object' }): ToolDefinition {
  const t: ToolDefinition = { name, inputSchema, fingerprint: name.padEnd(64, '0') };
  if (annotations) t.annotations = annotations;
  return t;
}

/** An input schema requiring `known` (each with a default) and `unknown` (no value given) properties. */
function requiring(known: string[], unknown: string[]): JsonSchema {
  const properties: Record<string, unknown> = {};
  for (const k of known) properties[k] = { type: 'string', default: `${k}-value` };
  for (const u of unknown) properties[u] = { type: 'string' };
  return { type: 'object', properties, required: [...known, ...unknown] };
}

function plan(tools: ToolDefinition[]): CallPlan {
  const p = planCall(tools);
  assert.ok('tool' in p, JSON.stringify(p));
  return p;
}

describe('MCP isCallable', () => {
  const rows: Array<[string, ToolAnnotations | undefined, boolean]> = [
    ['no annotations', undefined, false],
    ['empty annotations', {}, false],
    ['readOnlyHint: true alone', { readOnlyHint: true }, true],
    ['readOnlyHint: true, destructiveHint: false', { readOnlyHint: true, destructiveHint: false }, true],
    ['readOnlyHint: true, destructiveHint: true', { readOnlyHint: true, destructiveHint: true }, false],
    ['readOnlyHint: false alone', { readOnlyHint: false }, false],
    ['readOnlyHint: false, destructiveHint: false', { readOnlyHint: false, destructiveHint: false }, false],
    ['readOnlyHint: false, destructiveHint: true', { readOnlyHint: false, destructiveHint: true }, false],
    ['destructiveHint: false alone', { destructiveHint: false }, false],
    ['destructiveHint: true alone', { destructiveHint: true }, false],
    ['read-only with the other hints set', { readOnlyHint: true, idempotentHint: true, openWorldHint: true, title: 'T' }, true],
  ];
  for (const [what, annotations, callable] of rows) {
    it(`${callable ? 'calls' : 'does not call'} a tool with ${what}`, () => {
      assert.equal(isCallable(tool('t', annotations)), callable);
    });
  }
});

describe('MCP planCall', () => {
  const reasons: Array<[string, ToolDefinition[], string]> = [
    ['no tools', [], 'the server lists no tools'],
    [
      'no read-only tool',
      [tool('a', undefined), tool('b', { readOnlyHint: false }), tool('c', { destructiveHint: false })],
      'no tool is annotated readOnlyHint: true, and only such a tool is ever called',
    ],
    [
      'read-only tools that are all destructive',
      [tool('a', { readOnlyHint: true, destructiveHint: true }), tool('b', { readOnlyHint: false })],
      'its read-only tools are also annotated destructive: none is called',
    ],
  ];
  for (const [what, tools, reason] of reasons) {
    it(`gives a reason for calling nothing: ${what}`, () => {
      assert.deepEqual(planCall(tools) as NoCall, { reason });
    });
  }

  it('never picks a tool that is not callable, however easy its input', () => {
    const p = plan([
      tool('write', { readOnlyHint: false }),
      tool('wipe', { readOnlyHint: true, destructiveHint: true }),
      tool('read', READ_ONLY, requiring([], ['a', 'b', 'c'])),
    ]);
    assert.equal(p.tool, 'read');
  });

  const choices: Array<[string, ToolDefinition[], string]> = [
    [
      'fewer unknown required values beats fewer required values',
      [tool('a_one_unknown', READ_ONLY, requiring([], ['x'])), tool('b_three_known', READ_ONLY, requiring(['x', 'y', 'z'], []))],
      'b_three_known',
    ],
    ['at equal unknowns, fewer required values', [tool('a_two', READ_ONLY, requiring(['x'], ['y'])), tool('b_one', READ_ONLY, requiring([], ['y']))], 'b_one'],
    [
      'at equal unknowns, fewer known values',
      [
        tool('a_two_known', READ_ONLY, requiring(['x', 'y'], [])),
        tool('b_none', READ_ONLY, requiring([], [])),
        tool('c_one_known', READ_ONLY, requiring(['x'], [])),
      ],
      'b_none',
    ],
    ['then by name', [tool('zeta', READ_ONLY), tool('alpha', READ_ONLY), tool('mu', READ_ONLY)], 'alpha'],
    [
      'by name among equal plans, whatever the list order',
      [tool('b', READ_ONLY, requiring(['k'], ['u'])), tool('a', READ_ONLY, requiring(['k'], ['u'])), tool('c', READ_ONLY, requiring([], ['u', 'v']))],
      'a',
    ],
  ];
  for (const [what, tools, chosen] of choices) {
    it(`chooses by ${what}`, () => {
      assert.equal(plan(tools).tool, chosen);
      assert.equal(plan([...tools].reverse()).tool, chosen);
    });
  }

  it('splits the required values into known ones (with their values) and unknown ones', () => {
    const inputSchema = {
      type: 'object',
      properties: {
        limit: { type: 'integer', default: 10 },
        status: { type: 'string', enum: ['open', 'closed'] },
        repo: { type: 'string' },
        optional: { type: 'string', default: 'not required' },
      },
      required: ['limit', 'status', 'repo', 'absent'],
    };
    assert.deepEqual(plan([tool('search', READ_ONLY, inputSchema)]), {
      tool: 'search',
      known: { limit: 10, status: 'open' },
      unknown: ['repo', 'absent'],
    });
  });

  const required: Array<[string, JsonSchema, Pick<CallPlan, 'known' | 'unknown'>]> = [
    ['no required list', { type: 'object', properties: { a: { type: 'string' } } }, { known: {}, unknown: [] }],
    ['required not an array', { type: 'object', required: 'a' }, { known: {}, unknown: [] }],
    ['non-string required entries', { type: 'object', required: ['a', 3, null, { b: 1 }] }, { known: {}, unknown: ['a'] }],
    ['a name required twice', { type: 'object', properties: { a: { const: 1 } }, required: ['a', 'b', 'a', 'b'] }, { known: { a: 1 }, unknown: ['b'] }],
    ['properties not an object', { type: 'object', properties: [{ default: 1 }], required: ['0'] }, { known: {}, unknown: ['0'] }],
    ['a property schema that is not an object', { type: 'object', properties: { a: 'string' }, required: ['a'] }, { known: {}, unknown: ['a'] }],
  ];
  for (const [what, inputSchema, expected] of required) {
    it(`reads the required values of a schema with ${what}`, () => {
      assert.deepEqual(plan([tool('t', READ_ONLY, inputSchema)]), { tool: 't', ...expected });
    });
  }
});

describe('MCP valueFromSchema', () => {
  const rows: Array<[string, unknown, ReturnType<typeof valueFromSchema>]> = [
    ['default first', { default: 'd', examples: ['e'], example: 'x', const: 'c', enum: ['n'] }, { found: true, value: 'd' }],
    ['a falsy default', { default: 0, examples: ['e'] }, { found: true, value: 0 }],
    ['a null default', { default: null, examples: ['e'] }, { found: true, value: null }],
    [
      'examples[0] when the default is undefined',
      { default: undefined, examples: ['e1', 'e2'], example: 'x', const: 'c', enum: ['n'] },
      { found: true, value: 'e1' },
    ],
    ['example after examples', { examples: [], example: 'x', const: 'c', enum: ['n'] }, { found: true, value: 'x' }],
    ['example when examples is not an array', { examples: 'e', example: 'x' }, { found: true, value: 'x' }],
    ['const after example', { example: undefined, const: 'c', enum: ['n'] }, { found: true, value: 'c' }],
    ['a false const', { const: false, enum: [true] }, { found: true, value: false }],
    ['a null const', { const: null }, { found: true, value: null }],
    ['enum[0] last', { type: 'string', enum: ['n1', 'n2'] }, { found: true, value: 'n1' }],
    ['none for an empty enum', { type: 'string', enum: [] }, { found: false }],
    ['none for a bare type', { type: 'string' }, { found: false }],
    ['none for an empty schema', {}, { found: false }],
    ['none for undefined', undefined, { found: false }],
    ['none for null', null, { found: false }],
    ['none for a string', 'default', { found: false }],
    ['none for an array', [{ default: 1 }], { found: false }],
  ];
  for (const [what, schema, expected] of rows) {
    it(what, () => {
      assert.deepEqual(valueFromSchema(schema), expected);
    });
  }
});

describe('MCP safeSchema', () => {
  const rows: Array<[string, unknown, unknown]> = [
    ['drops a top-level pattern', { type: 'string', pattern: '^(a+)+$', minLength: 1 }, { type: 'string', minLength: 1 }],
    [
      'drops patternProperties',
      { type: 'object', patternProperties: { '^x': { type: 'string' } }, additionalProperties: false },
      { type: 'object', additionalProperties: false },
    ],
    [
      'drops a pattern inside a property',
      { type: 'object', properties: { id: { type: 'string', pattern: '^R_[0-9]+$' } }, required: ['id'] },
      { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    ],
    [
      'drops patterns inside arrays of schemas',
      { anyOf: [{ type: 'string', pattern: 'a' }, { type: 'number' }], items: [{ pattern: 'b', type: 'string' }] },
      { anyOf: [{ type: 'string' }, { type: 'number' }], items: [{ type: 'string' }] },
    ],
    [
      'drops patterns deep down',
      { properties: { a: { items: { properties: { b: { allOf: [{ pattern: 'x', patternProperties: {}, maxLength: 3 }] } } } } } },
      { properties: { a: { items: { properties: { b: { allOf: [{ maxLength: 3 }] } } } } } },
    ],
    ['drops a remote $ref', { $ref: 'https://example.com/schema.json', type: 'object' }, { type: 'object' }],
    ['drops a relative file $ref', { properties: { a: { $ref: 'other.json#/defs/a' } } }, { properties: { a: {} } }],
    ['drops a $ref that is not a string', { $ref: { evil: true }, type: 'string' }, { type: 'string' }],
    [
      'keeps a local $ref',
      { $defs: { id: { type: 'string' } }, properties: { a: { $ref: '#/$defs/id' } } },
      { $defs: { id: { type: 'string' } }, properties: { a: { $ref: '#/$defs/id' } } },
    ],
    ['keeps a root $ref', { items: { $ref: '#' } }, { items: { $ref: '#' } }],
    ['keeps scalars and null as they are', { enum: ['a', 1, null, true], default: null }, { enum: ['a', 1, null, true], default: null }],
    ['passes a non-object through', 'string', 'string'],
    ['passes null through', null, null],
  ];
  for (const [what, input, out] of rows) {
    it(what, () => {
      const before = structuredClone(input);
      assert.deepEqual(safeSchema(input), out);
      assert.deepEqual(input, before, 'the input is not changed');
    });
  }

  it('returns an empty schema beyond a depth of 16', () => {
    let deep: Record<string, unknown> = { type: 'string', pattern: 'x' };
    for (let i = 0; i < 30; i++) deep = { items: deep };
    let out = safeSchema(deep) as Record<string, unknown>;
    let depth = 0;
    while (out && typeof out === 'object' && 'items' in out) {
      out = out.items as Record<string, unknown>;
      depth++;
    }
    assert.deepEqual(out, {});
    assert.ok(depth <= 17, `cut at depth ${depth}`);
  });
});

describe('MCP requiredSchema', () => {
  const rows: Array<[string, JsonSchema, string, JsonSchema]> = [
    ['a declared property', { properties: { q: { type: 'string', minLength: 1 } } }, 'q', { type: 'string', minLength: 1 }],
    ['no properties', { type: 'object', required: ['q'] }, 'q', {}],
    ['a property not declared', { properties: { other: { type: 'string' } } }, 'q', {}],
    ['properties an array', { properties: [{ type: 'string' }] }, '0', {}],
    ['properties a string', { properties: 'q' }, 'q', {}],
    ['properties null', { properties: null }, 'q', {}],
    ['a property schema that is a string', { properties: { q: 'string' } }, 'q', {}],
    ['a property schema that is an array', { properties: { q: [{ type: 'string' }] } }, 'q', {}],
    ['a property schema that is true', { properties: { q: true } }, 'q', {}],
  ];
  for (const [what, inputSchema, name, expected] of rows) {
    it(`reads ${what}`, () => {
      assert.deepEqual(requiredSchema(tool('t', READ_ONLY, inputSchema), name), expected);
    });
  }
});
