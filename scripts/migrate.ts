import { loadConfigOrExit } from '../src/config';
import { createDb, migrateLatest } from '../src/store/db';

/** `npm run migrate`: apply pending migrations to DATABASE_URL (production; `npm start` migrates itself). */
async function main() {
  const config = loadConfigOrExit();
  if (!config.database.url) throw new Error('npm run migrate needs DATABASE_URL');
  const db = createDb({ url: config.database.url });
  try {
    const applied = await migrateLatest(db);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.');
  } finally {
    await db.destroy();
  }
}

main().catch((err) => {
  console.error(`migration failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
