import type { McpArtifact } from '../artifacts';
import { fail, pass, type AuditDef } from '../audit';

export const AI_BOTS = [
  'GPTBot',
  'OAI-SearchBot',
  'ChatGPT-User',
  'ClaudeBot',
  'Claude-User',
  'anthropic-ai',
  'PerplexityBot',
  'Google-Extended',
  'CCBot',
  'Applebot-Extended',
];

/** How an endpoint was found, for the finding's detail. */
function foundVia(e: McpArtifact['endpoints'][number], mcp: McpArtifact): string {
  switch (e.source) {
    case 'server-card':
      return ` (named by the server card${mcp.serverCard ? ` ${mcp.serverCard.url}` : ''})`;
    case 'link':
      return ' (linked)';
    case 'docs-page':
      return ` (named on ${mcp.pages?.find((p) => p.endpoints.includes(e.url))?.url ?? 'a page about MCP'})`;
    case 'protected-resource':
      return ' (the OAuth protected resource, RFC 9728)';
    case 'common-path':
      return ' (at a common path)';
    default:
      return '';
  }
}

export const discoveryAudits: AuditDef[] = [
  {
    id: 'robots-txt',
    requires: ['robots'],
    audit: ({ robots }) =>
      robots.present
        ? pass('robots.txt is served and parseable')
        : robots.status >= 500
          ? fail(
              `robots.txt answers ${robots.status}; RFC 9309 crawlers must then treat the whole site as disallowed`,
              'Serve /robots.txt with 200 (or 404 if you want no rules)',
            )
          : fail('No robots.txt', 'Publish /robots.txt stating which agents may read what (RFC 9309), with a Sitemap line'),
  },
  {
    id: 'robots-ai-access',
    requires: ['robots'],
    audit: ({ robots }) => {
      const bots = Object.entries(robots.aiBots);
      const blocked = bots.filter(([, ok]) => !ok).map(([b]) => b);
      if (!blocked.length) return pass('AI agents and crawlers may read the site');
      return fail(
        `robots.txt blocks ${blocked.join(', ')}`,
        'Allow the AI user agents you want answering questions about your product (at least your docs) in robots.txt',
        (bots.length - blocked.length) / bots.length,
      );
    },
  },
  {
    id: 'content-signals',
    requires: ['robots'],
    audit: ({ robots }) =>
      robots.contentSignals.length
        ? pass(`Content signals declared: ${robots.contentSignals.join('; ')}`)
        : fail('No Content-Signal in robots.txt', 'Declare how your content may be used (e.g. "Content-Signal: search=yes, ai-input=yes, ai-train=no")'),
  },
  {
    id: 'sitemap',
    requires: ['sitemap'],
    audit: ({ sitemap }) =>
      sitemap.found
        ? pass(`Sitemap at ${sitemap.url} lists ${sitemap.urlCount} URLs`)
        : fail('No sitemap found', 'Publish /sitemap.xml and reference it from robots.txt'),
  },
  {
    id: 'llms-txt',
    requires: ['llmsTxt'],
    audit: ({ llmsTxt }) => {
      if (!llmsTxt.found) return fail('No /llms.txt', 'Publish a markdown /llms.txt (llmstxt.org): an H1 title, a summary and sections linking your key docs');
      if (!llmsTxt.isText) return fail('/llms.txt returns an HTML page, not text', 'Serve /llms.txt as text/plain or text/markdown', 0.25);
      if (llmsTxt.problems.length)
        return fail(
          `/llms.txt has problems: ${llmsTxt.problems.join('; ')}`,
          'Follow the llmstxt.org format: H1 title, > summary, ## sections of [name](url) links',
          0.5,
        );
      return pass(`/llms.txt: ${llmsTxt.sections.length} sections, ${llmsTxt.links.length} links`);
    },
  },
  {
    id: 'mcp-server',
    requires: ['mcp'],
    audit: ({ mcp }) => {
      const live = mcp.endpoints.filter((e) => e.outcome === 'ok' || e.outcome === 'auth-required');
      if (live.length) return pass(`MCP server at ${live.map((e) => `${e.url}${foundVia(e, mcp)}`).join(', ')}`);
      if (mcp.serverCard) return fail(`An MCP server card is published but no endpoint answered`, 'Make the endpoint in your server card reachable', 0.5);
      const page = mcp.pages?.find((p) => p.describesServer);
      if (page)
        return fail(
          `${page.url} describes an MCP server, but no endpoint it names nor any common path (/mcp, /sse, /v1/mcp, /api/mcp) answers MCP`,
          'Write the endpoint URL on that page and publish a server card at /.well-known/mcp.json',
        );
      return fail('No MCP server found (no server card, no /mcp endpoint)', 'Offer a remote MCP server and publish a server card at /.well-known/mcp.json');
    },
  },
  {
    id: 'a2a-agent-card',
    requires: ['a2a'],
    audit: ({ a2a }) =>
      a2a.found && a2a.valid
        ? pass(`A2A agent card at ${a2a.url}`)
        : a2a.found
          ? fail(`A2A agent card at ${a2a.url} is not valid JSON with name and skills`, 'Fix the agent card per the A2A specification', 0.5)
          : fail('No A2A agent card', 'If you run agents, publish /.well-known/agent-card.json (A2A)'),
  },
  {
    id: 'agent-skills',
    requires: ['agentSkills'],
    audit: ({ agentSkills }) =>
      agentSkills.found && agentSkills.valid
        ? pass(`Agent skills index at ${agentSkills.url}`)
        : fail('No agent skills index', 'Publish /.well-known/agent-skills/index.json listing skills agents can load'),
  },
  {
    id: 'api-catalog',
    requires: ['apiCatalog'],
    audit: ({ apiCatalog }) =>
      apiCatalog.found && apiCatalog.valid
        ? pass(`API catalog (RFC 9727) at ${apiCatalog.url}`)
        : apiCatalog.found
          ? fail('/.well-known/api-catalog is not a valid linkset', 'Serve an application/linkset+json document (RFC 9264) with service-desc links', 0.5)
          : fail('No /.well-known/api-catalog', 'Publish an RFC 9727 API catalog linking your OpenAPI descriptions'),
  },
  {
    id: 'openapi-published',
    requires: ['openapi'],
    audit: ({ openapi }) =>
      openapi.found
        ? pass(
            `OpenAPI description at ${openapi.url}${openapi.format === 'yaml' ? ' (YAML)' : ''}${openapi.declared === false ? ', found at a common path' : ''}`,
          )
        : fail(
            'No OpenAPI description found at declared or common paths',
            'Publish your OpenAPI description (e.g. /openapi.json) and link it from the API catalog',
          ),
  },
  {
    id: 'homepage-metadata',
    requires: ['homepage'],
    audit: ({ homepage }) => {
      const missing = [!homepage.title && 'title', !homepage.description && 'meta description', !homepage.openGraph['og:title'] && 'OpenGraph'].filter(Boolean);
      return missing.length
        ? fail(
            `Homepage lacks ${missing.join(', ')}`,
            'Give the homepage a title, a meta description and OpenGraph tags that say what the product does',
            1 - missing.length / 3,
          )
        : pass('Homepage has a title, description and OpenGraph tags');
    },
  },
  {
    id: 'structured-data',
    requires: ['homepage'],
    audit: ({ homepage }) =>
      homepage.organization
        ? pass(`JSON-LD Organization: ${homepage.organization.name ?? 'unnamed'}`)
        : fail('No JSON-LD Organization on the homepage', 'Add schema.org Organization JSON-LD (name, url, logo, sameAs)'),
  },
  {
    id: 'link-headers',
    requires: ['homepage'],
    audit: ({ homepage }) => {
      const useful = homepage.linkHeader.filter((l) => /api-catalog|service-desc|service-doc|describedby|llms/i.test(l.rel));
      return useful.length
        ? pass(`Link headers point agents at ${useful.map((l) => l.rel).join(', ')}`)
        : fail(
            'No Link headers (RFC 8288) pointing at machine-readable resources',
            'Send Link: </.well-known/api-catalog>; rel="api-catalog" (and service-desc / llms.txt) on the homepage',
          );
    },
  },
];
