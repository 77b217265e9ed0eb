import type { AuditArtifacts } from '../audit/artifacts';
import { canonicalJson } from './read-tools';
import type { McpDrift } from './section';

/** What drift compares of a tool: its definition, or (audits stored before issue 38) its name and gist. */
export interface ComparableTool {
  name: string;
  fingerprint?: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
}

const FIELDS = ['title', 'description', 'inputSchema', 'outputSchema', 'annotations'] as const;

/**
 * Tools added, removed and changed since the product's previous audit, with the fields that changed. When
 * the previous audit kept only names and first sentences (before whole definitions were kept), only those
 * are compared, against the current description's first sentence. Null when nothing changed. Pure.
 */
export function toolDrift(previous: ComparableTool[], current: ComparableTool[], since: string): McpDrift | null {
  const before = new Map(previous.map((t) => [t.name, t]));
  const after = new Map(current.map((t) => [t.name, t]));
  const added = [...after.keys()].filter((n) => !before.has(n)).sort();
  const removed = [...before.keys()].filter((n) => !after.has(n)).sort();
  const changed: McpDrift['changed'] = [];
  for (const [name, now] of [...after].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const then = before.get(name);
    if (!then) continue;
    const fields = changedFields(then, now);
    if (fields.length) changed.push({ name, fields });
  }
  return added.length || removed.length || changed.length ? { since, added, removed, changed } : null;
}

function changedFields(then: ComparableTool, now: ComparableTool): string[] {
  if (then.fingerprint && now.fingerprint) {
    if (then.fingerprint === now.fingerprint) return [];
    return FIELDS.filter((f) => canonicalJson(then[f] ?? null) !== canonicalJson(now[f] ?? null));
  }
  // A definition kept only as its first sentence: compare like with like.
  return firstSentence(then.description) === firstSentence(now.description) ? [] : ['description'];
}

export function firstSentence(text: string | undefined): string {
  return (text ?? '').split(/(?<=[.!?])\s/)[0].slice(0, 200);
}

/**
 * The tools of an audit's live MCP endpoint, as drift compares them; undefined when that audit found no live
 * server (there is nothing to compare with). Reads the stored artifact as it was written in any version.
 */
export function comparableTools(mcp: AuditArtifacts['mcp'] | null | undefined): ComparableTool[] | undefined {
  if (!mcp?.ok) return undefined;
  const live = mcp.value.endpoints.find((e) => e.outcome === 'ok');
  if (!live) return undefined;
  if (live.toolDefinitions) return live.toolDefinitions;
  return (live.tools ?? []).map((name, i) => ({ name, description: live.toolDescriptions?.[i] }));
}
