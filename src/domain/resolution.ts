/** The requirement flags a task or body set (the same keys as search's requirements). */
export type Requirements = Partial<Record<'api' | 'mcp' | 'self_serve' | 'openapi' | 'cli', boolean>>;

/** A product covering some of the task's capabilities. */
export interface RankedProduct {
  slug: string;
  name: string;
  domain: string;
  readiness: number;
  matched: string[];
}

/**
 * What resolve found, as its workflow carries it: the ranked products with the capabilities each covers.
 * The presentation (capScore, reason) is added by the API (explainResolution), which keeps the payload
 * Temporal records twice per call (the read's marker, the workflow's result) to what only the read knows.
 */
export interface Resolution {
  task: string;
  capabilities: string[];
  requirements: Requirements;
  hits: RankedProduct[];
  discovered: number;
}

export interface ResolveResult {
  task: string;
  capabilities: string[];
  requirements: Requirements;
  results: Array<RankedProduct & { capScore: number; reason: string }>;
  discovered: number;
}

/** The resolve answer (interface spec, "Resolve result"): each product's coverage share and a one-line reason. */
export function explainResolution(r: Resolution): ResolveResult {
  const n = r.capabilities.length;
  return {
    task: r.task,
    capabilities: r.capabilities,
    requirements: r.requirements,
    results: r.hits.map((h) => ({
      ...h,
      capScore: Math.round((100 * h.matched.length) / n) / 100,
      reason: `${h.name} covers ${h.matched.join(', ')} (${h.matched.length} of ${n} capabilities) with readiness ${h.readiness}.`,
    })),
    discovered: r.discovered,
  };
}
