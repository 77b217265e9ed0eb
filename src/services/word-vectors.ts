import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type WordVectorData, WordVectors } from '../domain/ranking/word-vectors';

/** The committed word vectors, resolved from the compiled file's place (dist/src/services → data/). */
const WORD_VECTORS_PATH = path.resolve(__dirname, '../../../data/word-vectors.json');

let loaded: WordVectors | undefined;

/** The static word vectors the task ranking reads (data/word-vectors.json, scripts/build-word-vectors.ts), read once. */
export function wordVectors(): WordVectors {
  loaded ??= WordVectors.fromData(JSON.parse(readFileSync(WORD_VECTORS_PATH, 'utf8')) as WordVectorData);
  return loaded;
}
