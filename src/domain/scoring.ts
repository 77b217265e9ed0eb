/**
 * Agent-readiness scoring, Lighthouse style: every check yields a score in 0..1 (or null when the
 * artifact it needs could not be gathered), checks are weighted within one of four sub-scores, and the
 * readiness score is a weighted mean of the sub-scores. Weights are data; the formulas are in
 * docs/scoring.md. The seed and the audit engine both score through `scoreChecks`.
 */
export type SubScore = 'discovery' | 'understanding' | 'adoption' | 'operability';

export interface Scores {
  readiness: number;
  discovery: number;
  understanding: number;
  adoption: number;
  operability: number;
}

export interface CheckMeta {
  id: string;
  subScore: SubScore;
  weight: number;
  title: string;
}

export const CHECKS: CheckMeta[] = [
  // discovery: can an agent find the product and what it offers?
  { id: 'robots-txt', subScore: 'discovery', weight: 1, title: 'robots.txt' },
  { id: 'robots-ai-access', subScore: 'discovery', weight: 2, title: 'robots.txt lets AI agents read the site' },
  { id: 'content-signals', subScore: 'discovery', weight: 1, title: 'Content signals in robots.txt' },
  { id: 'sitemap', subScore: 'discovery', weight: 1, title: 'Sitemap' },
  { id: 'llms-txt', subScore: 'discovery', weight: 3, title: 'Publishes /llms.txt' },
  { id: 'mcp-server', subScore: 'discovery', weight: 3, title: 'Offers an MCP server' },
  { id: 'a2a-agent-card', subScore: 'discovery', weight: 1, title: 'A2A agent card' },
  { id: 'agent-skills', subScore: 'discovery', weight: 1, title: 'Agent skills index' },
  { id: 'api-catalog', subScore: 'discovery', weight: 1, title: 'API catalog (RFC 9727)' },
  { id: 'openapi-published', subScore: 'discovery', weight: 2, title: 'Publishes an OpenAPI description' },
  { id: 'homepage-metadata', subScore: 'discovery', weight: 1, title: 'Homepage title, description and OpenGraph' },
  { id: 'structured-data', subScore: 'discovery', weight: 1, title: 'JSON-LD Organization' },
  { id: 'link-headers', subScore: 'discovery', weight: 1, title: 'Link headers (RFC 8288)' },
  // understanding: can an agent learn how to use it?
  { id: 'openapi-valid', subScore: 'understanding', weight: 3, title: 'OpenAPI description validates' },
  { id: 'docs', subScore: 'understanding', weight: 2, title: 'Public developer documentation' },
  { id: 'llms-full-txt', subScore: 'understanding', weight: 1, title: 'Publishes /llms-full.txt' },
  { id: 'markdown-negotiation', subScore: 'understanding', weight: 2, title: 'Markdown on Accept: text/markdown' },
  { id: 'install-snippets', subScore: 'understanding', weight: 1, title: 'Install commands in the docs' },
  { id: 'mcp-tool-quality', subScore: 'understanding', weight: 2, title: "The MCP server's tools are well defined" },
  // adoption: can an agent (or its human) start without a sales call?
  { id: 'self-serve', subScore: 'adoption', weight: 3, title: 'Self-serve signup' },
  { id: 'free-tier', subScore: 'adoption', weight: 1, title: 'Free tier or trial' },
  { id: 'public-pricing', subScore: 'adoption', weight: 1, title: 'Public pricing' },
  { id: 'sdks', subScore: 'adoption', weight: 2, title: 'Official SDKs' },
  { id: 'cli', subScore: 'adoption', weight: 2, title: 'Official CLI' },
  // operability: can an agent operate it reliably?
  { id: 'api', subScore: 'operability', weight: 3, title: 'Public API' },
  { id: 'mcp-live', subScore: 'operability', weight: 3, title: 'MCP endpoint answers initialize and tools/list' },
  { id: 'mcp-verified-call', subScore: 'operability', weight: 2, title: 'A read-only MCP tool call verified' },
  { id: 'oauth-discovery', subScore: 'operability', weight: 1, title: 'OAuth discovery (RFC 8414 / RFC 9728)' },
  { id: 'status-page', subScore: 'operability', weight: 1, title: 'Status page' },
  { id: 'changelog', subScore: 'operability', weight: 1, title: 'Changelog' },
  { id: 'https', subScore: 'operability', weight: 1, title: 'HTTPS' },
];

