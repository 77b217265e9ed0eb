import type { McpSection, McpToolSummary } from '../domain/mcp/section';
import type { ToolFinding } from '../domain/mcp/tool-definition';
import { table } from './table';

// A product's MCP section as text (issue 38): the CLI's tools table and the lines around it. Every string in
// the section is the third-party server's own untrusted text, so each one goes through `terminalSafe` here.
//
// text.ts's profile renderer imports this file, so this file must not import text.ts (lint:cycles): the style is
// the structural part of its TextStyle this file uses, and `scoreCell` draws exactly what its `readinessCell`
// draws (test/render/mcp-tools.test.ts holds the two equal).

/** The part of text.ts's `TextStyle` used here (any TextStyle is one). */
export interface McpTextStyle {
  bars: boolean;
  score(readiness: number, text: string): string;
  bold(text: string): string;
}

/** A 0..100 score as text.ts's `readinessCell` writes it: a ten-cell bar when the style draws bars, then the figure. */
export function scoreCell(n: number, s: McpTextStyle): string {
  const figure = String(n).padStart(3);
  if (!s.bars) return s.score(n, figure);
  const filled = Math.round(n / 10);
  return s.score(n, `${'█'.repeat(filled)}${'░'.repeat(10 - filled)} ${figure}`);
}

/**
 * C0 and C1 controls (ESC, CR, LF, TAB, DEL included), bidi controls and marks, zero-width characters and
 * invisible operators, line/paragraph separators and Unicode tag characters.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is escaped
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u{e0000}-\u{e007f}]/gu;

/**
 * Third-party text made safe for a terminal (and visible everywhere): every control, bidi, zero-width and tag
 * character written as a `\u{XXXX}` escape, so it can neither drive the terminal nor hide text. Everything else
 * (accents, CJK, emoji) is kept as it is.
 */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (ch) => `\\u{${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}}`);
}

/** Safe text cut to `max` characters (counted after escaping, never inside an escape) with `…`. */
function clip(text: string, max: number): string {
  const whole = terminalSafe(text);
  if (whole.length <= max) return whole;
  let out = '';
  for (const ch of text) {
    const piece = terminalSafe(ch);
    if (out.length + piece.length > max - 1) return `${out}…`;
    out += piece;
  }
  return out;
}

const SEVERITY_RANK = { high: 0, medium: 1, low: 2 } as const;

/** The most severe finding; the first of those when several share the severity (security findings come first). */
export function worstFinding(findings: ToolFinding[]): ToolFinding | null {
  let worst: ToolFinding | null = null;
  for (const f of findings) if (!worst || SEVERITY_RANK[f.severity] < SEVERITY_RANK[worst.severity]) worst = f;
  return worst;
}

