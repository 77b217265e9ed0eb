import { worstSecurity } from '../mcp/build-section';
import type { McpSection } from '../mcp/section';
import { CHECKS, POISONED_READINESS_CAP, scoreChecks, type Scores, type SubScore } from '../scoring';
import type { ArtifactName, AuditArtifacts } from './artifacts';
import type { AuditDef, AuditInput } from './audit';
import { adoptionAudits } from './audits/adoption';
import { mcpSectionOf } from './audits/mcp-trust';
import { discoveryAudits } from './audits/discovery';
import { operabilityAudits } from './audits/operability';
import { understandingAudits } from './audits/understanding';

export const AUDITS: AuditDef[] = [...discoveryAudits, ...understandingAudits, ...adoptionAudits, ...operabilityAudits];

export interface CheckResult {
  id: string;
  title: string;
  subScore: SubScore;
  weight: number;
  /** 0..1, or null when an artifact it needs could not be gathered. */
  score: number | null;
  detail: string;
  fix?: string;
}

export interface Signals {
  mcpAvailable: boolean;
  cliAvailable: boolean;
  llmsTxt: boolean;
  openapi: boolean;
  sdkLanguages: string[];
}

export interface AuditFindings {
  checks: CheckResult[];
  scores: Scores;
  /** Human-readable findings, each with its fix, worst (heaviest missed weight) first. */
  issues: string[];
  signals: Signals;
  /** The live MCP server's tools, verified call and security findings (drift is added when recorded). */
  mcp: McpSection | null;
}

/** Turns gathered artifacts into scored, explained checks. Pure: safe inside a workflow. */
export function runAudits(artifacts: AuditArtifacts): AuditFindings {
  const meta = new Map(CHECKS.map((c) => [c.id, c]));
  const input = inputFrom(artifacts);
  const checks: CheckResult[] = AUDITS.map((a) => {
    const m = meta.get(a.id);
    if (!m) throw new Error(`audit ${a.id} has no weight in CHECKS`);
    const errored = a.requires.filter((name) => !artifacts[name].ok);
    if (errored.length) {
      const reasons = errored.map((name) => `${name}: ${(artifacts[name] as { error: string }).error}`).join('; ');
      return { id: a.id, title: m.title, subScore: m.subScore, weight: m.weight, score: null, detail: `Not checked: could not gather ${reasons}` };
    }
    const outcome = a.audit(input);
    return {
      id: a.id,
      title: m.title,
      subScore: m.subScore,
      weight: m.weight,
      score: outcome.score === null ? null : round2(outcome.score),
      detail: outcome.detail,
      fix: outcome.fix,
    };
  });
  const scores = scoreChecks(Object.fromEntries(checks.map((c) => [c.id, c.score])));
  const issues = checks
    .filter((c) => c.score !== null && c.score < 1 && c.fix)
    .sort((x, y) => y.weight * (1 - (y.score ?? 0)) - x.weight * (1 - (x.score ?? 0)))
    .map((c) => `${c.title}: ${c.detail}. Fix: ${c.fix}.`);
  const mcp = mcpSectionOf(artifacts.mcp.ok ? artifacts.mcp.value : undefined);
  const poisoned = poisoningIssue(mcp);
  if (poisoned) {
    // A server that may steer an agent is the first thing to know about a product, and caps its readiness.
    issues.unshift(poisoned);
    scores.readiness = Math.min(scores.readiness, POISONED_READINESS_CAP);
  }
  return { checks, scores, issues, signals: signalsFrom(artifacts, checks), mcp };
}

function poisoningIssue(mcp: McpSection | null): string | undefined {
  const worst = worstSecurity(mcp);
  if (!mcp || worst?.severity !== 'high') return undefined;
  const high = mcp.security.filter((f) => f.severity === 'high');
  const tools = [...new Set(high.map((f) => f.tool))];
  return (
    `MCP tool poisoning: ${high.length} high-severity ${high.length === 1 ? 'finding' : 'findings'} in ${tools.slice(0, 3).join(', ')}` +
    `${tools.length > 3 ? ` and ${tools.length - 3} more` : ''} (${worst.kind}: ${worst.detail}); readiness is capped at ${POISONED_READINESS_CAP} until fixed. ` +
    'Fix: remove text aimed at the model from tool definitions; see the mcp section.'
  );
}

function signalsFrom(a: AuditArtifacts, checks: CheckResult[]): Signals {
  const score = (id: string) => checks.find((c) => c.id === id)?.score ?? 0;
  const docs = a.docs.ok ? a.docs.value : undefined;
  return {
    mcpAvailable: score('mcp-server') === 1 || score('mcp-live') > 0,
    cliAvailable: (docs?.cliInstall.length ?? 0) > 0,
    llmsTxt: a.llmsTxt.ok && a.llmsTxt.value.found && a.llmsTxt.value.isText,
    openapi: a.openapi.ok && a.openapi.value.found,
    sdkLanguages: docs?.sdkLanguages ?? [],
  };
}

function inputFrom(a: AuditArtifacts): AuditInput {
  const values: Record<string, unknown> = { domain: a.domain };
  for (const [name, g] of Object.entries(a) as Array<[ArtifactName, AuditArtifacts[ArtifactName]]>) {
    if (name !== ('domain' as string) && g.ok) values[name] = g.value;
  }
  return values as AuditInput;
}

function round2(n: number): number {
  return Math.round(Math.max(0, Math.min(1, n)) * 100) / 100;
}
