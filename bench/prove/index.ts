import { crashesProof } from './crashes';
import { guardFuzz } from './guard-fuzz';
import { load } from './load';
import { outagesProof } from './outages';
import type { Proof } from './proof';
import { races } from './races';
import { replayProof } from './replay';
import { soak } from './soak';

/** Every proof `npm run prove` runs, in this order (cheap first); the soak only when named. */
export const proofs: Proof[] = [replayProof, races, crashesProof, outagesProof, load, guardFuzz, soak];
