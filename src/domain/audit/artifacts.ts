/**
 * What the audit gatherers (activities/audit) bring back from a site. An artifact either holds a value or
 * says why it could not be gathered; audits that need an errored artifact score null (not pass, not fail).
 * Plain JSON throughout: artifacts travel through Temporal and are stored with the audit.
 */
export type Gathered<T> = { ok: true; value: T } | { ok: false; error: string };

export interface HomepageArtifact {
  url: string;
  status: number;
  https: boolean;
  title?: string;
  description?: string;
  openGraph: Record<string, string>;
  jsonLdTypes: string[];
  organization?: { name?: string; url?: string; logo?: string; sameAs: string[] };
  /** RFC 8288 Link header entries. */
  linkHeader: Array<{ uri: string; rel: string; type?: string }>;
  links: Partial<Record<'docs' | 'pricing' | 'status' | 'changelog' | 'signup' | 'mcp' | 'openapi' | 'api', string>>;
  /** Little text and mostly scripts: a client-rendered shell an agent cannot read without a browser. */
  scriptOnlyShell: boolean;
  rendered: boolean;
  textLength: number;
}

export interface RobotsArtifact {
  status: number;
  present: boolean;
  /** AI crawler user agent → allowed to fetch "/". */
  aiBots: Record<string, boolean>;
  /** Content-Signal directives (contentsignals.org), e.g. "search=yes, ai-train=no". */
  contentSignals: string[];
  sitemaps: string[];
}

export interface SitemapArtifact {
  found: boolean;
  url?: string;
  urlCount: number;
}

export interface MarkdownArtifact {
  supported: boolean;
  contentType: string;
}

export interface LlmsTxtArtifact {
  found: boolean;
  url: string;
  status: number;
  /** Served as text (not an HTML page at the llms.txt address). */
  isText: boolean;
  title?: string;
  summary?: string;
  sections: string[];
  links: string[];
  problems: string[];
}

export type McpOutcome = 'ok' | 'auth-required' | 'dead' | 'not-mcp';

export interface McpArtifact {
  serverCard?: { url: string; name?: string; endpoints: string[] };
  endpoints: Array<{ url: string; declared: boolean; outcome: McpOutcome; serverName?: string; tools?: string[]; detail?: string }>;
}

export interface WellKnownArtifact {
  found: boolean;
  url: string;
  valid: boolean;
  detail?: string;
}

export interface OpenApiArtifact {
  found: boolean;
  url?: string;
  valid: boolean;
  version?: string;
  title?: string;
  operations: number;
  errors: string[];
}

export interface OAuthArtifact {
  authorizationServer: WellKnownArtifact;
  protectedResource: WellKnownArtifact;
}

export interface DocsArtifact {
  found: boolean;
  url?: string;
  sdkLanguages: string[];
  cliInstall: string[];
  installSnippets: string[];
  mentionsApi: boolean;
}

export interface PricingArtifact {
  found: boolean;
  url?: string;
  freeTier: boolean;
  publicPrices: boolean;
  selfServe: boolean;
  contactSalesOnly: boolean;
}

export interface PageArtifact {
  found: boolean;
  url?: string;
}

export interface AuditArtifacts {
  domain: string;
  homepage: Gathered<HomepageArtifact>;
  robots: Gathered<RobotsArtifact>;
  sitemap: Gathered<SitemapArtifact>;
  markdown: Gathered<MarkdownArtifact>;
  llmsTxt: Gathered<LlmsTxtArtifact>;
  llmsFullTxt: Gathered<LlmsTxtArtifact>;
  mcp: Gathered<McpArtifact>;
  a2a: Gathered<WellKnownArtifact>;
  agentSkills: Gathered<WellKnownArtifact>;
  apiCatalog: Gathered<WellKnownArtifact>;
  openapi: Gathered<OpenApiArtifact>;
  oauth: Gathered<OAuthArtifact>;
  docs: Gathered<DocsArtifact>;
  pricing: Gathered<PricingArtifact>;
  statusPage: Gathered<PageArtifact>;
  changelog: Gathered<PageArtifact>;
}

export type ArtifactName = Exclude<keyof AuditArtifacts, 'domain'>;
