import { defineConfig } from 'vite';

// The server is bundled as an ESM SSR build: dependencies stay external (node_modules), our TypeScript
// (src/server and the shared src/domain) is compiled into dist/server/main.js.
export default defineConfig({
  build: {
    ssr: 'src/server/main.ts',
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: { output: { format: 'es', entryFileNames: 'main.js' } },
  },
});
