import { buildMcpSection } from '../../mcp/build-section';
import type { McpSection } from '../../mcp/section';
import type { McpArtifact } from '../artifacts';
import { type AuditDef, fail, notApplicable, pass } from '../audit';

// The section is built once per artifact, whichever check or step asks first (pure: same input, same section).
const sections = new WeakMap<McpArtifact, McpSection | null>();
export function mcpSectionOf(mcp: McpArtifact | undefined): McpSection | null {
  if (!mcp) return null;
  if (!sections.has(mcp)) sections.set(mcp, buildMcpSection(mcp));
  return sections.get(mcp) ?? null;
}

/** Understanding: how well the live server's tools are defined (tool-quality.ts), the worst tool weighing heavily. */
export const mcpToolQualityAudit: AuditDef = {
  id: 'mcp-tool-quality',
  requires: ['mcp'],
  audit: ({ mcp }) => {
    const s = mcpSectionOf(mcp);
    if (!s || s.toolScore === null) return notApplicable(s ? 'The MCP server lists no tools that could be read' : 'No live MCP server');
    const worst = [...s.tools].sort((a, b) => a.score - b.score)[0];
    const detail = `${s.tools.length} tools defined at ${s.toolScore}/100${worst && worst.score < s.toolScore ? `; weakest ${worst.name} at ${worst.score}` : ''}`;
    if (s.toolScore >= 90) return pass(detail);
    const first = worst?.findings.find((f) => f.severity !== 'high');
    return fail(
      detail,
      first ? `${first.fix} (${worst.name})` : 'Describe every tool and parameter, declare annotations and output schemas',
      s.toolScore / 100,
    );
  },
};

/**
 * Operability: the verified read-only call. An answer whose structured content validates (or that declares
 * no output schema) is a pass; a tool error is half (the server works, the call as built did not); an answer
 * that breaks its own output schema a quarter; no read-only tool, a protocol error or a timeout 0. A server
 * behind authorization is not called and not judged here.
 */
export const mcpVerifiedCallAudit: AuditDef = {
  id: 'mcp-verified-call',
  requires: ['mcp'],
  audit: ({ mcp }) => {
    const s = mcpSectionOf(mcp);
    if (!s) return notApplicable('No live MCP server');
    const c = s.verifiedCall;
    if (!s.tools.length && c.outcome === 'not-called') return notApplicable(c.reason);
    const what = c.tool ? `${c.tool}: ${c.reason}` : c.reason;
    switch (c.outcome) {
      case 'ok':
        return c.outputValid === false
          ? fail(what, "Return structuredContent that matches the tool's declared outputSchema", 0.25)
          : pass(`Read-only call verified in ${c.ms} ms (${what})`);
      case 'tool-error':
        return fail(what, 'Make the read-only tool answer its documented input; state defaults or examples in its input schema', 0.5);
      case 'timeout':
        return fail(what, 'Answer tools/call for read-only tools within a few seconds');
      case 'protocol-error':
        return fail(what, 'Answer tools/call with a CallToolResult (errors as isError results, not protocol errors)');
      default:
        return fail(what, 'Annotate tools that only read with readOnlyHint: true (and destructiveHint: false), so agents can call them safely');
    }
  },
};
