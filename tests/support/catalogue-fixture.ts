import { inject } from 'vitest';

// What GET catalogue/queryPackages and queryCells answer on the seeded database (read once per run by
// tests/support/seeded-database-setup.ts), for the screen tests' fake server.
const { packages, cells } = inject('catalogue');

export const PACKAGES = packages;
export const CELLS = cells;
