import { readFileSync } from 'node:fs';

/**
 * The file the build made of a visitor module (`src/screens/contact/contact.tsx`), from its manifest: lazy
 * chunks are named by their hash alone (vite.config.ts), so a test finds a screen's chunk here.
 */
export function chunkOf(module: string): string {
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string }
  >;
  const entry = manifest[module];
  if (!entry) throw new Error(`${module} is not in the build's manifest`);
  return entry.file;
}
