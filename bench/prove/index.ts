import { crashesProof } from './crashes';
import { guardFuzzProof } from './guard-fuzz';
import { outagesProof } from './outages';
import type { Proof } from './proof';
import { replayProof } from './replay';

/** Every proof `npm run prove` runs, in this order (cheap first). */
export const proofs: Proof[] = [replayProof, crashesProof, outagesProof, guardFuzzProof];
