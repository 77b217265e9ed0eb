import type { McpDrift } from '../mcp/section';
import type { SecurityFinding } from '../mcp/tool-definition';
import type { Scores } from '../scoring';
import type { ProductEventType } from './event-types';
import type { OpenApiComparison } from './openapi-changes';

/** What change detection needs of one audit: scores and checks when the site answered, else only that it did not. */
export interface AuditSnapshot {
  reachable: boolean;
  scores?: Scores;
  checks?: Array<{ id: string; score: number | null }>;
  /** The MCP server's high-severity security findings (tool poisoning). */
  security?: SecurityFinding[];
  /** Content hash of the OpenAPI description the audit found. */
  openapiHash?: string;
  error?: string;
}

export interface DetectedChange {
  type: ProductEventType;
  data: Record<string, unknown>;
}

/** What the audit found beyond its snapshot: the tools' drift and the OpenAPI comparison with the previous document. */
export interface ChangeContext {
  drift?: McpDrift | null;
  openapi?: { from: string; to: string; comparison: OpenApiComparison };
}

const SCORE_KEYS: Array<keyof Scores> = ['readiness', 'discovery', 'understanding', 'adoption', 'operability'];

/**
 * The differences between a product's previous audit and this one that can break an agent, one change per
 * type. Readiness moves are recorded from one point up, with the largest move in `delta`: each watch applies
 * its own threshold (5 by default) when it is told, so the outbox never depends on who watches. Pure.
 */
export function detectChanges(previous: AuditSnapshot | undefined, now: AuditSnapshot, context: ChangeContext = {}): DetectedChange[] {
  if (!previous) return [];
  const changes: DetectedChange[] = [];
  if (previous.reachable && !now.reachable) changes.push({ type: 'site.unreachable', data: { error: now.error ?? null } });
  if (!previous.reachable && now.reachable) changes.push({ type: 'site.recovered', data: { scores: now.scores ?? null } });
  if (previous.scores && now.scores) changes.push(...readinessMoves(previous, now));
  if (context.openapi) changes.push(...openApiChanges(context.openapi));
  const drift = context.drift;
  if (drift && (drift.added.length || drift.removed.length || drift.changed.length)) {
    changes.push({ type: 'mcp.tools_changed', data: { since: drift.since, added: drift.added, removed: drift.removed, changed: drift.changed } });
  }
  const fresh = newHighFindings(previous.security ?? [], now.security ?? []);
  if (fresh.length && now.reachable) changes.push({ type: 'security.finding', data: { findings: fresh } });
  return changes;
}

function readinessMoves(previous: AuditSnapshot, now: AuditSnapshot): DetectedChange[] {
  const before = previous.scores as Scores;
  const after = now.scores as Scores;
  const deltas = SCORE_KEYS.map((k) => ({ key: k, delta: after[k] - before[k] })).filter((d) => Math.abs(d.delta) >= 1);
  if (!deltas.length) return [];
  const checks = changedChecks(previous.checks ?? [], now.checks ?? []);
  const moves: DetectedChange[] = [];
  for (const direction of ['dropped', 'rose'] as const) {
    const moved = deltas.filter((d) => (direction === 'dropped' ? d.delta < 0 : d.delta > 0));
    if (!moved.length) continue;
    moves.push({
      type: `readiness.${direction}`,
      data: {
        // The largest move, in points, that a watch's threshold is compared with.
        delta: Math.max(...moved.map((d) => Math.abs(d.delta))),
        moved: moved.map((d) => d.key),
        before: pick(before),
        after: pick(after),
        checks: checks.filter((c) => (direction === 'dropped' ? c.direction === 'worse' : c.direction === 'better')),
      },
    });
  }
  return moves;
}

function pick(s: Scores): Scores {
  return { readiness: s.readiness, discovery: s.discovery, understanding: s.understanding, adoption: s.adoption, operability: s.operability };
}

interface CheckChange {
  id: string;
  before: number | null;
  after: number | null;
  direction: 'worse' | 'better';
}

/** Checks whose score moved (a check that could not run, null, counts as 0 here). */
function changedChecks(before: Array<{ id: string; score: number | null }>, after: Array<{ id: string; score: number | null }>): CheckChange[] {
  const was = new Map(before.map((c) => [c.id, c.score]));
  const out: CheckChange[] = [];
  for (const c of after) {
    if (!was.has(c.id)) continue;
    const b = was.get(c.id) ?? null;
    const delta = (c.score ?? 0) - (b ?? 0);
    if (Math.abs(delta) < 1e-9) continue;
    out.push({ id: c.id, before: b, after: c.score, direction: delta < 0 ? 'worse' : 'better' });
  }
  return out;
}

function openApiChanges(o: NonNullable<ChangeContext['openapi']>): DetectedChange[] {
  const { breaking, changes } = o.comparison;
  if (breaking.length) return [{ type: 'openapi.breaking', data: { from: o.from, to: o.to, breaking, changes } }];
  if (changes.length) return [{ type: 'openapi.changed', data: { from: o.from, to: o.to, changes } }];
  return [];
}

/** High-severity findings this audit has that the previous one did not (same tool, kind and field). */
function newHighFindings(before: SecurityFinding[], after: SecurityFinding[]): SecurityFinding[] {
  const key = (f: SecurityFinding) => `${f.tool}\u0000${f.kind}\u0000${f.field}`;
  const known = new Set(before.filter((f) => f.severity === 'high').map(key));
  return after.filter((f) => f.severity === 'high' && !known.has(key(f)));
}
