import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { ServerConfig } from '../config';
import { PGlitePool } from './pglite-pool';
import type { Database } from './schema';

/** A real PostgreSQL by URL, PGlite files in a folder, or PGlite in memory (tests). */
export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true };

export function databaseTarget(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): DatabaseTarget {
  return config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'pglite') };
}

export function createDatabase(target: DatabaseTarget): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: () => createPool(target) }) });
}

async function createPool(target: DatabaseTarget) {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 5_000 });
    // A connection the server drops (restart, failover) emits 'error' on its client, idle or checked
    // out; unhandled, that would crash the process. The query in flight still rejects, and the pool
    // replaces the broken client on the next connect.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    return pool;
  }
  if ('dataDir' in target) {
    mkdirSync(target.dataDir, { recursive: true });
    return new PGlitePool(await PGlite.create(target.dataDir));
  }
  return new PGlitePool(await PGlite.create());
}
