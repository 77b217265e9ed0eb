import { productDocument } from '../domain/ranking/documents';
import { BM25F_PARAMS } from '../domain/ranking/params';
import { type ProductDocument, ProductIndex } from '../domain/ranking/product-index';
import type { Db } from '../store/db';
import { allProductDocuments, type ProductDocumentRow, productDocumentsSince, registryMark } from '../store/product-documents';
import { registryVersion } from '../store/registry-version';
import { wordVectors } from './word-vectors';

/**
 * The task-ranking index of a database, kept in this process's memory (docs/decisions/ranking.md#ranking-a-task, "Ranking a
 * task"). Built on first use from every product; then kept current by reading the products written since
 * the last look: at once after a registry write in this process (audits run in the worker that ranks),
 * within REFRESH_MS for other processes' writes. A new seed (its fingerprint), a removal of products, or
 * many replaced documents rebuild it, in turns, while the old index keeps answering.
 */
interface IndexState {
  index?: ProductIndex;
  building?: Promise<ProductIndex>;
  refreshing?: Promise<void>;
  seed: string | null;
  /** The stamp of the last removal of products the index has seen (registryMark). */
  removed: string | null;
  /** The database clock when the last read of written products began. */
  watermark: Date;
  /** The products read within the lookback, by id, with the updated_at read: a re-read of the same version is skipped. */
  recent: Map<string, number>;
  /** This process's registry version at that read. */
  version: number;
  checkedAt: number;
}

const REFRESH_MS = 5_000;
// Rows written by a transaction that began before the last read but committed after it carry an earlier
// updated_at: each read looks this far back as well (documents are replaced, so reading one twice is harmless).
const LOOKBACK_MS = 60_000;
// Replaced documents keep their old postings (dead) until a rebuild; rebuild once this share is reached.
const REBUILD_SHARE = 0.1;

const states = new WeakMap<Db, IndexState>();
/** Who wants each database's documents as they are read (product embeddings): all of them on a build, the written ones on a refresh. */
const watchers = new WeakMap<Db, Set<(documents: ProductDocument[]) => void>>();

export function watchDocuments(db: Db, watcher: (documents: ProductDocument[]) => void): void {
  watchers.set(db, new Set([...(watchers.get(db) ?? []), watcher]));
}

/**
 * The index, current as of this call for this process's own writes (`fresh` also waits for other
 * processes' writes: resolve reads after the audits its discovery ran, wherever they ran).
 */
export async function rankingIndex(db: Db, o: { fresh?: boolean } = {}): Promise<ProductIndex> {
  let state = states.get(db);
  if (!state) {
    state = { seed: null, removed: null, watermark: new Date(0), recent: new Map(), version: -1, checkedAt: 0 };
    states.set(db, state);
  }
  if (!state.index) {
    state.building ??= rebuild(db, state).finally(() => {
      state.building = undefined;
    });
    return state.building;
  }
  if (o.fresh || state.version !== registryVersion()) await refresh(db, state);
  else if (Date.now() - state.checkedAt > REFRESH_MS) void refresh(db, state).catch(() => {});
  return state.index;
}

function refresh(db: Db, state: IndexState): Promise<void> {
  state.refreshing ??= (async () => {
    const version = registryVersion();
    const mark = await registryMark(db);
    const index = state.index!;
    if (mark.seed !== state.seed || mark.removed !== state.removed) {
      await rebuild(db, state);
      return;
    }
    const rows = await productDocumentsSince(db, new Date(state.watermark.getTime() - LOOKBACK_MS));
    // The lookback re-reads rows already indexed: only a new version replaces a document (and moves the
    // generation, which keeps the cached rankings).
    const written = rows.filter((r) => state.recent.get(r.id) !== r.updated_at.getTime()).map(documentOf);
    for (const d of written) index.upsert(d);
    remember(state, rows, mark.now);
    for (const watch of watchers.get(db) ?? []) watch(written);
    Object.assign(state, { watermark: mark.now, version, checkedAt: Date.now() });
    if (index.changedSinceBuild > Math.max(1000, index.size * REBUILD_SHARE) && !state.building) {
      state.building = rebuild(db, state).finally(() => {
        state.building = undefined;
      });
    }
  })().finally(() => {
    state.refreshing = undefined;
  });
  return state.refreshing;
}

async function rebuild(db: Db, state: IndexState): Promise<ProductIndex> {
  const version = registryVersion();
  const mark = await registryMark(db);
  const documents: ProductDocument[] = [];
  const recent: ProductDocumentRow[] = [];
  for await (const page of allProductDocuments(db))
    for (const row of page) {
      documents.push(documentOf(row));
      if (row.updated_at.getTime() > mark.now.getTime() - LOOKBACK_MS) recent.push(row);
    }
  const index = await ProductIndex.buildInTurns(documents, BM25F_PARAMS, wordVectors());
  for (const watch of watchers.get(db) ?? []) watch(documents);
  Object.assign(state, { index, seed: mark.seed, removed: mark.removed, watermark: mark.now, recent: new Map(), version, checkedAt: Date.now() });
  remember(state, recent, mark.now);
  return index;
}

/** Notes the versions read, forgetting those the next lookback cannot reach. */
function remember(state: IndexState, rows: ProductDocumentRow[], now: Date): void {
  for (const r of rows) state.recent.set(r.id, r.updated_at.getTime());
  const horizon = now.getTime() - 2 * LOOKBACK_MS;
  for (const [id, at] of state.recent) if (at < horizon) state.recent.delete(id);
}

/** A product row as the ranking reads it. */
export function documentOf(r: ProductDocumentRow): ProductDocument {
  return productDocument({
    id: r.id,
    slug: r.slug,
    name: r.name,
    domain: r.domain,
    readiness: r.readiness,
    requirements: { api: r.has_api, mcp: r.has_mcp, self_serve: r.has_self_serve, openapi: r.has_openapi, cli: r.has_cli },
    description: r.description,
    expansion: r.expansion,
    auditText: r.audit_text,
    mcpServers: r.mcp_servers,
    mcpTrust: r.mcp_trust,
    categories: r.categories,
    capabilities: r.capabilities,
  });
}
