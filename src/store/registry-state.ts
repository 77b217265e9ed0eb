import type { Db } from './db';

export async function getRegistryState(db: Db, key: string): Promise<string | undefined> {
  const row = await db('registry_state').select('value').where({ key }).first();
  return row?.value;
}

export async function setRegistryState(db: Db, key: string, value: string): Promise<void> {
  await db('registry_state').insert({ key, value, updated_at: db.fn.now() }).onConflict('key').merge(['value', 'updated_at']);
}
