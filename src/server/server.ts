import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from './app';
import type { ServerConfig } from './config';
import { createDatabase, databaseTarget } from './db/database';
import { migrateToLatest } from './db/migrate';
import type { Database } from './db/schema';
import { seed } from './db/seed';
import { scheduleSessionPurge } from './session-purge';

export interface RunningServer {
  app: FastifyInstance;
  db: Kysely<Database>;
  /** stops taking requests, lets the ones in flight finish, then closes the database */
  stop(): Promise<void>;
}

export async function startServer(
  config: ServerConfig,
  options: { logger?: boolean } = {},
): Promise<RunningServer> {
  const db = createDatabase(databaseTarget(config));
  try {
    await migrateToLatest(db);
    await seed(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const app = await buildApp({ db, config, logger: options.logger ?? true });
  const purge = scheduleSessionPurge(db, config.sessionRetentionHours, app.log);
  await purge.first;
  await app.listen({ port: config.port, host: config.host });

  let stopping: Promise<void> | undefined;
  const stop = () => {
    purge.stop();
    stopping ??= app.close().finally(() => db.destroy());
    return stopping;
  };
  return { app, db, stop };
}
