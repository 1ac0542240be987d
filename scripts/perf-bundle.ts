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
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const readManifest = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
const manifest = readManifest(CLIENT_DIR);

/** The chunks `keys` load: what they import and, with `onDemand`, what they load later too. */
function closure(keys: string[], from: Manifest = manifest, onDemand = false): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const child of [...(from[key]?.imports ?? []), ...((onDemand && from[key]?.dynamicImports) || [])])
      visit(child);
  };
  keys.forEach(visit);
  return seen;
}

const gzipKb = (file: string, dir = CLIENT_DIR) =>
  gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length / 1024;

function routeJsKb(screenModule: string): number {
  if (!manifest['index.html'] || !manifest[screenModule])
    throw new Error(`${screenModule} is not in the build manifest`);
  return [...closure(['index.html', screenModule])].reduce(
    (sum, key) => sum + gzipKb(manifest[key]!.file),
    0,
  );
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
// The analysts' pages (a build of their own, vite.analyst.config.ts): the login page, and the atlas with its
// layout engine.
const ANALYST_DIR = path.join(CLIENT_DIR, 'analyst');
const analyst = readManifest(ANALYST_DIR);
const analystKb = (keys: string[]) =>
  [...closure(keys, analyst)].reduce((sum, key) => sum + gzipKb(analyst[key]!.file, ANALYST_DIR), 0);
console.log(`${'/login (analysts)'.padEnd(36)} ${analystKb(['analyst.html']).toFixed(1)}`);
console.log(
  `${'/atlas (analysts)'.padEnd(36)} ${analystKb(['analyst.html', 'src/features/atlas/atlas-screen.tsx']).toFixed(1)}`,
);
// ELK's packages and the atlas's heading, in any chunk a visitor page can load now or later
const ATLAS_CODE = /org\.eclipse\.elk|流程狀態機圖集/;
const atlasInVisitorSite = [...closure(['index.html'], manifest, true)].filter((key) =>
  ATLAS_CODE.test(readFileSync(path.join(CLIENT_DIR, manifest[key]!.file), 'utf8')),
);
if (atlasInVisitorSite.length > 0) {
  console.log(`visitor pages can load the atlas's code: ${atlasInVisitorSite.join(', ')}`);
  process.exitCode = 1;
}
const home = routeJsKb(routes[0][1]);
console.log(`home budget ${HOME_BUDGET_KB} KB: ${home <= HOME_BUDGET_KB ? 'within' : 'OVER'}`);
if (home > HOME_BUDGET_KB) process.exitCode = 1;
