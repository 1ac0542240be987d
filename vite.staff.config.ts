import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildVersion } from './scripts/vite/build-version.ts';
import { BASE_PATH } from './src/domain/screens.ts';

// The staff's pages (the sign-in, the shell and each role's screens: src/staff-main.tsx) as a build of their
// own, beside the visitors' site: the two share no chunk, so no visitor page ever loads, or pays bytes for,
// any of them.
export default defineConfig({
  base: `${BASE_PATH}staff/`,
  plugins: [react()],
  publicDir: false,
  // the atlas shows the build's version and its links carry it (src/features/atlas/atlas-links.tsx)
  define: { 'import.meta.env.BUILD_VERSION': JSON.stringify(buildVersion()) },
  build: {
    outDir: 'dist/client/staff',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    rolldownOptions: { input: 'staff.html' },
  },
});
