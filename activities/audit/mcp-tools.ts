import { createHash } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { z } from 'zod';
import { canonicalDefinition, readToolList } from '../../src/domain/mcp/read-tools';
import type { ToolDefinition } from '../../src/domain/mcp/tool-definition';

/** Pages of `tools/list` read at most (a cursor that never ends is a server's bug, not the audit's). */
const MAX_PAGES = 10;

// Each entry is read by readToolList, so one malformed tool costs only itself: the SDK's own result schema
// would refuse the whole page for it.
const ToolsPage = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });

export interface ListedTools {
  tools: ToolDefinition[];
  /** Entries listed over every page read. */
  listed: number;
  problems: string[];
}

/**
 * Every page of `tools/list` (following `nextCursor`), read into bounded, fingerprinted definitions. The
 * first page failing fails the listing, as before; a later one failing keeps the pages read and says so.
 */
export async function listAllTools(client: Client, options: RequestOptions): Promise<ListedTools> {
  const entries: unknown[] = [];
  const problems: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; ; page++) {
    if (page === MAX_PAGES) {
      problems.push(`tools/list still had a next page after ${MAX_PAGES} pages: the rest not read`);
      break;
    }
    let answer: z.infer<typeof ToolsPage>;
    try {
      answer = await client.request({ method: 'tools/list', params: cursor ? { cursor } : {} }, ToolsPage, options);
    } catch (err) {
      if (page === 0) throw err;
      problems.push(`tools/list page ${page + 1} failed: ${(err instanceof Error ? err.message : String(err)).slice(0, 200)}`);
      break;
    }
    entries.push(...answer.tools);
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  const read = readToolList(entries);
  return {
    tools: read.tools.map((t) => ({ ...t, fingerprint: sha256(canonicalDefinition(t)) })),
    listed: read.listed,
    problems: [...problems, ...read.problems],
  };
}

/** A server's fingerprint: its tools' fingerprints in name order, hashed. */
export function serverFingerprint(tools: ToolDefinition[]): string {
  return sha256(
    [...tools]
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .map((t) => `${t.name}\n${t.fingerprint}`)
      .join('\n'),
  );
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
