import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config';
import { configuredOutbound } from '../../src/net/configured';
import { discoverCandidates } from '../../src/services/discovery';
import { getInfra } from '../support/infra';

// The sources are the fixture MCP registry and SearXNG instance; down.test refuses connections and
// evil-private.test maps to a private address the network guard must refuse.
describe('discovery sources', () => {
  const deps = (sources: { mcpRegistryUrl: string; searchProviderUrl?: string; maxAudits?: number }) => {
    const config = loadConfig({ ...process.env, ...getInfra().outboundEnv });
    return { db: getInfra().db, outbound: configuredOutbound(config), sources: { maxAudits: 5, ...sources } };
  };

  it('asks the MCP registry one keyword at a time and the search provider once, through the guarded layer', async () => {
    const before = getInfra().fixtureWeb.requests.length;
    const { candidates, errors } = await discoverCandidates(deps({ mcpRegistryUrl: 'http://mcp-registry.test', searchProviderUrl: 'http://searx.test' }), {
      task: 'similarity search for embeddings',
    });
    assert.deepEqual(errors, []);
    const asked = getInfra()
      .fixtureWeb.requests.slice(before)
      .map((r) => `${r.host}${r.path}`);
    assert.equal(asked.filter((a) => a === 'mcp-registry.test/v0/servers').length, 3);
    assert.equal(asked.filter((a) => a === 'searx.test/search').length, 1);
    for (const c of candidates) assert.ok(!['github.com', 'wikipedia.org'].includes(c.domain), c.domain);
    assert.ok(candidates.length <= 5);
  });

  it('answers from the sources that work when one is down or forbidden, naming the failures', async () => {
    for (const bad of ['http://down.test', 'http://evil-private.test']) {
      const { candidates, errors } = await discoverCandidates(deps({ mcpRegistryUrl: bad, searchProviderUrl: 'http://searx.test' }), {
        task: 'send transactional email',
      });
      assert.ok(errors.length > 0 && errors.every((e) => e.startsWith(bad)), errors.join('; '));
      assert.ok(candidates.every((c) => c.source === 'web-search'));
    }
  });

  it('stops at the configured number of audits', async () => {
    const { candidates } = await discoverCandidates(
      deps({ mcpRegistryUrl: 'http://mcp-registry.test', searchProviderUrl: 'http://searx.test', maxAudits: 1 }),
      { task: 'send transactional email' },
    );
    // mailpigeon.test and postbox-mail.test are new to the registry (the discovery endpoint test audits one at most).
    assert.equal(candidates.length, 1);
  });
});
