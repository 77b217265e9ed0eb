import assert from 'node:assert/strict';
import { jsonOf } from '../support/http';
import SwaggerParser from '@apidevtools/swagger-parser';
import { startTestApp, type TestApp } from '../support/app';

describe('GET /openapi.json', () => {
  let app: TestApp;
  // biome-ignore lint/suspicious/noExplicitAny: the document is walked by path in assertions
  let doc: any;
  before(async () => {
    app = await startTestApp();
    const res = await fetch(`${app.baseUrl}/openapi.json`);
    assert.equal(res.status, 200);
    doc = await jsonOf(res);
  });
  after(() => app.close());

  it('is a valid OpenAPI 3.0 document (swagger-parser validation)', async () => {
    // validate() dereferences in place; give it a copy so later assertions see the original.
    await SwaggerParser.validate(structuredClone(doc));
    assert.match(doc.openapi, /^3\.0\./);
  });

  it('carries version 0.1.0 and a single server entry from PUBLIC_BASE_URL', () => {
    assert.equal(doc.info.version, '0.1.0');
    assert.deepEqual(doc.servers, [{ url: 'http://agentdex.test' }]);
  });

  it('describes the descriptors and the API key scheme', () => {
    assert.ok(doc.paths['/health'].get);
    assert.ok(doc.paths['/llms.txt'].get);
    assert.equal(doc.components.securitySchemes.ApiKey.name, 'x-api-key');
    assert.ok(doc.components.schemas.Error, 'the shared Error schema is a named component');
  });

  it('publishes the events feed type filter with the pattern the server applies (an empty list is refused)', () => {
    const param = doc.paths['/v1/events'].get.parameters.find((p: { name: string }) => p.name === 'type');
    assert.ok(param?.schema?.pattern, 'the type filter carries a pattern');
    const pattern = new RegExp(param.schema.pattern);
    assert.ok(pattern.test('readiness.dropped,openapi.breaking'));
    assert.ok(!pattern.test(''));
    assert.ok(!pattern.test('readiness.dropped,'));
  });
});

describe('GET /llms.txt', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());

  it('is plain text in llms.txt form: title, summary, sections of links', async () => {
    const res = await fetch(`${app.baseUrl}/llms.txt`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
    const text = await res.text();
    const lines = text.split('\n');
    assert.equal(lines[0], '# Agentdex');
    assert.ok(
      lines.some((l) => l.startsWith('> ')),
      'has a blockquote summary',
    );
    assert.ok(
      lines.some((l) => l.startsWith('## ')),
      'has H2 sections',
    );
    assert.match(text, /\[GET \/health\]\(http:\/\/agentdex\.test\/openapi\.json#\/paths\/~1health\/get\)/);
    assert.match(text, /Idempotency-Key/);
    assert.match(text, /## MCP server/);
    assert.match(text, /- \[resolve\]\(http:\/\/agentdex\.test\/\.well-known\/mcp\/server-card\.json\): /);
  });
});
