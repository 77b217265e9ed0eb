import type { AuditArtifacts } from '../audit/artifacts';
import { CATEGORIES } from '../taxonomy';
import { MCP_TRUST_BITS, type McpTrust, type ProductDocument, REQUIREMENT_BITS } from './product-index';

/**
 * What a product's document holds. `name` is its name and slug; `description` what its seed or its
 * homepage says; `queries` the requests it serves, written offline from its description (document
 * expansion, data/product-queries.json); `categories` the names of its registry categories; `audit` what
 * audits read about it (auditText) and the names of the MCP servers the public data lists for it.
 */
export interface ProductFacts {
  id: string;
  slug: string;
  name: string;
  domain: string;
  readiness: number;
  requirements: Record<keyof typeof REQUIREMENT_BITS, boolean>;
  description: string;
  /** Requests the product serves, written offline from its description (document expansion). */
  expansion?: string;
  auditText: string;
  mcpServers?: string | null;
  categories: string[];
  capabilities: Array<{ id: string; score: number }>;
  /** The last audit's verdict on its MCP server, when it found one to verify or distrust. */
  mcpTrust?: McpTrust | null;
}

const CATEGORY_NAMES = new Map(CATEGORIES.map((c) => [c.slug, c.name]));

export function productDocument(p: ProductFacts): ProductDocument {
  const required = (Object.keys(REQUIREMENT_BITS) as Array<keyof typeof REQUIREMENT_BITS>).reduce(
    (m, r) => (p.requirements[r] ? m | REQUIREMENT_BITS[r] : m),
    0,
  );
  const flags = p.mcpTrust ? required | MCP_TRUST_BITS[p.mcpTrust] : required;
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    domain: p.domain,
    readiness: p.readiness,
    flags,
    categories: p.categories,
    capabilities: p.capabilities,
    fields: {
      name: `${p.name} . ${p.slug.replace(/-/g, ' ')}`,
      description: p.description,
      queries: p.expansion ?? '',
      categories: p.categories.map((c) => CATEGORY_NAMES.get(c) ?? c.replace(/-/g, ' ')).join(' . '),
      audit: [p.auditText, p.mcpServers].filter(Boolean).join(' . '),
    },
  };
}

// The audit text is a field of every audited product's document, read into each process's index: a few
// thousand characters say what a product does; whole pages would cost memory and drown its own words.
const AUDIT_TEXT_MAX = 4000;

/**
 * What an audit read about a product, as one text for its document: the homepage's title, description
 * and Open Graph text, the llms.txt title, summary, section names and link titles, the MCP server's
 * name with its tools' names and descriptions, and the OpenAPI document's title, description and tags.
 */
export function auditText(a: AuditArtifacts): string {
  const parts: Array<string | undefined> = [];
  if (a.homepage.ok) {
    const h = a.homepage.value;
    parts.push(h.title, h.description, h.openGraph['og:title'], h.openGraph['og:description']);
  }
  if (a.llmsTxt.ok && a.llmsTxt.value.isText) {
    const l = a.llmsTxt.value;
    parts.push(l.title, l.summary, ...l.sections, ...(l.entries ?? []).slice(0, 40).map((e) => e.title));
  }
  if (a.mcp.ok) {
    const m = a.mcp.value;
    parts.push(m.serverCard?.name);
    for (const e of m.endpoints.filter((x) => x.outcome === 'ok')) {
      parts.push(e.serverName, ...(e.tools ?? []).map((t) => t.replace(/[_-]+/g, ' ')), ...(e.toolDescriptions ?? []));
    }
  }
  if (a.openapi.ok && a.openapi.value.found) {
    const o = a.openapi.value;
    parts.push(o.title, o.description, ...(o.tags ?? []));
  }
  const seen = new Set<string>();
  const text = parts
    .map((s) => s?.replace(/\s+/g, ' ').trim())
    .filter((s): s is string => !!s && !seen.has(s.toLowerCase()) && !!seen.add(s.toLowerCase()))
    .join(' . ');
  return text.slice(0, AUDIT_TEXT_MAX);
}

const AUDIT_EXPANSION_MAX = 2000;

/**
 * The requests an audited product serves, in its own words, for a product no seed wrote them for (issue
 * 38): what its homepage and llms.txt say it does, its MCP tools (name as words, and what each does), its
 * OpenAPI operations' summaries and its llms.txt sections. A seeded product's expansion is written offline from its description; a product that
 * entered through an audit gets this, so the same words weigh the same whichever way it came in.
 */
export function auditExpansion(a: AuditArtifacts): string {
  const parts: string[] = [];
  // What it says it does, as a seed's expansion is written from what its description says.
  if (a.homepage.ok) parts.push(a.homepage.value.description ?? '');
  if (a.llmsTxt.ok && a.llmsTxt.value.isText) parts.push(a.llmsTxt.value.summary ?? '');
  if (a.mcp.ok) {
    const live = a.mcp.value.endpoints.find((e) => e.outcome === 'ok');
    const described =
      live?.toolDefinitions?.map((t) => ({ name: t.name, description: t.description })) ??
      (live?.tools ?? []).map((name, i) => ({ name, description: live?.toolDescriptions?.[i] }));
    for (const t of described) parts.push(t.name.replace(/[_\-.]+/g, ' '), firstSentenceOf(t.description));
  }
  if (a.openapi.ok && a.openapi.value.found) parts.push(...(a.openapi.value.operationSummaries ?? []));
  if (a.llmsTxt.ok && a.llmsTxt.value.isText) parts.push(...a.llmsTxt.value.sections);
  const seen = new Set<string>();
  return parts
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => !!s && !seen.has(s.toLowerCase()) && !!seen.add(s.toLowerCase()))
    .join(' . ')
    .slice(0, AUDIT_EXPANSION_MAX);
}

const firstSentenceOf = (text: string | undefined) => (text ?? '').split(/(?<=[.!?])\s/)[0].slice(0, 200);
