import assert from 'node:assert/strict';
import { canonicalDefinition, canonicalJson, type ReadTool, readToolList, TOOL_LIST_BOUNDS } from '../../../src/domain/mcp/read-tools';

const schema = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] };
const entry = (name: string, extra: Record<string, unknown> = {}) => ({ name, description: `Does ${name}.`, inputSchema: schema, ...extra });

function only(entries: unknown[]): ReadTool {
  const list = readToolList(entries);
  assert.equal(list.tools.length, 1, JSON.stringify(list));
  return list.tools[0];
}

describe('MCP readToolList', () => {
  it('keeps a well-formed tool whole, with no notes and no problems', () => {
    const annotations = { title: 'Search', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
    const outputSchema = { type: 'object' };
    const list = readToolList([{ name: 'search', title: 'Search', description: 'Searches.', inputSchema: schema, outputSchema, annotations }]);
    assert.deepEqual(list, {
      tools: [{ name: 'search', title: 'Search', description: 'Searches.', inputSchema: schema, outputSchema, annotations }],
      listed: 1,
      problems: [],
    });
  });

  const malformed: Array<[string, unknown]> = [
    ['null', null],
    ['a string', 'search'],
    ['a number', 42],
    ['an array', [{ name: 'search' }]],
    ['an object with no name', { description: 'No name.', inputSchema: schema }],
    ['a numeric name', { name: 7, inputSchema: schema }],
    ['a blank name', { name: '   ', inputSchema: schema }],
    ['an empty name', { name: '', inputSchema: schema }],
  ];
  for (const [what, bad] of malformed) {
    it(`drops an entry that is ${what} and counts it`, () => {
      const list = readToolList([entry('kept'), bad]);
      assert.deepEqual(
        list.tools.map((t) => t.name),
        ['kept'],
      );
      assert.equal(list.listed, 2);
      assert.deepEqual(list.problems, ['1 entry of tools/list not a tool (no string name): left out']);
    });
  }

  it('counts several malformed entries in one problem line', () => {
    const list = readToolList(malformed.map(([, bad]) => bad));
    assert.deepEqual(list.tools, []);
    assert.equal(list.listed, malformed.length);
    assert.deepEqual(list.problems, [`${malformed.length} entries of tools/list not a tool (no string name): left out`]);
  });

  const wrongTypes: Array<[string, Record<string, unknown>, (t: ReadTool) => void, string[]]> = [
    ['title a number', { title: 12 }, (t) => assert.equal('title' in t, false), ['title is not a string: left out']],
    ['description an object', { description: { text: 'x' } }, (t) => assert.equal('description' in t, false), ['description is not a string: left out']],
    ['inputSchema a string', { inputSchema: '{"type":"object"}' }, (t) => assert.deepEqual(t.inputSchema, {}), ['inputSchema is not an object: left out']],
    ['inputSchema an array', { inputSchema: [] }, (t) => assert.deepEqual(t.inputSchema, {}), ['inputSchema is not an object: left out']],
    ['inputSchema missing', { inputSchema: undefined }, (t) => assert.deepEqual(t.inputSchema, {}), ['no inputSchema']],
    ['outputSchema null', { outputSchema: null }, (t) => assert.equal('outputSchema' in t, false), ['outputSchema is not an object: left out']],
    ['annotations an array', { annotations: [true] }, (t) => assert.equal('annotations' in t, false), ['annotations is not an object: left out']],
    [
      'annotations.readOnlyHint a string',
      { annotations: { readOnlyHint: 'true', destructiveHint: false } },
      (t) => assert.deepEqual(t.annotations, { destructiveHint: false }),
      ['annotations.readOnlyHint is not a boolean: left out'],
    ],
    [
      'every annotation flag a number',
      { annotations: { readOnlyHint: 1, destructiveHint: 0, idempotentHint: 1, openWorldHint: 0 } },
      (t) => assert.deepEqual(t.annotations, {}),
      [
        'annotations.readOnlyHint is not a boolean: left out',
        'annotations.destructiveHint is not a boolean: left out',
        'annotations.idempotentHint is not a boolean: left out',
        'annotations.openWorldHint is not a boolean: left out',
      ],
    ],
    [
      'title and description both wrong',
      { title: false, description: 3 },
      (t) => assert.equal('title' in t || 'description' in t, false),
      ['title is not a string: left out', 'description is not a string: left out'],
    ],
  ];
  for (const [what, fields, check, bounded] of wrongTypes) {
    it(`leaves out a wrong-typed field (${what}) with a note`, () => {
      const list = readToolList([entry('tool', fields)]);
      assert.equal(list.tools.length, 1);
      assert.deepEqual(list.problems, []);
      const t = list.tools[0];
      assert.equal(t.name, 'tool');
      check(t);
      assert.deepEqual(t.bounded, bounded);
    });
  }

  const { maxNameChars, maxTitleChars, maxDescriptionChars } = TOOL_LIST_BOUNDS;
  const overLong: Array<[string, Record<string, unknown>, (t: ReadTool) => string | undefined, number, string]> = [
    ['name', { name: 'n'.repeat(maxNameChars + 5) }, (t) => t.name, maxNameChars, `name cut from ${maxNameChars + 5} to ${maxNameChars} characters`],
    ['title', { title: 't'.repeat(maxTitleChars + 1) }, (t) => t.title, maxTitleChars, `title cut from ${maxTitleChars + 1} to ${maxTitleChars} characters`],
    [
      'description',
      { description: 'd'.repeat(maxDescriptionChars + 100) },
      (t) => t.description,
      maxDescriptionChars,
      `description cut from ${maxDescriptionChars + 100} to ${maxDescriptionChars} characters`,
    ],
    [
      'annotations.title',
      { annotations: { title: 'a'.repeat(maxTitleChars * 2) } },
      (t) => t.annotations?.title,
      maxTitleChars,
      `annotations.title cut from ${maxTitleChars * 2} to ${maxTitleChars} characters`,
    ],
  ];
  for (const [what, fields, read, max, note] of overLong) {
    it(`cuts an over-long ${what} with a note`, () => {
      const t = only([entry('tool', fields)]);
      const value = read(t);
      assert.equal(value?.length, max);
      assert.ok(value && /^(.)\1*$/.test(value), 'the start is kept');
      assert.deepEqual(t.bounded, [note]);
    });
  }

  it('keeps fields exactly at their bounds uncut, with no note', () => {
    const t = only([entry('n'.repeat(maxNameChars), { title: 't'.repeat(maxTitleChars), description: 'd'.repeat(maxDescriptionChars) })]);
    assert.equal(t.name.length, maxNameChars);
    assert.equal(t.title?.length, maxTitleChars);
    assert.equal(t.description?.length, maxDescriptionChars);
    assert.equal(t.bounded, undefined);
  });

  for (const field of ['inputSchema', 'outputSchema'] as const) {
    it(`leaves out an ${field} over maxSchemaBytes with a note`, () => {
      const big = { type: 'object', description: 'x'.repeat(TOOL_LIST_BOUNDS.maxSchemaBytes) };
      const bytes = JSON.stringify(big).length;
      const t = only([entry('tool', { [field]: big })]);
      if (field === 'inputSchema') assert.deepEqual(t.inputSchema, {});
      else assert.equal('outputSchema' in t, false);
      assert.deepEqual(t.bounded, [`${field} of ${Math.round(bytes / 1024)} KB is over ${TOOL_LIST_BOUNDS.maxSchemaBytes / 1024} KB: left out`]);
    });
  }

  it('keeps a schema just under maxSchemaBytes', () => {
    const wrapper = JSON.stringify({ description: '' }).length;
    const fits = { description: 'x'.repeat(TOOL_LIST_BOUNDS.maxSchemaBytes - wrapper) };
    assert.equal(JSON.stringify(fits).length, TOOL_LIST_BOUNDS.maxSchemaBytes);
    const t = only([entry('tool', { inputSchema: fits })]);
    assert.deepEqual(t.inputSchema, fits);
    assert.equal(t.bounded, undefined);
  });

  const counts: Array<[number, number, string[]]> = [
    [TOOL_LIST_BOUNDS.maxTools, TOOL_LIST_BOUNDS.maxTools, []],
    [TOOL_LIST_BOUNDS.maxTools + 1, TOOL_LIST_BOUNDS.maxTools, [`1 tool beyond the first ${TOOL_LIST_BOUNDS.maxTools}: not kept`]],
    [TOOL_LIST_BOUNDS.maxTools + 7, TOOL_LIST_BOUNDS.maxTools, [`7 tools beyond the first ${TOOL_LIST_BOUNDS.maxTools}: not kept`]],
  ];
  for (const [listed, kept, problems] of counts) {
    it(`keeps the first ${kept} of ${listed} tools`, () => {
      const list = readToolList(Array.from({ length: listed }, (_, i) => entry(`tool_${i}`)));
      assert.equal(list.tools.length, kept);
      assert.equal(list.tools[kept - 1].name, `tool_${kept - 1}`);
      assert.equal(list.listed, listed);
      assert.deepEqual(list.problems, problems);
    });
  }

  it('stops keeping tools at the total byte budget, but keeps a later one that still fits', () => {
    // Each big tool is just under the schema bound, so the total budget, not the schema bound, is what stops them.
    const big = (i: number) => ({ name: `big_${i}`, inputSchema: { description: 'x'.repeat(TOOL_LIST_BOUNDS.maxSchemaBytes - 100) } });
    const size = JSON.stringify(only([big(0)])).length;
    const fit = Math.floor(TOOL_LIST_BOUNDS.maxTotalBytes / size);
    const entries = [...Array.from({ length: fit + 2 }, (_, i) => big(i)), entry('small')];
    const list = readToolList(entries);
    assert.deepEqual(
      list.tools.map((t) => t.name),
      [...Array.from({ length: fit }, (_, i) => `big_${i}`), 'small'],
    );
    assert.ok(JSON.stringify(list.tools).length <= TOOL_LIST_BOUNDS.maxTotalBytes + list.tools.length + 1);
    assert.equal(list.listed, fit + 3);
    assert.deepEqual(list.problems, [`2 tools beyond ${TOOL_LIST_BOUNDS.maxTotalBytes / 1024} KB of definitions: not kept`]);
  });

  it('keeps the first of tools listed twice under one name', () => {
    const list = readToolList([entry('a', { description: 'First.' }), entry('b'), entry('a', { description: 'Second.' }), entry('a', { title: 'Third' })]);
    assert.deepEqual(
      list.tools.map((t) => [t.name, t.description]),
      [
        ['a', 'First.'],
        ['b', 'Does b.'],
      ],
    );
    assert.equal(list.listed, 4);
    assert.deepEqual(list.problems, ['2 tools listed twice under one name: the first kept']);
  });

  it('counts every entry in listed and reports each kind of problem on its own line', () => {
    const entries = [entry('a'), null, entry('a'), { name: 5 }, ...Array.from({ length: TOOL_LIST_BOUNDS.maxTools }, (_, i) => entry(`t_${i}`))];
    const list = readToolList(entries);
    assert.equal(list.listed, entries.length);
    assert.equal(list.tools.length, TOOL_LIST_BOUNDS.maxTools);
    assert.deepEqual(list.problems, [
      '2 entries of tools/list not a tool (no string name): left out',
      '1 tool listed twice under one name: the first kept',
      `1 tool beyond the first ${TOOL_LIST_BOUNDS.maxTools}: not kept`,
    ]);
  });

  it('reads an empty list as no tools and no problems', () => {
    assert.deepEqual(readToolList([]), { tools: [], listed: 0, problems: [] });
  });
});

describe('MCP canonicalDefinition', () => {
  const def: ReadTool = {
    name: 'search',
    title: 'Search',
    description: 'Searches.',
    inputSchema: { type: 'object', properties: { q: { type: 'string', description: 'Query' }, n: { type: 'integer' } }, required: ['q'] },
    outputSchema: { type: 'object' },
    annotations: { readOnlyHint: true, destructiveHint: false },
  };
  const reordered: ReadTool = {
    annotations: { destructiveHint: false, readOnlyHint: true },
    outputSchema: { type: 'object' },
    inputSchema: { required: ['q'], properties: { n: { type: 'integer' }, q: { description: 'Query', type: 'string' } }, type: 'object' },
    description: 'Searches.',
    title: 'Search',
    name: 'search',
  };

  it('is the same for the same definition with keys in another order', () => {
    assert.equal(canonicalDefinition(reordered), canonicalDefinition(def));
  });

  it('does not depend on the bounded notes', () => {
    assert.equal(canonicalDefinition({ ...def, bounded: ['title cut from 300 to 200 characters'] }), canonicalDefinition(def));
  });

  const changes: Array<[string, ReadTool]> = [
    ['the description changes', { ...def, description: 'Searches everything.' }],
    ['the description is removed', { ...def, description: undefined }],
    ['the name changes', { ...def, name: 'find' }],
    ['the title changes', { ...def, title: 'Find' }],
    ['a property description changes', { ...def, inputSchema: { ...def.inputSchema, properties: { q: { type: 'string', description: 'Text' } } } }],
    ['the output schema is removed', { ...def, outputSchema: undefined }],
    ['an annotation flips', { ...def, annotations: { readOnlyHint: false, destructiveHint: false } }],
    ['the required order changes', { ...def, inputSchema: { ...def.inputSchema, required: ['n', 'q'] } }],
  ];
  for (const [what, other] of changes) {
    it(`differs when ${what}`, () => {
      assert.notEqual(canonicalDefinition(other), canonicalDefinition(def));
    });
  }
});

describe('MCP canonicalJson', () => {
  const rows: Array<[string, unknown, string]> = [
    ['sorts top-level keys', { b: 1, a: 2 }, '{"a":2,"b":1}'],
    ['sorts nested keys', { z: { y: 1, x: { d: 1, c: 2 } }, a: [] }, '{"a":[],"z":{"x":{"c":2,"d":1},"y":1}}'],
    ['sorts keys of objects inside arrays, keeping array order', [{ b: 1, a: 1 }, 2, { d: 0, c: 0 }], '[{"a":1,"b":1},2,{"c":0,"d":0}]'],
    ['drops undefined values', { a: undefined, b: 1, c: { d: undefined } }, '{"b":1,"c":{}}'],
    ['keeps null values', { a: null }, '{"a":null}'],
    ['writes undefined in an array as null', [undefined, 1], '[null,1]'],
    ['writes undefined alone as null', undefined, 'null'],
    ['escapes strings and keys as JSON', { 'a"b': 'line\nbreak' }, '{"a\\"b":"line\\nbreak"}'],
    ['writes scalars as JSON', [true, 0, -1.5, 'x', null], '[true,0,-1.5,"x",null]'],
  ];
  for (const [what, input, out] of rows) {
    it(what, () => {
      assert.equal(canonicalJson(input), out);
    });
  }

  it('is valid JSON that parses back to the same value', () => {
    const v = { b: [1, { y: 'x', x: null }], a: { c: true } };
    assert.deepEqual(JSON.parse(canonicalJson(v)), v);
  });
});
