import { guardFuzz } from './guard-fuzz';
import type { Proof } from './proof';

/** Every proof `npm run prove` runs, in this order (cheap first). */
export const proofs: Proof[] = [guardFuzz];
