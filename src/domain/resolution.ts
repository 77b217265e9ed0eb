import { type Carried, hitsOf } from './carried-hits';
import type { RankedProduct } from './ranked-product';

/** The requirement flags a task or body set (the same keys as search's requirements). */
export type Requirements = Partial<Record<'api' | 'mcp' | 'self_serve' | 'openapi' | 'cli', boolean>>;

/**
 * What resolve found: the ranked products with what each matched. Its workflow carries it with the hits
 * packed (carried-hits.ts); the presentation (capScore, reason) is added by the API (explainResolution),
 * which keeps the payload Temporal records twice per call (the read's marker, the workflow's result) to
 * what only the read knows.
 */
export interface Resolution {
  task: string;
  capabilities: string[];
  requirements: Requirements;
  hits: RankedProduct[];
  discovered: number;
  /** Set when nothing fits well, or nothing at all. */
  note?: string;
}

export interface ResolvedProduct {
  slug: string;
  name: string;
  domain: string;
  readiness: number;
  match: number;
  matched: string[];
  capScore: number;
  reason: string;
}

export interface ResolveResult {
  task: string;
  capabilities: string[];
  requirements: Requirements;
  results: ResolvedProduct[];
  discovered: number;
  note?: string;
}

/** The resolve answer (interface spec, "Resolve result"): each product's coverage share and a one-line reason. */
export function explainResolution(r: Carried<Resolution>): ResolveResult {
  const n = r.capabilities.length;
  return {
    task: r.task,
    capabilities: r.capabilities,
    requirements: r.requirements,
    results: hitsOf(r.hits).map(({ words, ...h }) => ({
      ...h,
      capScore: n ? Math.round((100 * h.matched.length) / n) / 100 : 0,
      reason: reasonFor({ ...h, words }, n),
    })),
    discovered: r.discovered,
    ...(r.note ? { note: r.note } : {}),
  };
}

/**
 * One line saying why a product was ranked: the task's words its own text holds and the capabilities it
 * covers, with its match and readiness ("Portkey matches "LLM", "fallbacks" and covers ai.gateway (1 of 1
 * capabilities); match 0.81, readiness 23.").
 */
export function reasonFor(h: RankedProduct, capabilityCount: number): string {
  const parts: string[] = [];
  if (h.words.length) parts.push(`matches ${h.words.map((w) => `"${w}"`).join(', ')}`);
  if (h.matched.length) parts.push(`covers ${h.matched.join(', ')} (${h.matched.length} of ${capabilityCount} capabilities)`);
  const trust =
    h.mcpTrust === 'poisoned'
      ? ' Ranked below MCP servers without one: its tool definitions carry a high-severity security finding (see its profile’s mcp section).'
      : h.mcpTrust === 'verified'
        ? ' Its MCP server’s read-only call was verified.'
        : '';
  return `${h.name} ${parts.join(' and ') || 'is a weak match'}; match ${h.match.toFixed(2)}, readiness ${h.readiness}.${trust}`;
}
