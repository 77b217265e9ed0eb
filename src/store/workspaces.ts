import type { Db } from './db';

export interface WorkspaceRow {
  id: string;
  name: string;
  email: string | null;
  plan: string;
  metered_enabled: boolean;
  created_at: Date;
}

export interface NewKey {
  hash: string;
  prefix: string;
  label?: string;
}

/** Creates a workspace and its first key together: neither exists without the other. */
export async function insertWorkspaceWithKey(
  db: Db,
  workspace: { name: string; email?: string; plan?: string },
  key: NewKey,
): Promise<{ workspace: WorkspaceRow; keyId: string }> {
  return db.transaction(async (trx) => {
    const [ws] = await trx('workspaces')
      .insert({ name: workspace.name, email: workspace.email ?? null, plan: workspace.plan ?? 'free' })
      .returning('*');
    const keyId = await insertApiKey(trx, ws.id, key);
    return { workspace: ws as WorkspaceRow, keyId };
  });
}

export async function findWorkspaceByName(db: Db, name: string): Promise<WorkspaceRow | undefined> {
  return db('workspaces').where({ name }).orderBy('created_at').first();
}

/** Resolves an unrevoked key hash to its workspace in one indexed lookup. */
export async function findActiveKey(db: Db, keyHash: string): Promise<{ keyId: string; workspaceId: string; prefix: string } | undefined> {
  const row = await db('api_keys').select('id', 'workspace_id', 'prefix').where({ key_hash: keyHash }).whereNull('revoked_at').first();
  return row ? { keyId: row.id, workspaceId: row.workspace_id, prefix: row.prefix } : undefined;
}

export async function isKeyActive(db: Db, keyId: string): Promise<boolean> {
  return !!(await db('api_keys').select('id').where({ id: keyId }).whereNull('revoked_at').first());
}

export async function insertApiKey(db: Db, workspaceId: string, key: NewKey): Promise<string> {
  const [row] = await db('api_keys')
    .insert({ workspace_id: workspaceId, key_hash: key.hash, prefix: key.prefix, label: key.label ?? null })
    .returning('id');
  return row.id as string;
}

/** At most one write a minute per key: last-used is for people reading the key list, not an audit log. */
export async function touchKeyLastUsed(db: Db, keyId: string): Promise<void> {
  await db('api_keys')
    .where({ id: keyId })
    .andWhere((w) => w.whereNull('last_used_at').orWhere('last_used_at', '<', db.raw("now() - interval '1 minute'")))
    .update({ last_used_at: db.fn.now() });
}

export async function findWorkspace(db: Db, id: string): Promise<WorkspaceRow | undefined> {
  return db('workspaces').where({ id }).first();
}

export async function listApiKeys(db: Db, workspaceId: string) {
  return db('api_keys')
    .select('id', 'label', 'prefix', 'created_at', 'last_used_at', 'revoked_at')
    .where({ workspace_id: workspaceId })
    .orderBy('created_at', 'desc');
}

/** Revokes a key of this workspace; false when the workspace has no such key. */
export async function revokeApiKey(db: Db, workspaceId: string, keyId: string): Promise<boolean> {
  const n = await db('api_keys')
    .where({ id: keyId, workspace_id: workspaceId })
    .update({ revoked_at: db.raw('coalesce(revoked_at, now())') });
  return n > 0;
}
