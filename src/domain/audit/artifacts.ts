import type { VerifiedCall } from '../mcp/section';
import type { ToolDefinition } from '../mcp/tool-definition';

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
  /** The links with their titles and notes, which say what each leads to (absent in audits stored before). */
  entries?: Array<{ title: string; url: string }>;
  problems: string[];
}

export type McpOutcome = 'ok' | 'auth-required' | 'dead' | 'not-mcp';

/** Where a candidate MCP endpoint came from, strongest evidence first. */
export type McpSource = 'server-card' | 'link' | 'docs-page' | 'protected-resource' | 'common-path';

export interface McpArtifact {
  serverCard?: { url: string; name?: string; endpoints: string[] };
  /** Linked pages about MCP that were read for the endpoint they describe (documentation, landing pages). */
  pages?: Array<{ url: string; describesServer: boolean; endpoints: string[] }>;
  /** An RFC 9728 protected resource the site names, probed as a possible MCP server. */
  protectedResource?: { url: string; mentionsMcp: boolean };
  endpoints: Array<{
    url: string;
    /** Named as an MCP endpoint (server card, link, docs page), not guessed nor inferred. */
    declared: boolean;
    /** How the candidate was found (absent in audits stored before). */
    source?: McpSource;
    outcome: McpOutcome;
    serverName?: string;
    tools?: string[];
    /** Each tool's description, first sentence (absent in audits stored before). */
    toolDescriptions?: string[];
    /** The handshake succeeded over the legacy HTTP+SSE transport (2024-11-05) rather than Streamable HTTP. */
    transport?: 'sse';
    detail?: string;
    /** What initialize negotiated and the server's own version (absent in audits stored before issue 38). */
    protocolVersion?: string;
    serverVersion?: string;
    /** Every tool whole as tools/list defined it, bounded and fingerprinted; how many entries it listed. */
    toolDefinitions?: ToolDefinition[];
    toolCount?: number;
    /** Hash of the tools' fingerprints in name order (mcp-tools.ts). */
    serverFingerprint?: string;
    /** What was wrong with the list itself (malformed entries, tools beyond the bounds, a failed page). */
    listProblems?: string[];
    /** The verified read-only call, on the endpoint that completed the handshake. */
    verifiedCall?: VerifiedCall;
  }>;
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
  /** How the document was written (read as JSON or YAML whatever its extension or media type). */
  format?: 'json' | 'yaml';
  /** Declared (API catalog, Link header, llms.txt, docs, homepage) or found at a common path. */
  declared?: boolean;
  valid: boolean;
  version?: string;
  title?: string;
  /** info.description, first 500 characters, and the tag names (absent in audits stored before). */
  description?: string;
  tags?: string[];
  /** The operations' summaries, at most 60 (absent in audits stored before issue 38). */
  operationSummaries?: string[];
  operations: number;
  errors: string[];
  /**
   * SHA-256 of the description's canonical JSON (issue 39): the document itself is stored once per hash
   * (openapi_documents), so two audits' descriptions can be compared. Absent before issue 39 and when it
   * was too large to keep.
   */
  hash?: string;
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
