import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { createDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import type { Database } from '../../src/server/db/schema';
import { seed } from '../../src/server/db/seed';
import { type PostgresCluster, startPostgres } from './postgres-cluster';
import { createTestApp, type TestApp } from './server';

/** A describe block's throw-away PostgreSQL and a Kysely on it: there from its beforeAll on. */
export interface PostgresDatabase {
  readonly cluster: PostgresCluster;
  readonly db: Kysely<Database>;
}

/** The same, migrated and seeded, with a test app on it. */
export interface PostgresApp extends PostgresDatabase {
  readonly t: TestApp;
}

interface Started {
  cluster?: PostgresCluster;
  db?: Kysely<Database>;
  t?: TestApp;
}

/**
 * In a describeWithPostgres body: before its tests a cluster started and a Kysely on it (nothing
 * migrated); after them both gone.
 */
export function usePostgres(): PostgresDatabase {
  const started: Started = {};
  beforeAll(() => open(started), 120_000);
  afterAll(() => close(started), 60_000);
  return view(started);
}

/**
 * In a describeWithPostgres body: as usePostgres, the database migrated, seeded and `prepare`d, and a test
 * app on it, closed first after the tests. `beforeClose` runs before that, on the cluster as the tests left
 * it (one may have frozen it).
 */
export function usePostgresApp(
  options: {
    prepare?: (db: Kysely<Database>) => Promise<void>;
    beforeClose?: (cluster: PostgresCluster) => void;
  } = {},
): PostgresApp {
  const started: Started = {};
  beforeAll(async () => {
    const db = await open(started);
    await migrateToLatest(db);
    await seed(db);
    await options.prepare?.(db);
    started.t = await createTestApp({ db });
  }, 120_000);
  afterAll(async () => {
    if (started.cluster) options.beforeClose?.(started.cluster);
    await close(started);
  }, 60_000);
  return view(started);
}

async function open(started: Started): Promise<Kysely<Database>> {
  started.cluster = await startPostgres();
  started.db = createDatabase({ url: started.cluster.url });
  return started.db;
}

async function close(started: Started): Promise<void> {
  await started.t?.close();
  await started.db?.destroy();
  await started.cluster?.remove();
}

function view(started: Started): PostgresApp {
  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`no PostgreSQL ${name}: its beforeAll has not run or failed`);
    return value;
  };
  return {
    get cluster() {
      return ready(started.cluster, 'cluster');
    },
    get db() {
      return ready(started.db, 'database');
    },
    get t() {
      return ready(started.t, 'test app');
    },
  };
}
