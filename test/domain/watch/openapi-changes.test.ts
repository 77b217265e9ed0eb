import assert from 'node:assert/strict';
import { type OpenApiComparison, readChangelog } from '../../../src/domain/watch/openapi-changes';

// Captured from oasdiff v1.37.0: `oasdiff changelog v1.json v2.json --format json` on PETS_V1 → PETS_V2 (test/fixture-web/openapi-versions.ts).
const PETS_CHANGELOG = JSON.parse(
  '[{"id":"new-required-request-parameter","text":"added the new required `query` request parameter `species`","level":3,"operation":"GET","operationId":"listPets","path":"/pets","section":"paths","revisionSource":{"file":"v2.json","line":1,"column":202,"endLine":1,"endColumn":1924},"fingerprint":"1a3ea56a3db4"},' +
    '{"id":"request-property-type-changed","text":"the `age` request property `type` changed from `string` to `integer`","level":3,"operation":"POST","operationId":"createPet","path":"/pets","section":"paths","baseSource":{"file":"v1.json","line":1,"column":636},"revisionSource":{"file":"v2.json","line":1,"column":711},"fingerprint":"e93605c4289f"},' +
    '{"id":"api-removed-without-deprecation","text":"API removed without deprecation","level":3,"operation":"DELETE","operationId":"deletePet","path":"/pets/{id}","section":"paths","baseSource":{"file":"v1.json","line":1,"column":1483,"endLine":1,"endColumn":1660},"fingerprint":"49ef7b2d452a"},' +
    '{"id":"response-required-property-removed","text":"removed the required property `tag` from the response with the `200` status","level":3,"operation":"GET","operationId":"getPet","path":"/pets/{id}","section":"paths","baseSource":{"file":"v1.json","line":1,"column":1199,"endLine":1,"endColumn":1660},"fingerprint":"cd7e4217d464"},' +
    '{"id":"api-security-anonymous-access-removed","text":"the endpoint no longer allows anonymous access and now only accepts `apiKey`","level":3,"operation":"PUT","operationId":"updatePet","path":"/pets/{id}","section":"paths","baseSource":{"file":"v1.json","line":1,"column":1230,"endLine":1,"endColumn":1660},"revisionSource":{"file":"v2.json","line":1,"column":1309},"fingerprint":"530aa2a98608"},' +
    '{"id":"endpoint-added","text":"endpoint added","level":1,"operation":"GET","operationId":"listPetPhotos","path":"/pets/{id}/photos","section":"paths","revisionSource":{"file":"v2.json","line":1,"column":1663,"endLine":1,"endColumn":1924},"fingerprint":"71256f57d8a3"}]',
);

// Captured from oasdiff v1.37.0: a removed optional query parameter (WARN), and a security scheme added under components (no operation).
const WARNING_CHANGELOG = JSON.parse(
  '[{"id":"request-parameter-removed","text":"deleted the `query` request parameter `q`","comment":"This is a warning because some clients may return an error when receiving an unexpected parameter. It is recommended to deprecate the parameter first.","level":2,"operation":"GET","path":"/a","section":"paths","baseSource":{"file":"p1.json","line":1,"column":92,"endLine":1,"endColumn":189},"fingerprint":"dc30c0447bf6"}]',
);
const COMPONENT_CHANGELOG = JSON.parse(
  '[{"id":"api-security-component-added","text":"the component security scheme `k` was added","level":1,"section":"components","revisionSource":{"file":"s2.json","line":1,"column":222,"endLine":1,"endColumn":271},"fingerprint":"849fd3ba53c5"}]',
);

const change = (id: string, level: 'breaking' | 'warning' | 'info', text: string, method?: string, path?: string) =>
  method && path ? { id, level, text, operation: `${method} ${path}`, path } : { id, level, text };

const entry = (over: Record<string, unknown> = {}) => ({ id: 'endpoint-added', text: 'endpoint added', level: 1, operation: 'GET', path: '/a', ...over });

