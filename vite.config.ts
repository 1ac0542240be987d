import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { withoutStateDescriptions } from './scripts/vite/without-state-descriptions.ts';
import { BASE_PATH } from './src/domain/screens.ts';

export default defineConfig({
  base: BASE_PATH,
  plugins: [react(), withoutStateDescriptions()],
  resolve: {
    alias: [
      // TanStack Router and @xstate/react import use-sync-external-store's shim for React before 18, which
      // hands over to React's own useSyncExternalStore when there is one, as React 19 always has: its own
      // builds without the shim are the same code less the fallback (0.1 KB gzip off every route).
      {
        find: /^use-sync-external-store\/shim(\/with-selector)?$/,
        replacement: 'use-sync-external-store$1',
      },
    ],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // Every browser the site supports loads <link rel="modulepreload"> itself (Chrome 66, Firefox 115,
    // Safari 17): Vite's polyfill for older ones would cost every page 0.3 KB of the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The entry names every lazy chunk it may load; names of their hash alone keep that list short (0.3 KB
        // gzip off every route). The build's manifest (.vite/manifest.json) says which module each one is.
        chunkFileNames: 'assets/[hash].js',
        // The libraries every page runs from the entry (React, TanStack Router, XState's interpreter and its
        // React binding) in one chunk instead of four: the same code, less glue between chunks (0.9 KB gzip off
        // every route), and a file that changes only when the dependencies do. The group takes every module of these packages, so
        // a part of them that only a lazy screen imports would load on every page (npm run perf:bundle shows
        // it); libraries of some screens only (formik, yup, luxon, papaparse, altcha, xstate/graph) are not in it.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/][^\\/]+|@xstate[\\/]react|xstate[\\/]dist)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/ODGAWeb': 'http://127.0.0.1:8080' } },
  test: {
    // Vitest's default leaves one core idle: on the 2-core CI machine that is one test file at a time.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          setupFiles: ['tests/support/setup-node.ts'],
          globalSetup: ['tests/support/seeded-database-setup.ts', 'tests/support/path-record-setup.ts'],
          testTimeout: 20_000,
          // an in-memory PGlite with migrations and seed takes seconds on a busy 2-core machine
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/**/*.test.tsx'],
          setupFiles: ['tests/support/setup-dom.ts'],
          globalSetup: ['tests/support/seeded-database-setup.ts', 'tests/support/path-record-setup.ts'],
          testTimeout: 20_000,
          // an in-memory PGlite with migrations and seed takes seconds on a busy 2-core machine
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          setupFiles: ['tests/support/setup-node.ts'],
          globalSetup: ['tests/support/path-record-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
