import path from 'node:path';
import type { Command } from 'commander';
import { UsageError } from './inputs';
import type { Terminal } from './output';

/** Where the operator's database is: DATABASE_URL, else the cluster `npm start` runs under DATA_DIR. */
async function databaseUrl(env: NodeJS.ProcessEnv): Promise<string> {
  const { ConfigError, loadConfig } = await import('../config.js');
  const { embeddedPostgresUrl } = await import('../runtime/embedded-postgres.js');
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) throw new UsageError(err.message);
    throw err;
  }
  const url = config.database.url ?? embeddedPostgresUrl(path.join(config.dataDir, 'postgres'), config.database.embeddedPort, 'agentdex');
  if (!url) throw new UsageError(`no database: set DATABASE_URL, or run this where \`npm start\` keeps its data (DATA_DIR=${config.dataDir})`);
  return url;
}

/**
 * `agentdex admin create-workspace <name>`: for operators of a deployment with SIGNUP=closed. It talks to
 * the database directly (there is no API for it), and prints the workspace's first key once.
 */
export function addAdminCommands(admin: Command, t: Terminal, globals: () => { json?: boolean }): void {
  admin
    .command('create-workspace')
    .description('Create a workspace and print its first API key once (operators; direct database access via DATABASE_URL)')
    .argument('<name>', 'workspace name')
    .option('--email <email>', 'contact email of the workspace')
    .option('--plan <plan>', 'plan key: free, usage or scale', 'free')
    .addHelpText('after', '\nExample:\n  $ DATABASE_URL=postgres://... agentdex admin create-workspace "Acme agents" --email ops@acme.example\n')
    .action(async (name: string, o: { email?: string; plan: string }) => {
      // Server modules (knex, config) load only here: every other command stays quick to start.
      const [{ createDb }, { createLogger }, { accountService }] = await Promise.all([
        import('../store/db.js'),
        import('../logger.js'),
        import('../services/account.js'),
      ]);
      const db = createDb({ url: await databaseUrl(t.env), poolMax: 1, logger: createLogger('silent') });
      try {
        const created = await accountService(db, 'closed').createWorkspace({ name, email: o.email, plan: o.plan, keyLabel: 'admin' });
        if (globals().json) t.stdout.write(`${JSON.stringify(created, null, 2)}\n`);
        else t.stdout.write(`Workspace ${created.workspaceId} created on plan ${o.plan}.\nAPI key (shown once, store it now): ${created.key}\n`);
      } finally {
        await db.destroy();
      }
    });
}
