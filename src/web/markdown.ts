import { driftLine, terminalSafe, toolsWorstFirst } from '../render/mcp-tools';
import { NOT_AUDITED_SENTENCE } from '../schemas/registry';
import type { ProductPage } from '../services/web-pages';
import type { RegistryRow } from '../store/product-rows';
import type { CategoryRow } from '../store/products';

// The same pages for agents that ask for markdown (Accept: text/markdown): the facts, none of the chrome.

/** Markdown text from data: characters that would start markup are escaped. */
const md = (s: string) => s.replace(/([\\`*_[\]<>#|])/g, '\\$1');

export function homeMarkdown(base: string, top: RegistryRow[], categories: CategoryRow[]): string {
  return [
    '# Agentdex',
    '',
    'The registry AI agents ask first about third-party software: which tools fit a task, how agent-ready each is, how to use them and what they cost.',
    '',
    `API: ${base}/openapi.json · llms.txt: ${base}/llms.txt · MCP: ${base}/mcp`,
    '',
    '## Most agent-ready products',
    '',
    ...top.map((r) => `- [${md(r.name)}](${base}/products/${r.slug}) (${md(r.domain)}): ${r.readiness}/100`),
    '',
    '## Categories',
    '',
    ...categories.map((c) => `- [${md(c.name)}](${base}/categories/${c.slug}) (${c.productCount}): ${md(c.description)}`),
    '',
  ].join('\n');
}

export function productMarkdown(base: string, p: ProductPage): string {
  const s = p.scores;
  // The MCP section is the third-party server's untrusted text: invisible and control characters made visible
  // (which also keeps it on one line), markup escaped, and GFM's bare autolinks (scheme://, www., e-mail)
  // broken with backslash escapes, so it can open neither a link nor an image.
  const u = (text: string) =>
    md(terminalSafe(text))
      .replace(/&/g, '\\&')
      .replace(/:\/\//g, ':\\/\\/')
      .replace(/www\./gi, (w) => `${w.slice(0, 3)}\\.`)
      .replace(/@/g, '\\@');
  const mcp = p.mcp;
  const mcpPart = (): string[] => {
    if (!mcp) return [];
    const server = [mcp.server.name, mcp.server.version].filter((x): x is string => Boolean(x)).join(' ');
    const call = mcp.verifiedCall;
    const drift = driftLine(mcp);
    const finding = (f: { severity: string; detail: string; fix: string }) => `${f.severity}: ${u(f.detail)} Fix: ${u(f.fix)}`;
    return [
      '## MCP server',
      '',
      ...(mcp.security.length
        ? [
            `**Security: ${mcp.security.length} finding${mcp.security.length === 1 ? '' : 's'} of text aimed at the model, not the user**`,
            '',
            ...mcp.security.map(
              (f) =>
                `- ${f.severity} ${f.kind} in ${u(f.tool)}, field ${u(f.field)}: ${u(f.detail)} Offending text: "${u(f.span)}"` +
                (f.decoded ? `; Hidden text decoded: "${u(f.decoded)}"` : ''),
            ),
            '',
          ]
        : []),
      `- Server: ${server ? u(server) : 'unnamed'}`,
      `- URL: ${u(mcp.url)}`,
      `- Transport: ${mcp.transport}`,
      `- Protocol version: ${mcp.protocolVersion === null ? 'not stated' : u(mcp.protocolVersion)}`,
      `- Tool score: ${mcp.toolScore === null ? 'none (no tools listed)' : `${mcp.toolScore}/100`} over ${mcp.toolCount} tool${mcp.toolCount === 1 ? '' : 's'}` +
        (mcp.tools.length < mcp.toolCount ? ` (${mcp.tools.length} shown)` : ''),
      '',
      ...(mcp.tools.length
        ? [
            '### Tools, lowest score first',
            '',
            ...toolsWorstFirst(mcp.tools).flatMap((t) => [
              `- ${u(t.name)}${t.title ? ` (${u(t.title)})` : ''}: ${t.score}/100${t.readOnly ? ', read-only' : ''}${t.destructive ? ', destructive' : ''}` +
                (t.description ? `. ${u(t.description)}` : ''),
              ...t.findings.map((f) => `  - ${finding(f)}`),
            ]),
            '',
          ]
        : []),
      ...(mcp.findings.length ? ['### Server-wide findings', '', ...mcp.findings.map((f) => `- ${finding(f)}`), ''] : []),
      '### Verified call',
      '',
      `- Tool: ${call.tool === null ? 'none called' : u(call.tool)}`,
      `- Outcome: ${call.outcome}${call.ms === null ? '' : ` in ${call.ms} ms`}`,
      `- Output: ${call.outputValid === null ? 'no output schema declared' : call.outputValid ? 'valid' : 'not valid'}`,
      `- Reason: ${u(call.reason)}`,
      ...(call.input ? [`- Input: ${u(JSON.stringify(call.input))}`] : []),
      '',
      ...(drift ? [u(drift), ''] : []),
    ];
  };
  return [
    `# ${md(p.name)}`,
    '',
    md(p.description),
    '',
    `- Domain: ${md(p.domain)}`,
    `- Categories: ${p.categories.join(', ')}`,
    `- Readiness: ${s.readiness}/100 (discovery ${s.discovery}, understanding ${s.understanding}, adoption ${s.adoption}, operability ${s.operability})`,
    `- Scores from: ${p.freshness.source === 'seed' ? 'public data (provisional)' : 'an audit'}, ${p.freshness.asOf.slice(0, 10)}`,
    `- Claimed by its vendor: ${p.claimed ? 'yes' : 'no'}`,
    `- Signals: MCP ${p.signals.mcpAvailable ? 'yes' : 'no'}, CLI ${p.signals.cliAvailable ? 'yes' : 'no'}, llms.txt ${p.signals.llmsTxt ? 'yes' : 'no'}, OpenAPI ${p.signals.openapi ? 'yes' : 'no'}, SDKs ${p.signals.sdkLanguages.join(', ') || 'none found'}`,
    '',
    '## What to fix',
    '',
    ...(!p.audited
      ? [NOT_AUDITED_SENTENCE]
      : p.failing.length
        ? p.failing.map((c) => `- ${md(c.title)} (${c.subScore}): ${md(c.fix ?? c.detail)}`)
        : p.issues.length
          ? p.issues.map((i) => `- ${md(i)}`)
          : ['No failing checks.']),
    '',
    ...mcpPart(),
    '## History',
    '',
    ...(p.history.length ? p.history.map((h) => `- ${h.at.slice(0, 10)}: ${h.readiness}`) : ['No audits yet.']),
    '',
    `Badge: ![Agent readiness](${base}/badge/${p.slug}.svg) · JSON: ${base}/v1/profile/${p.slug}`,
    '',
  ].join('\n');
}
