import type { RouteDef } from '../http/route';

/**
 * A real llms.txt (llmstxt.org): H1 title, blockquote summary, then H2 sections of links, one per
 * capability, each pointing at its operation in /openapi.json. Generated from the route table, so a
 * new endpoint appears here without anyone remembering to add it.
 */
export function renderLlmsTxt(routes: RouteDef[], baseUrl: string, tools: Array<{ name: string; summary: string }> = []): string {
  const groups = new Map<string, RouteDef[]>();
  for (const r of routes) {
    if (r.documented === false) continue;
    groups.set(r.tag, [...(groups.get(r.tag) ?? []), r]);
  }
  const lines = [
    '# Agentdex',
    '',
    '> Agentdex is the registry AI agents ask first about third-party software: which tools fit a task, how ready',
    '> each is for agents (a 0-100 readiness score with discovery, understanding, adoption and operability',
    '> sub-scores), how to use them, what they cost and who competes with them.',
    '',
    `Base URL: ${baseUrl}. Send your API key in the \`x-api-key\` header. Registry reads are open and never rate`,
    'limited. Metered calls without a key use the anonymous trial (8 per rolling hour per IP; 429 with Retry-After).',
    'A keyed workspace may start so many metered calls per second and run so many at once (its `callLimits` in',
    '`GET /v1/entitlements`); beyond them, 429 with Retry-After and RateLimit headers, nothing started or billed.',
    'Metered calls accept an `Idempotency-Key` header (kept 24 hours): a retry with the same key and request returns',
    'the stored response with `Idempotent-Replayed: true` and is never billed twice. Errors are JSON `{error}`.',
    '',
  ];
  for (const [tag, defs] of groups) {
    lines.push(`## ${tag}`, '');
    for (const r of defs) {
      const pointer = `#/paths/${r.path.replace(/~/g, '~0').replace(/\//g, '~1')}/${r.method}`;
      const auth = r.auth === 'open' ? 'open' : r.auth === 'metered' ? 'metered' : 'API key';
      lines.push(`- [${r.method.toUpperCase()} ${r.path}](${baseUrl}/openapi.json${pointer}): ${r.summary} (${auth})`);
    }
    lines.push('');
  }
  if (tools.length) {
    lines.push('## MCP server', '', `Streamable HTTP at ${baseUrl}/mcp with the same API key in \`x-api-key\`; the same operations as tools:`, '');
    for (const t of tools) lines.push(`- [${t.name}](${baseUrl}/.well-known/mcp/server-card.json): ${t.summary}`);
    lines.push('');
  }
  lines.push(
    '## Optional',
    '',
    `- [OpenAPI 3.0 description](${baseUrl}/openapi.json): every endpoint, schema and error`,
    `- [llms-full.txt](${baseUrl}/llms-full.txt): this file with every endpoint's full description`,
    `- [Docs](${baseUrl}/docs): the API, MCP server, client and CLI for people`,
    '',
  );
  return lines.join('\n');
}

/**
 * /llms-full.txt: llms.txt's index followed by every documented endpoint in full (its summary and the
 * description agents read to choose between operations), so one fetch gives an agent the whole API.
 */
export function renderLlmsFullTxt(routes: RouteDef[], baseUrl: string, tools: Array<{ name: string; summary: string }> = []): string {
  const lines = [renderLlmsTxt(routes, baseUrl, tools), '## Endpoints in full', ''];
  for (const r of routes) {
    if (r.documented === false) continue;
    lines.push(`### ${r.method.toUpperCase()} ${r.path}`, '', r.summary, '');
    if (r.description) lines.push(r.description, '');
    const statuses = Object.keys(r.responses).join(', ');
    lines.push(
      `Access: ${r.auth === 'open' ? 'open, no key' : r.auth === 'metered' ? 'metered (API key or anonymous trial)' : 'API key'}. Success: ${statuses}.`,
      '',
    );
  }
  return lines.join('\n');
}