/** Tools worst first: score ascending, then name. */
export const toolsWorstFirst = (tools: McpToolSummary[]): McpToolSummary[] =>
  [...tools].sort((a, b) => a.score - b.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `name version` of the server, or its URL when it gave no name. */
export function serverLabel(mcp: McpSection): string {
  const name = [mcp.server.name, mcp.server.version].filter((x): x is string => Boolean(x)).join(' ');
  return terminalSafe(name || mcp.url);
}

/** The verified call in one line: which tool, how it went, how long, whether the output validated, why. */
export function verifiedCallLine(mcp: McpSection): string {
  const c = mcp.verifiedCall;
  const valid = c.outputValid === null ? 'no output schema' : c.outputValid ? 'output valid' : 'output invalid';
  const parts = [
    c.tool === null ? `verified call: ${c.outcome}` : `verified call: ${terminalSafe(c.tool)} → ${c.outcome}`,
    c.ms === null ? '' : `${c.ms} ms`,
    c.outcome === 'not-called' ? '' : valid,
  ].filter(Boolean);
  const input = c.input ? ` · input ${clip(JSON.stringify(c.input), 120)}` : '';
  return `${parts.join(', ')}${c.reason ? `: ${clip(c.reason, 200)}` : ''}${input}`;
}

/** What changed since the previous audit, in one line; null when nothing is recorded. */
export function driftLine(mcp: McpSection): string | null {
  const d = mcp.drift;
  if (!d) return null;
  const names = (list: string[]) => list.map((n) => terminalSafe(n)).join(', ');
  const parts = [
    d.added.length ? `added ${names(d.added)}` : '',
    d.removed.length ? `removed ${names(d.removed)}` : '',
    d.changed.length ? `changed ${d.changed.map((c) => `${terminalSafe(c.name)} (${names(c.fields)})`).join(', ')}` : '',
  ].filter(Boolean);
  return `Changed since ${terminalSafe(d.since.slice(0, 10))}: ${parts.join('; ') || 'no tool changed'}`;
}

function securityLines(mcp: McpSection, s: McpTextStyle): string {
  if (!mcp.security.length) return '';
  const lines = mcp.security.map((f) => {
    const decoded = f.decoded ? `\n  hidden text decoded: "${clip(f.decoded, 200)}"` : '';
    return `- ${f.severity.toUpperCase()} ${f.kind} in ${terminalSafe(f.tool)} ${terminalSafe(f.field)}: ${clip(f.detail, 200)}\n  span: "${clip(f.span, 200)}"${decoded}`;
  });
  return `${s.bold(`Security findings (${mcp.security.length}): text aimed at the model, not the user`)}\n${lines.join('\n')}`;
}

/**
 * The MCP section as the CLI shows it: security findings first, then the tool score and a table of tools worst
 * first (score, tool, read-only, findings, worst finding), server-wide findings, the verified call and drift.
 */
export function mcpToolsText(mcp: McpSection, s: McpTextStyle): string {
  const protocol = mcp.protocolVersion ? `, protocol ${terminalSafe(mcp.protocolVersion)}` : '';
  const head = `${s.bold(`MCP server ${serverLabel(mcp)}`)} at ${terminalSafe(mcp.url)} (${mcp.transport}${protocol})`;
  const shown = mcp.tools.length < mcp.toolCount ? ` (${mcp.tools.length} shown)` : '';
  const score = `tool score ${mcp.toolScore === null ? 'none (no tools)' : `${scoreCell(mcp.toolScore, s).trim()} / 100`} over ${plural(mcp.toolCount, 'tool')}${shown}`;
  const tools = mcp.tools.length
    ? table(
        ['score', 'tool', 'read-only', 'findings', 'worst finding'],
        toolsWorstFirst(mcp.tools).map((t) => {
          const worst = worstFinding(t.findings);
          return [
            scoreCell(t.score, s),
            clip(t.name, 48) + (t.destructive ? ' (destructive)' : ''),
            t.readOnly ? 'yes' : 'no',
            t.findings.length,
            worst ? `${worst.severity}: ${clip(worst.detail, 80)}` : '-',
          ];
        }),
      )
    : '';
  const server = mcp.findings.length
    ? `Server-wide findings:\n${mcp.findings.map((f) => `- ${f.severity} ${terminalSafe(f.kind)}: ${clip(f.detail, 200)} Fix: ${clip(f.fix, 200)}`).join('\n')}`
    : '';
  return [securityLines(mcp, s), head, score, tools, server, verifiedCallLine(mcp), driftLine(mcp) ?? ''].filter(Boolean).join('\n\n');
}

/** A few lines for a profile: server, tool score, the verified call's outcome, high security findings, drift. */
export function mcpSummaryText(mcp: McpSection, s: McpTextStyle): string {
  const high = mcp.security.filter((f) => f.severity === 'high').length;
  const d = mcp.drift;
  const drift = d ? ` · since ${terminalSafe(d.since.slice(0, 10))}: ${d.added.length} added, ${d.removed.length} removed, ${d.changed.length} changed` : '';
  return [
    `${s.bold(`MCP server ${serverLabel(mcp)}`)} (${mcp.transport}): tool score ${mcp.toolScore === null ? 'none' : `${mcp.toolScore}/100`} over ${plural(mcp.toolCount, 'tool')}`,
    `verified call ${mcp.verifiedCall.outcome} · ${high ? s.score(0, plural(high, 'high security finding')) : 'no high security findings'}${drift}`,
  ].join('\n');
}
