import { outagesProof } from './outages';
import type { Proof } from './proof';

/** Every proof `npm run prove` runs, in this order (cheap first). */
export const proofs: Proof[] = [outagesProof];
