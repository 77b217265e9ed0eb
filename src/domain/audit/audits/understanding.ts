import { fail, pass, type AuditDef } from '../audit';
import { mcpToolQualityAudit } from './mcp-trust';

export const understandingAudits: AuditDef[] = [
  {
    id: 'openapi-valid',
    requires: ['openapi'],
    audit: ({ openapi }) => {
      if (!openapi.found) return fail('No OpenAPI description to validate', 'Publish a valid OpenAPI 3 description of your API');
      if (!openapi.valid)
        return fail(
          `OpenAPI at ${openapi.url} does not validate: ${openapi.errors.slice(0, 3).join('; ')}`,
          'Fix the description until it passes an OpenAPI validator',
          0.25,
        );
      return pass(`OpenAPI ${openapi.version} "${openapi.title ?? ''}" validates, ${openapi.operations} operations`);
    },
  },
  {
    id: 'docs',
    requires: ['docs'],
    audit: ({ docs }) =>
      docs.found
        ? pass(`Developer docs at ${docs.url}`)
        : fail('No developer documentation found from the homepage or /docs', 'Link public developer docs from the homepage'),
  },
  {
    id: 'llms-full-txt',
    requires: ['llmsFullTxt'],
    audit: ({ llmsFullTxt }) =>
      llmsFullTxt.found && llmsFullTxt.isText
        ? pass('/llms-full.txt serves the full docs as text')
        : fail('No /llms-full.txt', 'Publish /llms-full.txt with your documentation inlined as markdown'),
  },
  {
    id: 'markdown-negotiation',
    requires: ['markdown'],
    audit: ({ markdown }) =>
      markdown.supported
        ? pass('Pages are served as markdown on Accept: text/markdown')
        : fail(
            `Accept: text/markdown gets ${markdown.contentType || 'no'} content`,
            'Serve a markdown rendering of pages when the request prefers text/markdown',
          ),
  },
  {
    id: 'install-snippets',
    requires: ['docs'],
    audit: ({ docs }) =>
      docs.installSnippets.length
        ? pass(`Install commands in the docs: ${docs.installSnippets.slice(0, 4).join('; ')}`)
        : fail('No copyable install commands in the docs', 'Show install commands (npm install, pip install, go get, ...) for your SDKs and CLI'),
  },
  mcpToolQualityAudit,
];
