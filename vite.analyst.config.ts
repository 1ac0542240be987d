import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { BASE_PATH } from './src/domain/screens.ts';

// The analysts' pages (login, logout, the atlas: src/analyst-main.tsx) as a build of their own, beside the
// visitors' site: the two share no chunk, so no visitor page ever loads, or pays bytes for, the atlas.
export default defineConfig({
  base: `${BASE_PATH}analyst/`,
  plugins: [react()],
  publicDir: false,
  build: {
    outDir: 'dist/client/analyst',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    rolldownOptions: { input: 'analyst.html' },
  },
});
