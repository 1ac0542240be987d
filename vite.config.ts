import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BASE_PATH } from './src/domain/screens.ts';

export default defineConfig({
  base: BASE_PATH,
  plugins: [react()],
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: false, manifest: true },
  server: { proxy: { '/ODGAWeb': 'http://127.0.0.1:8080' } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          setupFiles: ['tests/support/setup-node.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/**/*.test.tsx'],
          setupFiles: ['tests/support/setup-dom.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          setupFiles: ['tests/support/setup-node.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
