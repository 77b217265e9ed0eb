/**
 * The ranking in memory over the committed seed, as the quality tools use it (quality:tune, quality:explain):
 * documents as the service builds them (seed facts, provisional readiness, expansion requests, capability
 * tags), ranked as the services rank a task (the whole task, then each need it holds). `npm run quality`
 * confirms the same figures through Postgres and the services.
 */
import { productDocument } from '../../src/domain/ranking/documents';
import { BM25F_PARAMS, QUERY_PARAMS, RANK_PARAMS, type QueryParams, type RankParams } from '../../src/domain/ranking/params';
import { type Bm25fParams, ProductIndex } from '../../src/domain/ranking/product-index';
import { readTaskQuery, type TaskQuery } from '../../src/domain/ranking/query';
import { mergeNeeds, rankTask, type TaskRanking } from '../../src/domain/ranking/rank';
import { stemOf } from '../../src/domain/ranking/terms';
import { seedRow } from '../../src/domain/seed';
import { capabilitiesOf, capabilityTexts } from '../../src/services/capability-vocabulary';
import { readSeedFile } from '../../src/services/registry-seed';
import { taskCapabilities } from '../../src/services/task-capabilities';
import { wordVectors } from '../../src/services/word-vectors';

export interface Params {
  fields: Bm25fParams;
  rank: RankParams;
  query: QueryParams;
}

export const CURRENT_PARAMS: Params = { fields: BM25F_PARAMS, rank: RANK_PARAMS, query: QUERY_PARAMS };

let documents: ReturnType<typeof productDocument>[] | undefined;

/** Every seed product's document. */
export function seedDocuments() {
  documents ??= readSeedFile().products.map((p, i) =>
    productDocument({
      id: String(i),
      slug: p.slug,
      name: p.name,
      domain: p.domain,
      readiness: seedRow(p).scores.readiness,
      requirements: { api: p.facts.api, mcp: p.facts.mcp, self_serve: p.facts.selfServe, openapi: p.facts.openapi, cli: p.facts.cli },
      description: p.description,
      expansion: (p.queries ?? []).join(' . '),
      auditText: '',
      mcpServers: (p.mcpServers ?? []).map((m) => m.name).join(' . '),
      categories: p.categories,
      capabilities: capabilitiesOf(p),
    }),
  );
  return documents;
}

const indexes = new Map<string, ProductIndex>();

/** The seed's index under these field weights (built once per distinct weights). */
export function seedIndex(fields: Bm25fParams = BM25F_PARAMS): ProductIndex {
  const key = JSON.stringify(fields);
  let index = indexes.get(key);
  if (!index) {
    index = ProductIndex.build(seedDocuments(), fields, wordVectors());
    indexes.set(key, index);
  }
  return index;
}

/** Whether the capability vocabulary uses a word (capitalised, it still names what is wanted). */
export const vocabularyWord = (w: string) => capabilityTexts().uses(stemOf(w));

/** How a task is read: its weighted words, requirements and needs. */
export function readSeedTask(task: string, params: Params = CURRENT_PARAMS): TaskQuery {
  return readTaskQuery(task, vocabularyWord, params.query);
}

/** A task's top `limit` over the seed, as the services rank it: the whole task, then each need it holds. */
export function rankSeedTask(task: string, params: Params = CURRENT_PARAMS, limit = 20): TaskRanking {
  const index = seedIndex(params.fields);
  const query = readSeedTask(task, params);
  const required = Object.keys(query.requirements) as never;
  const rank = (q: TaskQuery) => {
    const read = taskCapabilities(q);
    return rankTask({
      index,
      capabilityTexts: capabilityTexts(),
      query: q,
      capabilities: read.ids,
      phrased: read.phrased,
      limit,
      requirements: required,
      params: params.rank,
    });
  };
  const parts = query.parts.map((p) => rank(readSeedTask(p, params)));
  const whole = rank(query);
  return parts.length ? mergeNeeds(whole, parts, limit) : whole;
}
