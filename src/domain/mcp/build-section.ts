import type { McpArtifact } from '../audit/artifacts';
import { scanTools } from './poisoning';
import { type McpSection, type McpToolSummary, SEVERITY_ORDER, type VerifiedCall } from './section';
import type { SecurityFinding, ToolDefinition, ToolFinding } from './tool-definition';
import { scoreServer } from './tool-quality';

type Endpoint = McpArtifact['endpoints'][number];

/** A tool's description as the section repeats it (profiles carry it; the audit's artifacts keep it whole). */
const SUMMARY_DESCRIPTION_CHARS = 500;

/** What a finding of each security kind asks the vendor to do. */
const SECURITY_FIX: Record<SecurityFinding['kind'], string> = {
  'hidden-characters': 'Remove invisible characters from the definition: an agent reads them, its user cannot',
  'pseudo-system-block': 'Remove markup that poses as a system or priority message; say what the tool does, plainly',
  'model-instruction': 'Describe the tool for the user and the agent; do not instruct the model',
  'secret-access': 'Never ask for local files, keys or tokens through a tool description',
  'tool-shadowing': "Describe only this server's tools; never instruct how other tools behave",
  'parameter-exfiltration': 'Ask parameters only for the values the tool needs, never for files, tokens or the conversation',
};

/**
 * The `mcp` section of an audit (section.ts) from what the gatherer read: the first endpoint that completed
 * a handshake, its tools scored (tool-quality.ts) and scanned (poisoning.ts), and its verified call. An
 * endpoint proven to be MCP but behind authorization is reported with no tools and no call. Null when no
 * MCP server answered. `drift` is left null here: it needs the previous audit (recordAudit adds it). Pure.
 */
export function buildMcpSection(mcp: McpArtifact | undefined): McpSection | null {
  const live = mcp?.endpoints.find((e) => e.outcome === 'ok');
  if (live) return liveSection(live);
  const locked = mcp?.endpoints.find((e) => e.outcome === 'auth-required');
  return locked ? lockedSection(locked) : null;
}

function liveSection(e: Endpoint): McpSection {
  // Audits stored before issue 38 kept names and first sentences only: they are read as definitions of those.
  const tools: ToolDefinition[] =
    e.toolDefinitions ?? (e.tools ?? []).map((name, i) => ({ name, description: e.toolDescriptions?.[i], inputSchema: {}, fingerprint: '' }));
  const quality = scoreServer(tools);
  const security = scanTools(tools);
  const summaries: McpToolSummary[] = tools.map((t, i) => ({
    name: t.name,
    title: t.title ?? t.annotations?.title ?? null,
    description: t.description === undefined ? null : t.description.slice(0, SUMMARY_DESCRIPTION_CHARS),
    score: quality.tools[i]?.score ?? 0,
    readOnly: t.annotations?.readOnlyHint === true,
    destructive: t.annotations?.destructiveHint === true,
    fingerprint: t.fingerprint,
    findings: sortFindings([...securityFindingsOf(t.name, security), ...boundedFindings(t), ...(quality.tools[i]?.findings ?? [])]),
  }));
  return {
    url: e.url,
    transport: e.transport === 'sse' ? 'sse' : 'streamable-http',
    protocolVersion: e.protocolVersion ?? null,
    server: { name: e.serverName ?? null, version: e.serverVersion ?? null },
    fingerprint: e.serverFingerprint ?? '',
    toolScore: quality.toolScore,
    toolCount: e.toolCount ?? tools.length,
    tools: summaries,
    findings: sortFindings([...(e.listProblems ?? []).map(listFinding), ...quality.findings]),
    verifiedCall: e.verifiedCall ?? notCalled(e.toolDefinitions ? 'no call was made' : 'audited before verified calls were made'),
    security,
    drift: null,
  };
}

function lockedSection(e: Endpoint): McpSection {
  return {
    url: e.url,
    transport: e.transport === 'sse' ? 'sse' : 'streamable-http',
    protocolVersion: null,
    server: { name: e.serverName ?? null, version: null },
    fingerprint: '',
    toolScore: null,
    toolCount: 0,
    tools: [],
    findings: [],
    verifiedCall: notCalled('the server requires authorization: its tools were not listed and none was called (no credentials are ever sent)'),
    security: [],
    drift: null,
  };
}

const notCalled = (reason: string): VerifiedCall => ({ tool: null, input: null, outcome: 'not-called', ms: null, outputValid: null, reason });

function securityFindingsOf(tool: string, security: SecurityFinding[]): ToolFinding[] {
  return security
    .filter((s) => s.tool === tool)
    .map((s) => ({
      severity: s.severity,
      kind: s.kind,
      detail: `${s.detail} (${s.field}: "${s.span}"${s.decoded ? `; hidden text decoded: "${s.decoded}"` : ''})`,
      fix: SECURITY_FIX[s.kind],
    }));
}

function boundedFindings(t: ToolDefinition): ToolFinding[] {
  return (t.bounded ?? []).map((b) => ({
    severity: /cut|over/.test(b) ? 'medium' : 'low',
    kind: /cut|over/.test(b) ? 'oversized-definition' : 'malformed-definition',
    detail: b,
    fix: /cut|over/.test(b) ? 'Keep each definition short: what the tool does, its parameters and its result' : 'Follow the MCP Tool schema for every field',
  }));
}

const listFinding = (problem: string): ToolFinding => ({
  severity: /not a tool|failed/.test(problem) ? 'medium' : 'low',
  kind: 'tool-list',
  detail: problem,
  fix: /not a tool/.test(problem) ? 'Give every tools/list entry a string name and the Tool schema' : 'Keep tools/list complete and within a sensible size',
});

function sortFindings(f: ToolFinding[]): ToolFinding[] {
  return f
    .map((x, i) => ({ x, i }))
    .sort((a, b) => SEVERITY_ORDER[a.x.severity] - SEVERITY_ORDER[b.x.severity] || a.i - b.i)
    .map(({ x }) => x);
}

/** The severest security finding's severity, or undefined when there is none. */
export function worstSecurity(section: McpSection | null): SecurityFinding | undefined {
  return section?.security.slice().sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity])[0];
}
