import type { ArtifactName, AuditArtifacts } from './artifacts';

/**
 * What one audit concludes: a score in 0..1, what it saw, and how to fix a shortfall. A null score says the
 * check does not apply to this site (its weight leaves the denominator, as for an artifact not gathered).
 */
export interface AuditOutcome {
  score: number | null;
  detail: string;
  fix?: string;
}

/**
 * One readiness check, Lighthouse style: `id` names its weight in scoring.ts (CHECKS), `requires` the
 * artifacts it reads; `audit` is pure. When a required artifact errored, the framework scores it null.
 */
export interface AuditDef {
  id: string;
  requires: ArtifactName[];
  audit(a: AuditInput): AuditOutcome;
}

type ValueOf<G> = G extends { ok: true; value: infer V } ? V : never;

/** Artifact values as an audit sees them. Only those it `requires` are guaranteed (and read). */
export type AuditInput = { domain: string } & { readonly [K in ArtifactName]: ValueOf<AuditArtifacts[K]> };

export const pass = (detail: string): AuditOutcome => ({ score: 1, detail });
export const fail = (detail: string, fix: string, score = 0): AuditOutcome => ({ score, detail, fix });

/** The check does not apply here (a tool check on a site with no live MCP server). */
export const notApplicable = (detail: string): AuditOutcome => ({ score: null, detail });