const CASES: Array<{ name: string; input: unknown; want: OpenApiComparison }> = [
  {
    name: 'real pets changelog: five breaking changes and one compatible addition',
    input: PETS_CHANGELOG,
    want: {
      breaking: [
        change('new-required-request-parameter', 'breaking', 'added the new required `query` request parameter `species`', 'GET', '/pets'),
        change('request-property-type-changed', 'breaking', 'the `age` request property `type` changed from `string` to `integer`', 'POST', '/pets'),
        change('api-removed-without-deprecation', 'breaking', 'API removed without deprecation', 'DELETE', '/pets/{id}'),
        change(
          'response-required-property-removed',
          'breaking',
          'removed the required property `tag` from the response with the `200` status',
          'GET',
          '/pets/{id}',
        ),
        change(
          'api-security-anonymous-access-removed',
          'breaking',
          'the endpoint no longer allows anonymous access and now only accepts `apiKey`',
          'PUT',
          '/pets/{id}',
        ),
      ],
      changes: [change('endpoint-added', 'info', 'endpoint added', 'GET', '/pets/{id}/photos')],
    },
  },
  {
    name: 'a WARN change (level 2) is a warning, not breaking',
    input: WARNING_CHANGELOG,
    want: { breaking: [], changes: [change('request-parameter-removed', 'warning', 'deleted the `query` request parameter `q`', 'GET', '/a')] },
  },
  {
    name: 'a change outside any operation has neither operation nor path',
    input: COMPONENT_CHANGELOG,
    want: { breaking: [], changes: [change('api-security-component-added', 'info', 'the component security scheme `k` was added')] },
  },
  { name: 'identical documents: an empty array', input: [], want: { breaking: [], changes: [] } },
  { name: 'not an array', input: { id: 'x' }, want: { breaking: [], changes: [] } },
  { name: 'null', input: null, want: { breaking: [], changes: [] } },
  {
    name: 'malformed entries are skipped, the good one kept',
    input: [
      null,
      'endpoint added',
      42,
      [],
      entry({ id: undefined }),
      entry({ id: '' }),
      entry({ id: 7 }),
      entry({ text: undefined }),
      entry({ level: 'error' }),
      entry({ level: 0 }),
      entry({ level: 4 }),
      entry({ level: 2.5 }),
      entry(),
    ],
    want: { breaking: [], changes: [change('endpoint-added', 'info', 'endpoint added', 'GET', '/a')] },
  },
  {
    name: 'a method without a path gives no operation; a path without a method keeps the path',
    input: [entry({ path: undefined }), entry({ operation: undefined }), entry({ operation: 5 })],
    want: {
      breaking: [],
      changes: [
        { id: 'endpoint-added', level: 'info', text: 'endpoint added' },
        { id: 'endpoint-added', level: 'info', text: 'endpoint added', path: '/a' },
        { id: 'endpoint-added', level: 'info', text: 'endpoint added', path: '/a' },
      ],
    },
  },
];

describe('readChangelog (oasdiff changelog JSON)', () => {
  for (const c of CASES) {
    it(c.name, () => {
      assert.deepEqual(readChangelog(c.input), c.want);
    });
  }

  it('keeps at most 100 changes in each list', () => {
    const many = [...Array.from({ length: 150 }, (_, i) => entry({ level: 3, path: `/b${i}` })), ...Array.from({ length: 150 }, () => entry())];
    const { breaking, changes } = readChangelog(many);
    assert.equal(breaking.length, 100);
    assert.equal(changes.length, 100);
    assert.equal(breaking[99].path, '/b99', 'the first 100, in oasdiff order');
  });

  it('cuts text, path and operation to 300 characters', () => {
    const longPath = `/${'p'.repeat(400)}`;
    const [only] = readChangelog([entry({ text: 'x'.repeat(1000), path: longPath })]).changes;
    assert.equal(only.text, 'x'.repeat(300));
    assert.equal(only.path, longPath.slice(0, 300));
    assert.equal(only.operation, `GET ${longPath}`.slice(0, 300));
  });

  it('a full breaking list does not crowd out compatible changes', () => {
    const input = [...Array.from({ length: 120 }, () => entry({ level: 3 })), entry({ id: 'late-info' })];
    assert.equal(readChangelog(input).changes[0]?.id, 'late-info');
  });
});
