import { defineRoute, type RouteDef } from '../http/route';
import { HealthSchema } from '../schemas/common';
import { buildOpenApiDocument } from '../schemas/openapi';
import { checkHealth } from '../services/health';
import { renderLlmsFullTxt, renderLlmsTxt } from '../services/llms-txt';
import type { AppDeps } from '../deps';
import { serverCard } from '../mcp/routes';
import { toolOperations } from '../mcp/server';

/**
 * /health, /llms.txt, /openapi.json and the MCP server card. `catalog` is every other route, described by
 * llms.txt and the OpenAPI document.
 */
export function descriptorRoutes(deps: AppDeps, catalog: () => RouteDef[]): RouteDef[] {
  let openApi: unknown;
  let llmsTxt: string | undefined;
  let llmsFullTxt: string | undefined;
  const tools = () => toolOperations().map((op) => ({ name: op.tool!.name, summary: op.summary }));
  const described = () => [...own, ...catalog()];
  const own: RouteDef[] = [
    defineRoute({
      method: 'get',
      path: '/health',
      tag: 'Descriptors',
      summary: 'Liveness of the API and its dependencies (Postgres, Temporal)',
      auth: 'open',
      responses: {
        200: { description: '`{ok: true}`', schema: HealthSchema },
        503: { description: 'A dependency is unreachable', schema: HealthSchema },
      },
      handler: async (_input, ctx) => {
        const report = await checkHealth(deps.db, deps.temporal);
        ctx.set('Cache-Control', 'no-store');
        if (report.ok) return { ok: true };
        const down = [report.postgres === 'unreachable' && 'Postgres', report.temporal === 'unreachable' && 'Temporal'].filter(Boolean);
        ctx.status = 503;
        ctx.body = { ok: false, error: `${down.join(' and ')} unreachable`, postgres: report.postgres, temporal: report.temporal };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/llms.txt',
      tag: 'Descriptors',
      summary: 'Plain-text capability summary for agents (llmstxt.org)',
      auth: 'open',
      responses: { 200: { description: 'Markdown text', contentType: 'text/plain' } },
      handler: (_input, ctx) => {
        llmsTxt ??= renderLlmsTxt(described(), deps.config.publicBaseUrl, tools());
        ctx.type = 'text/plain; charset=utf-8';
        ctx.set('Cache-Control', 'public, max-age=300');
        ctx.body = llmsTxt;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/llms-full.txt',
      tag: 'Descriptors',
      summary: 'llms.txt with every endpoint described in full',
      auth: 'open',
      responses: { 200: { description: 'Markdown text', contentType: 'text/plain' } },
      handler: (_input, ctx) => {
        llmsFullTxt ??= renderLlmsFullTxt(described(), deps.config.publicBaseUrl, tools());
        ctx.type = 'text/plain; charset=utf-8';
        ctx.set('Cache-Control', 'public, max-age=300');
        ctx.body = llmsFullTxt;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/openapi.json',
      tag: 'Descriptors',
      summary: 'OpenAPI 3.0 description of the API',
      auth: 'open',
      responses: { 200: { description: 'OpenAPI 3.0 document' } },
      handler: (_input, ctx) => {
        openApi ??= buildOpenApiDocument(described(), deps.config.publicBaseUrl);
        ctx.set('Cache-Control', 'public, max-age=300');
        return openApi;
      },
    }),
    ...['/.well-known/mcp/server-card.json', '/.well-known/mcp.json'].map((path) =>
      defineRoute({
        method: 'get',
        path,
        tag: 'Descriptors',
        summary: 'MCP server card: the hosted MCP endpoint and the header it needs',
        auth: 'open',
        documented: false,
        responses: { 200: { description: 'Server card' } },
        handler: (_input, ctx) => {
          ctx.set('Cache-Control', 'public, max-age=3600');
          return serverCard(deps.config.publicBaseUrl);
        },
      }),
    ),
  ];
  return own;
}
