import type { SecurityFinding, Severity, ToolFinding } from './tool-definition';

/**
 * The `mcp` section of an audit report and a profile (issue 38): what the live MCP server offers, how well
 * its tools are defined, whether a read-only call was verified, what in its definitions could steer an
 * agent, and what changed since the product's previous audit. Null when no live server was found.
 */
export interface McpSection {
  url: string;
  transport: 'streamable-http' | 'sse';
  protocolVersion: string | null;
  server: { name: string | null; version: string | null };
  /** Hash of the server's tool fingerprints, in name order: equal exactly when no tool changed. */
  fingerprint: string;
  /** The server's tool-definition quality, 0..100 (null when it lists no tools). */
  toolScore: number | null;
  /** How many tools `tools/list` named, and how many of them are kept here (the rest beyond the bounds). */
  toolCount: number;
  tools: McpToolSummary[];
  /** Server-wide shortfalls (duplicate purposes, naming, count, listing problems). */
  findings: ToolFinding[];
  verifiedCall: VerifiedCall;
  security: SecurityFinding[];
  drift: McpDrift | null;
}

export interface McpToolSummary {
  name: string;
  title: string | null;
  description: string | null;
  score: number;
  readOnly: boolean;
  destructive: boolean;
  fingerprint: string;
  findings: ToolFinding[];
}

export type CallOutcome = 'ok' | 'tool-error' | 'protocol-error' | 'timeout' | 'not-called';

export interface VerifiedCall {
  tool: string | null;
  input: Record<string, unknown> | null;
  outcome: CallOutcome;
  ms: number | null;
  /** Whether `structuredContent` validated against the tool's output schema; null when it declares none. */
  outputValid: boolean | null;
  reason: string;
}

export interface McpDrift {
  /** When the audit compared against was recorded. */
  since: string;
  added: string[];
  removed: string[];
  changed: Array<{ name: string; fields: string[] }>;
}

export const SEVERITY_ORDER: Record<Severity, number> = { high: 0, medium: 1, low: 2 };
