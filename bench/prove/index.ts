import { clusterProof } from './cluster';
import { crashesProof } from './crashes';
import { fairness } from './fairness';
import { guardFuzz } from './guard-fuzz';
import { load } from './load';
import { outagesProof } from './outages';
import type { Proof } from './proof';
import { races } from './races';
import { replayProof } from './replay';
import { soak } from './soak';

/**
 * Every proof `npm run prove` runs, in this order (cheap first); the soak and the Temporal cluster (which
 * needs the server built with `go install`) only when named.
 */
export const proofs: Proof[] = [replayProof, races, crashesProof, outagesProof, load, fairness, guardFuzz, soak, clusterProof];
