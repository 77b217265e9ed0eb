import type { McpSection } from '../domain/mcp/section';

/**
 * The shapes of a product as the store reads it: a registry row (what lists and search return), the whole
 * record, and the requirement flags search filters on. Their own module so that products.ts and search.ts
 * can both use them without importing each other.
 */
export interface RegistryRow {
  slug: string;
  name: string;
  domain: string;
  readiness: number;
}

export interface ProductRecord extends RegistryRow {
  id: string;
  description: string;
  discovery: number;
  understanding: number;
  adoption: number;
  operability: number;
  has_api: boolean;
  has_mcp: boolean;
  has_self_serve: boolean;
  has_openapi: boolean;
  has_cli: boolean;
  has_llms_txt: boolean;
  sdk_languages: string[];
  signals: Record<string, unknown>;
  issues: string[];
  facts: Record<string, unknown>;
  score_source: 'seed' | 'audit';
  audited_at: Date | null;
  updated_at: Date;
  claimed_by_workspace_id: string | null;
  categories: string[];
  /** The latest audit's MCP section (issue 38); null without a live server or an audit. */
  mcp: McpSection | null;
}

/** The capability flags a search can require (the products' has_* columns). */
export type Requirement = 'api' | 'mcp' | 'self_serve' | 'openapi' | 'cli';
