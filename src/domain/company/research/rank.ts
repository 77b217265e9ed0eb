/** Retrieval: BM25F ranks the passages against the question. */
import bm25 from 'wink-bm25-text-search';
import type { Passage } from './chunks';
import { contentTerms, type Terms } from './terms';

export interface RankedPassage {
  passage: Passage;
  /** BM25F score: only comparable between passages ranked for the same question. */
  score: number;
}

// The page title names the page's topic ("Security", "Pricing"): a match there counts double.
const FIELD_WEIGHTS = { title: 2, body: 1 };
// wink-bm25-text-search refuses to consolidate fewer documents than this.
const BM25_MIN_DOCS = 3;

/**
 * The `k` passages BM25F ranks best for the question (fields: page title and section heading, weighted up; and
 * the passage text), best first; passages sharing no content word with the question are left out.
 */
export function rankPassages(question: string, passages: Passage[], k = 5): RankedPassage[] {
  return rank(question, passages, k, contentTerms);
}

export function rank(question: string, passages: Passage[], k: number, terms: Terms): RankedPassage[] {
  if (!passages.length || !terms(question).length) return [];
  const engine = bm25();
  engine.defineConfig({ fldWeights: FIELD_WEIGHTS });
  engine.definePrepTasks([terms]);
  passages.forEach((p, i) => {
    engine.addDoc({ title: [p.title, p.heading ?? ''].join('\n'), body: p.text }, i);
  });
  // A one- or two-passage site still gets ranked: empty documents match nothing and only make up the count.
  for (let i = passages.length; i < BM25_MIN_DOCS; i++) engine.addDoc({ title: '', body: '' }, `empty-${i}`);
  engine.consolidate();
  return engine
    .search(question, k)
    .filter(([id, score]) => score > 0 && !id.startsWith('empty-'))
    .map(([id, score]) => ({ passage: passages[Number(id)], score }));
}
