import assert from 'node:assert/strict';
import type { AuditArtifacts, McpArtifact } from '../../../src/domain/audit/artifacts';
import { type ComparableTool, comparableTools, firstSentence, toolDrift } from '../../../src/domain/mcp/drift';
import type { ToolDefinition } from '../../../src/domain/mcp/tool-definition';

const SINCE = '2025-01-01T00:00:00.000Z';

/** A whole definition; its fingerprint stands for its content (it changes whenever a field does). */
function def(name: string, extra: Partial<ComparableTool> = {}): ComparableTool {
  const t: ComparableTool = {
    name,
    title: `Tool ${name}`,
    description: `Does ${name}. In detail.`,
    inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
    outputSchema: { type: 'object' },
    annotations: { readOnlyHint: true },
    ...extra,
  };
  return { ...t, fingerprint: extra.fingerprint ?? JSON.stringify(t) };
}

/** A tool as audits stored before issue 38 kept it: its name and first sentence, no fingerprint. */
const legacy = (name: string, description?: string): ComparableTool => ({ name, description });

describe('MCP toolDrift', () => {
  it('is null when the tools are the same', () => {
    const tools = [def('a'), def('b')];
    assert.equal(toolDrift(tools, tools, SINCE), null);
    assert.equal(toolDrift(structuredClone(tools), structuredClone(tools).reverse(), SINCE), null);
  });

  it('is null for two empty lists', () => {
    assert.equal(toolDrift([], [], SINCE), null);
  });

  it('lists added and removed tools, sorted by name, with the date compared against', () => {
    const drift = toolDrift([def('zeta'), def('keep'), def('alpha')], [def('keep'), def('omega'), def('beta')], SINCE);
    assert.deepEqual(drift, { since: SINCE, added: ['beta', 'omega'], removed: ['alpha', 'zeta'], changed: [] });
  });

  const fieldChanges: Array<[string, Partial<ComparableTool>, string[]]> = [
    ['title', { title: 'Another title' }, ['title']],
    ['title removed', { title: undefined }, ['title']],
    ['description', { description: 'Does it differently.' }, ['description']],
    ['description beyond the first sentence', { description: 'Does a. In other detail.' }, ['description']],
    ['inputSchema', { inputSchema: { type: 'object', properties: { q: { type: 'number' } } } }, ['inputSchema']],
    ['outputSchema', { outputSchema: { type: 'array' } }, ['outputSchema']],
    ['outputSchema removed', { outputSchema: undefined }, ['outputSchema']],
    ['annotations', { annotations: { readOnlyHint: false } }, ['annotations']],
    ['annotations added', { annotations: { readOnlyHint: true, openWorldHint: true } }, ['annotations']],
    ['several fields, in field order', { annotations: {}, description: 'New.', title: 'New' }, ['title', 'description', 'annotations']],
    [
      'every field',
      { title: 'x', description: 'x', inputSchema: {}, outputSchema: {}, annotations: {} },
      ['title', 'description', 'inputSchema', 'outputSchema', 'annotations'],
    ],
  ];
  for (const [what, change, fields] of fieldChanges) {
    it(`names the changed fields when both sides have fingerprints: ${what}`, () => {
      const drift = toolDrift([def('a'), def('b')], [def('a', change), def('b')], SINCE);
      assert.deepEqual(drift, { since: SINCE, added: [], removed: [], changed: [{ name: 'a', fields }] });
    });
  }

  it('does not count schema keys written in another order as a changed field', () => {
    const then = def('a', { inputSchema: { type: 'object', required: ['q'], properties: { q: { type: 'string', minLength: 1 } } } });
    const now = def('a', { description: 'Changed.', inputSchema: { properties: { q: { minLength: 1, type: 'string' } }, required: ['q'], type: 'object' } });
    assert.deepEqual(toolDrift([then], [now], SINCE)?.changed, [{ name: 'a', fields: ['description'] }]);
  });

  it('lists changed tools sorted by name', () => {
    const drift = toolDrift([def('c'), def('a'), def('b')], [def('c', { title: 'C' }), def('b'), def('a', { title: 'A' })], SINCE);
    assert.deepEqual(
      drift?.changed.map((c) => c.name),
      ['a', 'c'],
    );
  });

  it('reports added, removed and changed together', () => {
    const drift = toolDrift(
      [def('gone'), def('same'), def('edited')],
      [def('new'), def('same'), def('edited', { annotations: { destructiveHint: true } })],
      SINCE,
    );
    assert.deepEqual(drift, { since: SINCE, added: ['new'], removed: ['gone'], changed: [{ name: 'edited', fields: ['annotations'] }] });
  });

  it('takes equal fingerprints as unchanged, whatever the fields objects are', () => {
    const then = def('a');
    const copy = structuredClone(then);
    assert.notEqual(copy.inputSchema, then.inputSchema);
    assert.equal(toolDrift([then], [copy], SINCE), null);
    // The fingerprint is what is compared first: equal fingerprints settle it.
    const sameFingerprint = { ...def('a', { description: 'Different text.' }), fingerprint: then.fingerprint };
    assert.equal(toolDrift([then], [sameFingerprint], SINCE), null);
  });

  const legacyRows: Array<[string, ComparableTool, ComparableTool, string[] | null]> = [
    ['the same first sentence, previous legacy', legacy('a', 'Does a.'), def('a', { description: 'Does a. Now much more.' }), null],
    ['a different first sentence, previous legacy', legacy('a', 'Did a.'), def('a', { description: 'Does a. More.' }), ['description']],
    ['the same first sentence, current legacy', def('a', { description: 'Does a. More.' }), legacy('a', 'Does a.'), null],
    ['both legacy, the same', legacy('a', 'Does a.'), legacy('a', 'Does a.'), null],
    ['both legacy, different', legacy('a', 'Does a.'), legacy('a', 'Does b.'), ['description']],
    ['both legacy, neither described', legacy('a'), legacy('a'), null],
    ['a description appearing', legacy('a'), legacy('a', 'Does a.'), ['description']],
    ['an empty description against none', legacy('a', ''), legacy('a'), null],
    [
      'other fields ignored on the legacy path',
      legacy('a', 'Does a.'),
      def('a', { description: 'Does a.', title: 'Other', inputSchema: {}, annotations: { destructiveHint: true } }),
      null,
    ],
    ['an empty fingerprint is no fingerprint', { ...def('a'), fingerprint: '' }, def('a', { title: 'Other' }), null],
  ];
  for (const [what, then, now, fields] of legacyRows) {
    it(`compares first sentences only when a side has no fingerprint: ${what}`, () => {
      const drift = toolDrift([then], [now], SINCE);
      assert.deepEqual(drift, fields ? { since: SINCE, added: [], removed: [], changed: [{ name: 'a', fields }] } : null);
    });
  }
});

