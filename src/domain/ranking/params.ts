import type { Bm25fParams } from './product-index';

/**
 * The ranking's tunable figures in one place. They were fitted on the training tasks alone
 * (test/quality/tasks.json, `npm run quality -- --tune`); the holdout and external sets only measure them.
 */

/** BM25F: a product's name weighs most, then its description and what audits read, then its categories. */
export const BM25F_PARAMS: Bm25fParams = {
  k1: 1.2,
  fields: {
    name: { weight: 3, b: 0.5 },
    description: { weight: 1, b: 0.75 },
    queries: { weight: 1.5, b: 0.75 },
    categories: { weight: 0.5, b: 0.5 },
    audit: { weight: 1, b: 0.75 },
  },
};

/** BM25 over the capabilities' own texts (description, phrasings, example tasks). */
export const CAPABILITY_TEXT_PARAMS = { k1: 1.2, b: 0.75 };

export interface RankParams {
  /** Text candidates kept before fusion. */
  candidates: number;
  /** Weight of the capability expansion beside a product's own fields. */
  expansion: number;
  /** Capabilities (by the relevance of their text) whose tagged products join the candidates. */
  expansionCapabilities: number;
  /** How many of a capability's products join the candidates on their tag alone (strongest tags, then readiness). */
  taggedCandidates: number;
  /** Share of a product's fit that is its coverage of the task's capabilities (the rest is its text relevance). */
  capability: number;
  /** The same when the task names a capability by a phrasing of two words or more. */
  phrasedCapability: number;
  /** Readiness prior: readiness/100 times this is added to the fit, so it orders fits closer than this. */
  readiness: number;
  /** With an embeddings endpoint: the share of the fit that is the product's similarity to the task. */
  semantic: number;
  /** Without one: the same share for the similarity of static word vectors (the index's, when it has them). */
  wordVectors: number;
  /** Words added per capability the task asks for, and their weight (query expansion). */
  expansionTerms: number;
  expansionTermWeight: number;
  /** Words of the connecting capability added to a task that connects named products, and their weight. */
  connectingTerms: number;
  connectingTermWeight: number;
  /** How much a named product's words count when the task names products as inputs. */
  namedWordWeight: number;
  /** Factor on a named product's own score when the task asks to connect named products. */
  namedProductFactor: number;
  /** The match of a product the task names otherwise: the tool it asks for by name. */
  namedMatch: number;
  /** Under this `match` the best result is a weak fit, and the answer says so. */
  weakMatch: number;
  /** When the task requires an MCP server: added to the score of one whose read-only call was verified. */
  verifiedMcp: number;
}

export const RANK_PARAMS: RankParams = {
  candidates: 300,
  expansion: 0.1,
  expansionCapabilities: 3,
  taggedCandidates: 100,
  capability: 0.04,
  phrasedCapability: 0.08,
  readiness: 0.06,
  semantic: 0.3,
  wordVectors: 0.35,
  expansionTerms: 0,
  expansionTermWeight: 0.3,
  connectingTerms: 6,
  connectingTermWeight: 0.8,
  namedWordWeight: 0.3,
  namedProductFactor: 0.5,
  namedMatch: 1,
  weakMatch: 0.3,
  verifiedMcp: 0.05,
};

export interface QueryParams {
  /** A request with this many words or more is read clause by clause. */
  longWords: number;
  /** Weight of a word outside the asking clauses of a long request. */
  storyWeight: number;
  /** Extra weight per repeat of a stem (a task that says "invoice" three times is about invoices). */
  repeatWeight: number;
  /** Weight of a proper name (a place, a person, a title) or a number (a quantity, a date): what the task is about, not the tool it wants. */
  entityWeight: number;
  /** Weight of an everyday English word the capability vocabulary never uses. */
  generalWeight: number;
  /** Weight of a language, runtime or framework named as where the tool must work. */
  stackWeight: number;
}

export const QUERY_PARAMS: QueryParams = { longWords: 25, storyWeight: 0.35, repeatWeight: 0.3, entityWeight: 0.5, generalWeight: 0.7, stackWeight: 0.4 };
