import { loadConfig } from '../config';
import { createDatabase, databaseTarget } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { seed } from '../db/seed';
import type { CommandOutput } from './command-runner';
import { type DataDirHold, DataDirInUseError, holdDataDir } from './data-dir-hold';
import { DataDirRightsError } from './data-dir-rights';

/**
 * `npm run db:migrate`: migrations and seed on the configured database. On PostgreSQL, Kysely's migration
 * lock orders it with servers starting beside it. On the embedded database it holds the data folder while
 * it works, and refuses while a server (or an operator command) holds it: a running server applied the
 * migrations it knows when it started, and only a restart brings new ones into its process.
 * Answers the exit code: 0 ready, 1 refused.
 */
export async function runMigrateCommand(env: NodeJS.ProcessEnv, output: CommandOutput): Promise<number> {
  const config = loadConfig(env);
  let hold: DataDirHold | undefined;
  if (!config.databaseUrl) {
    try {
      hold = await holdDataDir(config.dataDir, {
        busyMessage: `The database in ${config.dataDir} is being migrated (npm run db:migrate); try again in a moment.`,
      });
    } catch (error) {
      if (error instanceof DataDirRightsError) {
        output.err(error.message);
        return 1;
      }
      if (!(error instanceof DataDirInUseError)) throw error;
      output.err(
        `The database in ${config.dataDir} is in use by a running server (or an operator command): nothing ` +
          'was migrated. A running server applies the migrations itself when it starts: restart it to ' +
          'apply new ones. An operator command finishes in moments: then try again.',
      );
      return 1;
    }
    if (hold.notice) output.err(hold.notice);
  }
  try {
    const db = createDatabase(databaseTarget(config));
    try {
      await migrateToLatest(db);
      await seed(db);
    } finally {
      await db.destroy();
    }
    output.out(`database ready (${config.databaseUrl ? 'PostgreSQL' : 'PGlite'})`);
    return 0;
  } finally {
    await hold?.close();
  }
}
