import { load } from './load';
import type { Proof } from './proof';
import { races } from './races';
import { soak } from './soak';

/** Every proof `npm run prove` runs, in this order (cheap first). */
export const proofs: Proof[] = [races, load, soak];
