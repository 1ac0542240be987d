import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import pg from 'pg';
import { DATABASE_TIMEOUT_MS, makeDataDir, type ServerConfig } from '../config';
import { narrowDataDir } from '../operator/data-dir-rights';
import { ChangeFeed, registerChangeFeed } from './change-feed';
import { PGlitePool } from './pglite-pool';
import type { Database } from './schema';
import { BUSY_WAIT_MS, TimedPool } from './timed-pool';

/**
 * A real PostgreSQL by URL (with the time a connection or a query may take), PGlite files in a folder,
 * or PGlite in memory (tests), empty or started from a data folder's archive (PGlite's `dumpDataDir`).
 * PGlite runs in this process: it cannot stall apart from it.
 */
export type DatabaseTarget =
  | { url: string; timeoutMs?: number }
  | { dataDir: string }
  | { memory: true; archive?: Blob };

export function databaseTarget(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'databaseTimeoutMs'>,
): DatabaseTarget {
  return config.databaseUrl
    ? { url: config.databaseUrl, timeoutMs: config.databaseTimeoutMs }
    : { dataDir: join(config.dataDir, 'pglite') };
}

/** A Kysely on the target, with its feed of changes to the cached tables (db/change-feed.ts). */
export function createDatabase(target: DatabaseTarget): Kysely<Database> {
  const feed = new ChangeFeed();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: () => createPool(target, feed) }) });
  registerChangeFeed(db, feed);
  return db;
}

async function createPool(target: DatabaseTarget, feed: ChangeFeed): Promise<PostgresPool> {
  if ('url' in target) {
    const timeoutMs = target.timeoutMs ?? DATABASE_TIMEOUT_MS;
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      connectionTimeoutMillis: timeoutMs,
      // the server cancels a statement, a wait for a row lock included, that runs past BUSY_WAIT_MS;
      // TimedPool covers a server that answers nothing
      statement_timeout: BUSY_WAIT_MS,
    });
    // A connection the server drops (restart, failover) emits 'error' on its client, idle or checked
    // out; unhandled, that would crash the process. The query in flight still rejects, and the pool
    // replaces the broken client on the next connect.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const timed = new TimedPool(pool, timeoutMs);
    const listening = feed.attachPostgres(target.url);
    return {
      connect: () => timed.connect(),
      end: () => listening.close().then(() => timed.end()),
    };
  }
  if ('dataDir' in target) makeDataDir(target.dataDir);
  const pglite = await PGlite.create(
    'dataDir' in target ? { dataDir: target.dataDir } : { loadDataDir: target.archive },
  );
  // a new database's files are unpacked 0666 (operator/data-dir-rights.ts)
  if ('dataDir' in target) narrowDataDir(target.dataDir);
  await feed.attachPGlite(pglite);
  return new PGlitePool(pglite);
}