describe('MCP firstSentence', () => {
  const rows: Array<[string, string | undefined, string]> = [
    ['undefined', undefined, ''],
    ['empty', '', ''],
    ['one sentence', 'Searches issues.', 'Searches issues.'],
    ['no end mark', 'Searches issues', 'Searches issues'],
    ['two sentences', 'Searches issues. Returns them.', 'Searches issues.'],
    ['a question', 'Which repo? Any.', 'Which repo?'],
    ['an exclamation', 'Careful! It writes.', 'Careful!'],
    ['a newline after the stop', 'Searches.\nReturns them.', 'Searches.'],
    ['a dot inside a token', 'Reads v1.2 files. Then stops.', 'Reads v1.2 files.'],
    ['a dot without a space after', 'See example.com for more', 'See example.com for more'],
  ];
  for (const [what, text, out] of rows) {
    it(what, () => {
      assert.equal(firstSentence(text), out);
    });
  }

  it('cuts at 200 characters', () => {
    assert.equal(firstSentence(`${'a'.repeat(300)}. Next.`), 'a'.repeat(200));
  });
});

describe('MCP comparableTools', () => {
  type Endpoint = McpArtifact['endpoints'][number];
  const endpoint = (extra: Partial<Endpoint>): Endpoint => ({ url: 'https://example.com/mcp', declared: true, outcome: 'ok', ...extra });
  const mcp = (...endpoints: Endpoint[]): AuditArtifacts['mcp'] => ({ ok: true, value: { endpoints } });
  const definitions: ToolDefinition[] = [
    { name: 'search', description: 'Searches. More.', inputSchema: { type: 'object' }, fingerprint: 'a'.repeat(64) },
    { name: 'fetch', inputSchema: {}, annotations: { readOnlyHint: true }, fingerprint: 'b'.repeat(64) },
  ];

  const none: Array<[string, AuditArtifacts['mcp'] | null | undefined]> = [
    ['no artifact', undefined],
    ['a null artifact', null],
    ['an errored artifact', { ok: false, error: 'timeout' }],
    ['no endpoints', mcp()],
    [
      'no live endpoint',
      mcp(endpoint({ outcome: 'dead', tools: ['x'] }), endpoint({ outcome: 'auth-required' }), endpoint({ outcome: 'not-mcp', toolDefinitions: definitions })),
    ],
  ];
  for (const [what, artifact] of none) {
    it(`is undefined for ${what}`, () => {
      assert.equal(comparableTools(artifact), undefined);
    });
  }

  it('reads the whole definitions of the first live endpoint', () => {
    const other: ToolDefinition[] = [{ name: 'other', inputSchema: {}, fingerprint: 'c'.repeat(64) }];
    const tools = comparableTools(
      mcp(
        endpoint({ outcome: 'dead', toolDefinitions: other }),
        endpoint({ toolDefinitions: definitions, tools: ['ignored'] }),
        endpoint({ toolDefinitions: other }),
      ),
    );
    assert.deepEqual(tools, definitions);
  });

  const legacyRows: Array<[string, Partial<Endpoint>, ComparableTool[]]> = [
    [
      'tools with their first sentences',
      { tools: ['search', 'fetch'], toolDescriptions: ['Searches.', 'Fetches.'] },
      [
        { name: 'search', description: 'Searches.' },
        { name: 'fetch', description: 'Fetches.' },
      ],
    ],
    [
      'fewer descriptions than tools',
      { tools: ['search', 'fetch'], toolDescriptions: ['Searches.'] },
      [
        { name: 'search', description: 'Searches.' },
        { name: 'fetch', description: undefined },
      ],
    ],
    ['tools only (audits before descriptions were kept)', { tools: ['search'] }, [{ name: 'search', description: undefined }]],
    ['a live endpoint listing nothing', {}, []],
  ];
  for (const [what, fields, expected] of legacyRows) {
    it(`reads a stored endpoint with ${what}`, () => {
      const tools = comparableTools(mcp(endpoint(fields)));
      assert.deepEqual(tools, expected);
      for (const t of tools ?? []) assert.equal(t.fingerprint, undefined);
    });
  }
});