export const SUB_SCORE_WEIGHTS: Record<SubScore, number> = {
  discovery: 0.25,
  understanding: 0.25,
  adoption: 0.25,
  operability: 0.25,
};

/** Check id → score in 0..1, or null when not determinable (its weight then leaves the denominator). */
export type CheckScores = Record<string, number | null | undefined>;

const SUB_SCORES: SubScore[] = ['discovery', 'understanding', 'adoption', 'operability'];

export function scoreChecks(results: CheckScores): Scores {
  const sub = {} as Record<SubScore, number>;
  for (const s of SUB_SCORES) {
    let earned = 0;
    let possible = 0;
    for (const check of CHECKS) {
      if (check.subScore !== s) continue;
      const r = results[check.id];
      if (r === null || r === undefined) continue;
      earned += check.weight * clamp01(r);
      possible += check.weight;
    }
    sub[s] = possible === 0 ? 0 : Math.round((100 * earned) / possible);
  }
  const totalWeight = SUB_SCORES.reduce((n, s) => n + SUB_SCORE_WEIGHTS[s], 0);
  const readiness = Math.round(SUB_SCORES.reduce((n, s) => n + SUB_SCORE_WEIGHTS[s] * sub[s], 0) / totalWeight);
  return { readiness, ...sub };
}

/** What a seed source can honestly say about a product before any live audit. */
export interface ProductFacts {
  api: boolean;
  mcp: boolean;
  selfServe: boolean;
  openapi: boolean;
  cli: boolean;
  llmsTxt: boolean;
  sdkLanguages: string[];
}

/** Checks only a live audit can make (they read a server's tools): a seed leaves them out (null), not 0. */
const LIVE_ONLY_CHECKS = new Set(['mcp-tool-quality', 'mcp-verified-call']);

/**
 * Provisional check scores from seed facts. A seed knows only positives, so an unknown fact scores 0
 * (not null): a product is credited for what is known about it, never for what is not. The live-only
 * checks are null, so seed scores are what they were before those checks existed.
 */
export function checksFromFacts(f: ProductFacts): CheckScores {
  const sdkCount = f.sdkLanguages.length;
  const known: CheckScores = {
    'llms-txt': f.llmsTxt ? 1 : 0,
    'mcp-server': f.mcp ? 1 : 0,
    'openapi-published': f.openapi ? 1 : 0,
    'openapi-valid': f.openapi ? 1 : 0,
    docs: f.api || f.llmsTxt || sdkCount > 0 ? 1 : 0,
    'install-snippets': sdkCount > 0 || f.cli ? 1 : 0,
    'self-serve': f.selfServe ? 1 : 0,
    'public-pricing': f.selfServe ? 0.5 : 0,
    sdks: sdkCount >= 3 ? 1 : sdkCount > 0 ? 0.5 : 0,
    cli: f.cli ? 1 : 0,
    api: f.api ? 1 : 0,
    'mcp-live': f.mcp ? 0.5 : 0,
  };
  return Object.fromEntries(CHECKS.map((c) => [c.id, LIVE_ONLY_CHECKS.has(c.id) ? null : (known[c.id] ?? 0)]));
}

/**
 * A readiness ceiling for a product whose MCP server carries a high-severity security finding (tool
 * poisoning): however ready the rest of it is, an agent should not trust it until that is fixed.
 */
export const POISONED_READINESS_CAP = 40;

function clamp01(n: number): number {
  return n < 0 ? 0 : Math.min(n, 1);
}
