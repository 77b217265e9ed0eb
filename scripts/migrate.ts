import { loadConfigOrExit } from '../src/config';
import { loadRegistrySeed } from '../src/services/registry-seed';
import { createDb, migrateLatest } from '../src/store/db';

/** `npm run migrate`: pending migrations, then the registry seed, on DATABASE_URL (`npm start` does this itself). */
async function main() {
  const config = loadConfigOrExit();
  if (!config.database.url) throw new Error('npm run migrate needs DATABASE_URL');
  const db = createDb({ url: config.database.url });
  try {
    const applied = await migrateLatest(db);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.');
    const seeded = await loadRegistrySeed(db);
    console.log(seeded === 'unchanged' ? 'Registry seed already loaded.' : `Registry seed: ${JSON.stringify(seeded)}`);
  } finally {
    await db.destroy();
  }
}

main().catch((err) => {
  console.error(`migration failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
