import assert from 'node:assert/strict';
import path from 'node:path';
import { startTestApp, type TestApp } from '../support/app';
import { runCommand } from '../support/command';
import { getInfra } from '../support/infra';
import { createWorkspace } from '../support/workspaces';

const INSPECTOR = path.resolve(__dirname, '../../../node_modules/.bin/mcp-inspector');

/** The MCP Inspector's CLI mode: a client written by others, so our server is not only checked by our own SDK use. */
const inspector = (args: string[]) => runCommand(INSPECTOR, ['--cli', ...args]);

describe('hosted MCP server through the MCP Inspector CLI', function () {
  this.timeout(120_000);
  let app: TestApp;
  let ws: { workspaceId: string; key: string };
  const target = () => [`${app.baseUrl}/mcp`, '--transport', 'http', '--header', `x-api-key: ${ws.key}`];

  before(async () => {
    app = await startTestApp();
    ws = await createWorkspace(getInfra().db);
  });
  after(() => app.close());

  it('lists the tools, with schemas that pass its portability checks', async () => {
    const r = await inspector([...target(), '--method', 'tools/list', '--strict']);
    assert.equal(r.code, 0, r.stderr);
    const names = (JSON.parse(r.stdout) as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
    assert.equal(names.length, 17, names.join(','));
    assert.doesNotMatch(r.stderr, /warning|error/i, 'no portability warnings');
  });

  it('calls each of the seventeen tools, recording the metered ones with source mcp', async () => {
    const calls: Array<[string, string[]]> = [
      ['list_registry', ['limit=3']],
      ['get_profile', ['slug=stripe']],
      ['search_tools', ['query=vector database', 'mcp=true']],
      ['compare_products', ['slugs=["stripe","paypal"]']],
      ['audit', ['domain=site-7.test']],
      ['find_tools_for_task', ['task=send transactional email']],
      ['resolve', ['task=send transactional email', 'api=true']],
      ['how_to', ['task=send transactional email']],
      ['get_usage', []],
      ['get_company', ['domain=tallyhive.test']],
      ['get_pricing', ['domain=tallyhive.test']],
      ['find_competitors', ['domain=stripe.com', 'limit=2']],
      ['compare_companies', ['domains=["tallyhive.test","mosaicdesk.test"]']],
      ['research_company', ['domain=tallyhive.test', 'question=What is the rate limit of the Tallyhive API?']],
      // Watching is free: these three record no usage.
      ['watch_product', ['product=stripe', 'threshold=10']],
      ['list_watches', []],
      ['list_events', ['limit=5']],
    ];
    for (const [tool, args] of calls) {
      const r = await inspector([...target(), '--method', 'tools/call', '--tool-name', tool, ...args.flatMap((a) => ['--tool-arg', a])]);
      assert.equal(r.code, 0, `${tool}: ${r.stderr}`);
      const result = JSON.parse(r.stdout);
      assert.notEqual(result.isError, true, `${tool}: ${r.stdout.slice(0, 500)}`);
      assert.equal(typeof result.structuredContent, 'object', tool);
    }
    const events = await getInfra().db('usage_events').where({ workspace_id: ws.workspaceId }).select('event_type', 'source');
    assert.equal(events.length, 9);
    assert.ok(events.every((e) => e.source === 'mcp'));
  });

  it('fails without a key', async () => {
    const r = await inspector([`${app.baseUrl}/mcp`, '--transport', 'http', '--method', 'tools/list']);
    assert.notEqual(r.code, 0);
    assert.match(r.stdout + r.stderr, /An API key is required: send it in the x-api-key header/);
  });
});
