// wink-bm25-text-search ships no typings; only the calls research retrieval makes are declared.
declare module 'wink-bm25-text-search' {
  interface BM25Config {
    fldWeights: Record<string, number>;
    bm25Params?: { k1?: number; b?: number; k?: number };
    ovFldNames?: string[];
  }
  interface BM25Engine {
    defineConfig(config: BM25Config): boolean;
    definePrepTasks(tasks: Array<(input: string) => string[]>, field?: string): number;
    addDoc(doc: Record<string, string>, id: string | number): number;
    /** Throws when fewer than three documents were added. */
    consolidate(fp?: number): boolean;
    /** `[id, score]` pairs, best first; ids come back as strings. */
    search(text: string, limit?: number): Array<[string, number]>;
    getTotalDocs(): number;
  }
  function bm25(): BM25Engine;
  export default bm25;
}
