import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import type { TestProject } from 'vitest/node';
import type { CatalogueCell, CataloguePackage } from '../../src/domain/catalogue';
import { migrateToLatest } from '../../src/server/db/migrate';
import { PGlitePool } from '../../src/server/db/pglite-pool';
import { listCells, listPackages } from '../../src/server/db/repositories/catalogue';
import type { Database } from '../../src/server/db/schema';
import { seed } from '../../src/server/db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    catalogue: { packages: CataloguePackage[]; cells: CatalogueCell[] };
    /** the archive of a migrated, seeded PGlite data folder that createTestDatabase starts from */
    seededDatabase: string;
  }
}

/**
 * Migrates and seeds one database per run: its data folder's archive is what every test's database starts
 * from (tests/support/server.ts createTestDatabase), and its catalogue is what the screen tests' fake
 * server answers, as the API would.
 */
export default async function setup(project: TestProject) {
  const pglite = await PGlite.create();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }) });
  const folder = await mkdtemp(join(tmpdir(), 'groupins-seeded-'));
  try {
    await migrateToLatest(db);
    await seed(db);
    project.provide('catalogue', { packages: await listPackages(db), cells: await listCells(db) });
    const archive = join(folder, 'pglite.tar');
    await writeFile(archive, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    project.provide('seededDatabase', archive);
  } finally {
    await db.destroy();
  }
  return () => rm(folder, { recursive: true, force: true });
}
