import { createHash, randomBytes } from 'node:crypto';

export const KEY_PREFIX = 'adx_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_CHARS = 32;
/** What the dashboard and key listing show: enough to tell keys apart, far too little to use one. */
const DISPLAY_CHARS = KEY_PREFIX.length + 6;

export interface MintedKey {
  raw: string;
  hash: string;
  prefix: string;
}

/** `adx_` + 32 uniformly random base62 characters (~190 bits). */
export function mintApiKey(): MintedKey {
  let body = '';
  while (body.length < RANDOM_CHARS) {
    for (const byte of randomBytes(RANDOM_CHARS)) {
      // Rejection sampling: 248 = 4 * 62, so accepted bytes map uniformly onto the alphabet.
      if (byte < 248 && body.length < RANDOM_CHARS) body += BASE62[byte % 62];
    }
  }
  const raw = KEY_PREFIX + body;
  return { raw, hash: hashApiKey(raw), prefix: raw.slice(0, DISPLAY_CHARS) };
}

/** Keys are stored and looked up only by this hash; the raw key is never kept or logged. */
export function hashApiKey(raw: string): string {
  return createHash('sha256').update(raw, 'utf8').digest('hex');
}

export function isWellFormedApiKey(raw: string): boolean {
  return raw.length === KEY_PREFIX.length + RANDOM_CHARS && raw.startsWith(KEY_PREFIX) && /^[0-9A-Za-z]+$/.test(raw.slice(KEY_PREFIX.length));
}
