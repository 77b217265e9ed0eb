/**
 * A tool as an MCP server's `tools/list` described it, kept whole (issue 38) and bounded. Every string in it
 * is the server's untrusted text: stored and compared, escaped wherever it is shown, never obeyed.
 */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A JSON Schema object as the server sent it (bounded in size; its shape is checked where it is read). */
export type JsonSchema = Record<string, unknown>;

export interface ToolDefinition {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  /** SHA-256 of the canonical definition (hex, computed where the list was read: the activity). */
  fingerprint: string;
  /** Set when the definition arrived malformed or over its bounds and was cut to fit (what was cut, why). */
  bounded?: string[];
}

export type Severity = 'high' | 'medium' | 'low';

/** A shortfall or a risk in one tool's definition, with how to fix it. */
export interface ToolFinding {
  severity: Severity;
  kind: string;
  detail: string;
  fix: string;
}

/** A security finding: which tool, which field, the offending span (made visible) and any hidden text decoded. */
export interface SecurityFinding {
  severity: Severity;
  kind: SecurityKind;
  tool: string;
  /** Where in the definition: `description`, `title`, `name`, `inputSchema.properties.note.description`... */
  field: string;
  detail: string;
  /** The offending text, at most 200 characters, with invisible characters written as `\u{...}` escapes. */
  span: string;
  /** The hidden text decoded (Unicode tag characters read as the ASCII they encode), when there is some. */
  decoded?: string;
}

export type SecurityKind = 'hidden-characters' | 'pseudo-system-block' | 'model-instruction' | 'secret-access' | 'tool-shadowing' | 'parameter-exfiltration';
