/** A product as the task ranking returns it (src/domain/ranking/rank.ts). */
export interface RankedProduct {
  slug: string;
  name: string;
  domain: string;
  readiness: number;
  /** How well the product fits the task as read, 0..1. */
  match: number;
  /** The task's capabilities the product covers. */
  matched: string[];
  /** The task's words (as written) its own text holds. */
  words: string[];
  /** Set when the task requires an MCP server: the last audit verified its call, or found it poisoned. */
  mcpTrust?: 'verified' | 'poisoned';
}
