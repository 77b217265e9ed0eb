import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm start` without WEBHOOK_SECRETS_KEY: a key of its own under DATA_DIR, made once (mode 0600), so the
 * embedded install can create webhooks and keeps opening their secrets across restarts. A deployment sets
 * WEBHOOK_SECRETS_KEY instead; the API and the worker must share it.
 */
export function embeddedSecretsKey(dataDir: string): Buffer {
  const file = path.join(dataDir, 'webhook-secrets.key');
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key; remove it to make a new one (existing webhook secrets are then lost)`);
    return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}
