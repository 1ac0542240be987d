import { defineConfig } from 'vite';

// The server is bundled as an ESM SSR build: dependencies stay external (node_modules), our TypeScript
// (src/server and the shared src/domain) is compiled into dist/server/main.js, and the overprint's render
// thread into dist/server/pdf-worker.js beside it, where overprint/render-pool.ts looks for it. The code
// both share goes into chunks in the same folder.
export default defineConfig({
  build: {
    ssr: true,
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: {
      input: { main: 'src/server/main.ts', 'pdf-worker': 'src/server/overprint/pdf-worker.ts' },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
