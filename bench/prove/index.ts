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
import { webhooksProof } from './webhooks';

/**
 * Every proof `npm run prove` runs, in this order (cheap first); the soak, the Temporal cluster (which
 * needs the server built with `go install`) and the webhooks (20,000 deliveries, minutes) only when named.
 */
export const proofs: Proof[] = [replayProof, races, crashesProof, outagesProof, load, fairness, guardFuzz, soak, clusterProof, webhooksProof];
