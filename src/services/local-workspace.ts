import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hashApiKey, mintApiKey } from '../domain/api-keys';
import type { Db } from '../store/db';
import { findActiveKey, findWorkspaceByName, insertApiKey, insertWorkspaceWithKey } from '../store/workspaces';

export const LOCAL_WORKSPACE = 'local';

/**
 * `npm start` prints a working key for a local workspace. The raw key is stored only as a hash in
 * Postgres, so the embedded runtime keeps a copy in its own data directory (mode 0600), the way a CLI
 * keeps a credential file; production never does this.
 */
export async function ensureLocalWorkspaceKey(db: Db, dataDir: string): Promise<string> {
  const keyFile = path.join(dataDir, 'local-api-key');
  if (existsSync(keyFile)) {
    const raw = readFileSync(keyFile, 'utf8').trim();
    if (await findActiveKey(db, hashApiKey(raw))) return raw;
  }
  const existing = await findWorkspaceByName(db, LOCAL_WORKSPACE);
  const key = mintApiKey();
  if (existing) {
    await insertApiKey(db, existing.id, { hash: key.hash, prefix: key.prefix, label: 'npm start' });
  } else {
    await insertWorkspaceWithKey(db, { name: LOCAL_WORKSPACE }, { hash: key.hash, prefix: key.prefix, label: 'npm start' });
  }
  writeFileSync(keyFile, `${key.raw}\n`, { mode: 0o600 });
  return key.raw;
}
