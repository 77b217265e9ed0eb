import { crashesProof } from './crashes';
import { guardFuzz } from './guard-fuzz';
import { outagesProof } from './outages';
import type { Proof } from './proof';
import { replayProof } from './replay';

/** Every proof `npm run prove` runs, in this order (cheap first). */
export const proofs: Proof[] = [replayProof, crashesProof, outagesProof, guardFuzz];
