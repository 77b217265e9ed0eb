import { z } from './zod';

// The `mcp` section of an audit report and a profile (issue 38; src/domain/mcp/section.ts). Every string
// from the server (names, titles, descriptions, the call's input and reason) is the server's own untrusted
// text: shown escaped, never obeyed.

const Severity = z.enum(['high', 'medium', 'low']);

export const ToolFindingSchema = z
  .object({
    severity: Severity,
    kind: z.string().meta({ description: 'The check or security rule: `description`, `annotations`, `hidden-characters`, `tool-list`, ...' }),
    detail: z.string(),
    fix: z.string(),
  })
  .openapi('McpToolFinding');

export const McpToolSchema = z
  .object({
    name: z.string(),
    title: z.string().nullable(),
    description: z.string().nullable().meta({ description: "The tool's description as the server wrote it, at most 500 characters here" }),
    score: z.number().int().meta({ description: 'Definition quality, 0..100 (docs/scoring.md, "MCP tool definitions")' }),
    readOnly: z.boolean().meta({ description: 'Annotated readOnlyHint: true' }),
    destructive: z.boolean().meta({ description: 'Annotated destructiveHint: true' }),
    fingerprint: z.string().meta({ description: 'SHA-256 of the canonical definition (empty for audits before definitions were kept)' }),
    findings: z.array(ToolFindingSchema).meta({ description: 'Security findings first, then quality shortfalls, each with its fix' }),
  })
  .openapi('McpTool');

export const VerifiedCallSchema = z
  .object({
    tool: z.string().nullable(),
    // A free-form object, said so outright (`additionalProperties: true`), not by a schema that constrains nothing.
    input: z
      .record(z.string(), z.unknown())
      .meta({ additionalProperties: true })
      .nullable()
      .meta({ description: 'The arguments sent, built from the input schema' }),
    outcome: z.enum(['ok', 'tool-error', 'protocol-error', 'timeout', 'not-called']),
    ms: z.number().int().nullable(),
    outputValid: z.boolean().nullable().meta({ description: 'structuredContent validated against the output schema; null when none is declared' }),
    reason: z.string(),
  })
  .openapi('McpVerifiedCall');

export const SecurityFindingSchema = z
  .object({
    severity: Severity,
    kind: z.enum(['hidden-characters', 'pseudo-system-block', 'model-instruction', 'secret-access', 'tool-shadowing', 'parameter-exfiltration']),
    tool: z.string(),
    field: z.string().meta({ description: 'Where in the definition, e.g. `description` or `inputSchema.properties.note.description`' }),
    detail: z.string(),
    span: z.string().meta({ description: 'The offending text, invisible characters written as \\u{...} escapes' }),
    decoded: z.string().optional().meta({ description: 'Hidden text decoded (Unicode tag characters read as the ASCII they encode)' }),
  })
  .openapi('McpSecurityFinding');

export const McpDriftSchema = z
  .object({
    since: z.string().meta({ format: 'date-time', description: 'When the audit compared with was recorded' }),
    added: z.array(z.string()),
    removed: z.array(z.string()),
    changed: z.array(z.object({ name: z.string(), fields: z.array(z.string()) })),
  })
  .openapi('McpDrift');

export const McpSectionSchema = z
  .object({
    url: z.string(),
    transport: z.enum(['streamable-http', 'sse']),
    protocolVersion: z.string().nullable(),
    server: z.object({ name: z.string().nullable(), version: z.string().nullable() }),
    fingerprint: z.string().meta({ description: "Hash of the tools' fingerprints in name order: equal exactly when no tool changed" }),
    toolScore: z.number().int().nullable().meta({ description: "The server's tool-definition quality, 0..100; the worst tool weighs heavily" }),
    toolCount: z.number().int().meta({ description: 'Tools tools/list named (those beyond the bounds are counted, not kept)' }),
    tools: z.array(McpToolSchema),
    findings: z.array(ToolFindingSchema).meta({ description: 'Server-wide shortfalls: duplicate purposes, naming, count, the list itself' }),
    verifiedCall: VerifiedCallSchema,
    security: z.array(SecurityFindingSchema).meta({ description: 'Tool poisoning findings, high first; a high one caps readiness' }),
    drift: McpDriftSchema.nullable().meta({ description: "Tools added, removed and changed since the product's previous audit; null when none" }),
  })
  .openapi('McpSection');
