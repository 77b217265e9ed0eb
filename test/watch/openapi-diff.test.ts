import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { compareOpenApi } from '../../activities/watch/openapi-diff';
import type { OpenApiComparison } from '../../src/domain/watch/openapi-changes';
import { OASDIFF_VERSION, cachedOasdiffPath, locateOasdiff } from '../../src/runtime/oasdiff-cli';
import { PETS_V1, PETS_V2 } from '../fixture-web/openapi-versions';

const cacheDir = process.env.AGENTDEX_CACHE_DIR ?? path.join(os.homedir(), '.cache', 'agentdex');

function find(list: OpenApiComparison['breaking'], id: RegExp, operation: string) {
  return list.find((c) => id.test(c.id) && c.operation === operation);
}

describe('compareOpenApi (real oasdiff)', () => {
  let oasdiff: string;

  before(async function () {
    this.timeout(10 * 60_000); // the first run may build oasdiff with go install
    const found = await locateOasdiff({ cacheDir, log: (m) => console.error(m) });
    if (!found) {
      assert.fail(
        `oasdiff not found on PATH or at ${cachedOasdiffPath(cacheDir)}, and no Go toolchain to build it. Install it with ` +
          `GOBIN=${path.dirname(cachedOasdiffPath(cacheDir))} go install github.com/oasdiff/oasdiff@${OASDIFF_VERSION}`,
      );
    }
    oasdiff = found;
  });

  it('reports each incompatible change in v2 as breaking, and the new operation as compatible', async () => {
    const { breaking, changes } = await compareOpenApi(oasdiff, JSON.stringify(PETS_V1), JSON.stringify(PETS_V2));
    const expected: Array<[string, RegExp, string]> = [
      ['removed operation', /^api-removed/, 'DELETE /pets/{id}'],
      ['new required query parameter', /^new-required-request-parameter$/, 'GET /pets'],
      ['request field narrowed string → integer', /^request-property-type-changed$/, 'POST /pets'],
      ['response field removed', /^response-required-property-removed$/, 'GET /pets/{id}'],
      ['security requirement added', /security/, 'PUT /pets/{id}'],
    ];
    for (const [what, id, operation] of expected) {
      assert.ok(find(breaking, id, operation), `${what} (${operation}) should be breaking; got ${JSON.stringify(breaking)}`);
    }
    assert.equal(breaking.length, expected.length, JSON.stringify(breaking));
    assert.ok(find(changes, /^endpoint-added$/, 'GET /pets/{id}/photos'), JSON.stringify(changes));
    assert.ok(!breaking.some((c) => c.path === '/pets/{id}/photos'), 'the new operation is not breaking');
  });

  it('identical documents give no changes', async () => {
    assert.deepEqual(await compareOpenApi(oasdiff, JSON.stringify(PETS_V1), JSON.stringify(PETS_V1)), { breaking: [], changes: [] });
  });

  it('refuses a remote $ref instead of fetching it', async () => {
    let requests = 0;
    const server = http.createServer((_req, res) => {
      requests++;
      res.end('{"type":"object"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const remote = structuredClone(PETS_V2) as { paths: Record<string, unknown> };
      remote.paths['/remote'] = { get: { responses: { '200': { $ref: `http://127.0.0.1:${port}/response.json` } } } };
      await assert.rejects(compareOpenApi(oasdiff, JSON.stringify(PETS_V1), JSON.stringify(remote)), /external reference/);
      assert.equal(requests, 0);
    } finally {
      server.close();
    }
  });

  it('a document oasdiff cannot read fails with its stderr', async () => {
    await assert.rejects(
      compareOpenApi(oasdiff, JSON.stringify(PETS_V1), 'not json {'),
      /oasdiff changelog failed \(exit \d+\): .*failed to load revision spec/,
    );
  });
});
