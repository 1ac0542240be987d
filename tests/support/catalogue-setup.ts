import type { TestProject } from 'vitest/node';
import type { CatalogueCell, CataloguePackage } from '../../src/domain/catalogue';
import { listCells, listPackages } from '../../src/server/db/repositories/catalogue';
import { createTestDatabase } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    catalogue: { packages: CataloguePackage[]; cells: CatalogueCell[] };
  }
}

/** Reads the seeded catalogue once per run, so the screen tests' fake server answers what the API would. */
export default async function setup(project: TestProject) {
  const db = await createTestDatabase();
  try {
    project.provide('catalogue', { packages: await listPackages(db), cells: await listCells(db) });
  } finally {
    await db.destroy();
  }
}
