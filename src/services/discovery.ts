import { candidatesFromMcpRegistry, candidatesFromSearch, newCandidates, registryKeywords, type Candidate } from '../domain/discovery';
import { readTaskQuery } from '../domain/ranking/query';
import { parseTaskIntent } from '../domain/task-intent';
import type { Outbound } from '../net';
import type { Db } from '../store/db';
import { knownDomains } from '../store/products';
import { rankingIndex } from './ranking-index';

export interface DiscoverySources {
  /** MCP registry API base, e.g. https://registry.modelcontextprotocol.io. */
  mcpRegistryUrl: string;
  /** A SearXNG-compatible search endpoint base; web search is skipped without one. */
  searchProviderUrl?: string;
  /** New domains one call may audit (DISCOVERY_MAX_AUDITS). */
  maxAudits: number;
}

const SOURCE_TIMEOUT_MS = 10_000;

/**
 * Candidate products for a task that the registry does not list yet: servers from the MCP registry whose
 * names match the task's keywords, then web search results. Every request goes through the guarded
 * outbound layer; a source that fails or answers nonsense contributes nothing rather than failing the call.
 */
export async function discoverCandidates(
  deps: { db: Db; outbound: Outbound; sources: DiscoverySources },
  input: { task: string },
): Promise<{ candidates: Candidate[]; errors: string[] }> {
  const { searchTerms } = parseTaskIntent(input.task);
  const keywords = await discoveryKeywords(deps.db, input.task);
  const errors: string[] = [];
  const getJson = async (url: string): Promise<unknown> => {
    try {
      const res = await deps.outbound.fetch(url, { headers: { accept: 'application/json' }, timeoutMs: SOURCE_TIMEOUT_MS, maxBytes: 2 * 1024 * 1024 });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
      return res.json();
    } catch (err) {
      errors.push(`${new URL(url).origin}: ${(err as Error).message}`);
      return undefined;
    }
  };

  const registry = deps.sources.mcpRegistryUrl.replace(/\/+$/, '');
  const fromRegistry = await Promise.all(
    keywords.map(async (k) => candidatesFromMcpRegistry(await getJson(`${registry}/v0/servers?search=${encodeURIComponent(k)}&limit=30`))),
  );
  const search = deps.sources.searchProviderUrl?.replace(/\/+$/, '');
  const fromSearch = search ? candidatesFromSearch(await getJson(`${search}/search?q=${encodeURIComponent(searchTerms)}&format=json`)) : [];

  const all = [...fromRegistry.flat(), ...fromSearch];
  const known = await knownDomains(deps.db, [...new Set(all.map((c) => c.domain))]);
  return { candidates: newCandidates(all, known, deps.sources.maxAudits), errors };
}

/**
 * What to ask the MCP registry for (it matches server names by substring, one keyword a request): the task's
 * most telling words as the ranking weighs them (weight × rarity in the registry: "tide" before
 * "forecasts"), the longest words when the ranking index cannot be read.
 */
async function discoveryKeywords(db: Db, task: string, max = 3): Promise<string[]> {
  try {
    const index = await rankingIndex(db);
    const query = readTaskQuery(task);
    const weight = new Map(query.terms.map((t) => [t.term, t.weight * index.idf(t.term)]));
    const words = query.words.filter((w) => w.word.length >= 3).sort((a, b) => (weight.get(b.term) ?? 0) - (weight.get(a.term) ?? 0));
    return [...new Set(words.map((w) => w.word))].slice(0, max);
  } catch {
    return registryKeywords(parseTaskIntent(task).searchTerms, max);
  }
}
