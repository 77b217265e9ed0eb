import type { AuditArtifacts } from '../audit/artifacts';
import { CATEGORIES } from '../taxonomy';
import { type ProductDocument, REQUIREMENT_BITS } from './product-index';

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
}

const CATEGORY_NAMES = new Map(CATEGORIES.map((c) => [c.slug, c.name]));

export function productDocument(p: ProductFacts): ProductDocument {
  const flags = (Object.keys(REQUIREMENT_BITS) as Array<keyof typeof REQUIREMENT_BITS>).reduce((m, r) => (p.requirements[r] ? m | REQUIREMENT_BITS[r] : m), 0);
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
