import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// Measures what a visitor's browser downloads for a route: the entry chunk, the route's own chunk and
// every chunk they import statically, gzip-compressed as the server would send them.
const CLIENT_DIR = 'dist/client';
const HOME_BUDGET_KB = 120;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const manifest = JSON.parse(readFileSync(path.join(CLIENT_DIR, '.vite/manifest.json'), 'utf8')) as Manifest;

function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const child of manifest[key]?.imports ?? []) visit(child);
  };
  keys.forEach(visit);
  return seen;
}

const gzipKb = (file: string) =>
  gzipSync(readFileSync(path.join(CLIENT_DIR, file)), { level: 9 }).length / 1024;

function routeJsKb(screenModule: string): number {
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry || !manifest[screenModule]) throw new Error(`${screenModule} is not in the build manifest`);
  return [...closure([entry, screenModule])].reduce((sum, key) => sum + gzipKb(manifest[key]!.file), 0);
}

const routes = [
  ['/ (ODGAF000)', 'src/screens/home/home.tsx'],
  ['/product/optionpackage (ODGAF010)', 'src/screens/product/option-package.tsx'],
  ['/shopcart/STEP2 (ODGAF041)', 'src/screens/shopcart/shopcart-step-2.tsx'],
  ['/tryout/STEP2 (ODGAF071)', 'src/screens/tryout/tryout-step-2.tsx'],
  ['/overprint/STEP1 (ODGAF050)', 'src/screens/overprint/overprint-step-1.tsx'],
  ['/progress (ODGAF060)', 'src/screens/progress/progress.tsx'],
] as const;

console.log('route JS, gzip level 9 (KB)');
for (const [name, module] of routes) console.log(`${name.padEnd(36)} ${routeJsKb(module).toFixed(1)}`);
const home = routeJsKb(routes[0][1]);
console.log(`home budget ${HOME_BUDGET_KB} KB: ${home <= HOME_BUDGET_KB ? 'within' : 'OVER'}`);
if (home > HOME_BUDGET_KB) process.exitCode = 1;
