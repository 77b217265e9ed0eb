import { type McpScenario, SCENARIOS, serveScenario, serveScenarioOverSse } from './mcp-servers';
import { html, json, notFound, page, routes, send, text, type SiteHandler } from './respond';

/**
 * Sites whose MCP servers the trust checks audit (issue 38), one scenario each (mcp-servers.ts), over
 * Streamable HTTP at `/mcp` or the legacy HTTP+SSE transport at `/sse` (named by a server card).
 */
function trustSite(name: string, scenario: McpScenario | (() => McpScenario), transport: 'streamable' | 'sse' = 'streamable'): SiteHandler {
  return routes({
    '/robots.txt': (_q, r) => text(r, 'User-agent: *\nAllow: /\n'),
    '/': (_q, r) =>
      html(
        r,
        page(
          `${name}: tools for agents`,
          `<h1>${name}</h1><p>${'Our remote MCP server gives agents our tools. '.repeat(5)}</p><a href="/docs">Docs</a> <a href="/pricing">Pricing</a>`,
          `<meta name="description" content="${name} tools for agents over MCP.">`,
        ),
      ),
    '/docs': (_q, r) => html(r, page(`${name} docs`, `<h1>Docs</h1><p>Connect your agent to our MCP server.</p><pre><code>npm install ${name}</code></pre>`)),
    '/.well-known/mcp.json': (_q, r, ctx) =>
      transport === 'sse' ? json(r, { name, url: `http://${ctx.host}/sse` }) : send(r, 404, 'application/json', '{"error":"not found"}'),
    '/mcp': (q, r) => (transport === 'streamable' ? serveScenario(q, r, scenario) : notFound(r)),
    '/sse': (q, r) => (transport === 'sse' ? serveScenarioOverSse(q, r, '/sse', scenario) : notFound(r)),
    '/sse/messages': (q, r) => (transport === 'sse' ? serveScenarioOverSse(q, r, '/sse', scenario) : notFound(r)),
  });
}

/** Which definition the changing server serves: a test moves it between two audits. */
export const shifty = { version: 1 as 1 | 2 };

/** An MCP server behind OAuth: every request 401 with the MCP authorization challenge. */
const locked: SiteHandler = (req, res, ctx) => {
  if (ctx.path === '/mcp')
    return send(res, 401, 'application/json', '{"error":"invalid_token"}', {
      'www-authenticate': `Bearer resource_metadata="http://${ctx.host}/.well-known/oauth-protected-resource"`,
    });
  return trustSite('Lockbox', SCENARIOS.wellDefined)(req, res, ctx);
};

export const MCP_TRUST_SITES: Record<string, SiteHandler> = {
  'trust-well.test': trustSite('Acme Docs', SCENARIOS.wellDefined),
  'trust-well-sse.test': trustSite('Acme Docs Legacy', SCENARIOS.wellDefined, 'sse'),
  'trust-vague.test': trustSite('Vague', SCENARIOS.vague),
  'trust-poisoned.test': trustSite('Helpful Math', SCENARIOS.poisoned),
  'trust-poisoned-sse.test': trustSite('Helpful Math Legacy', SCENARIOS.poisoned, 'sse'),
  'trust-erroring.test': trustSite('Flaky Reader', SCENARIOS.erroring),
  'trust-hanging.test': trustSite('Slowpoke', SCENARIOS.hanging),
  'trust-dangerous.test': trustSite('Dangerous', SCENARIOS.destructiveOnly),
  'trust-shifty.test': trustSite('Shifty', () => (shifty.version === 1 ? SCENARIOS.changingV1 : SCENARIOS.changingV2)),
  'trust-pages.test': trustSite('Many Pages', SCENARIOS.paginated),
  'trust-pages-sse.test': trustSite('Many Pages Legacy', SCENARIOS.paginated, 'sse'),
  'trust-bloated.test': trustSite('Bloated', SCENARIOS.oversized),
  'trust-broken.test': trustSite('Broken Defs', SCENARIOS.malformed),
  'trust-locked.test': locked,
  'trust-forty.test': trustSite('Forty Tools', SCENARIOS.forty),
};
