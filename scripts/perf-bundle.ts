import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SCREENS } from '../src/domain/screens';

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

// Every visitor route of docs/specification.md §2 that has a screen, by its module (a module shared by several paths counts once).
const withScreen = SCREENS.flatMap((s) => ('module' in s ? [{ ...s, module: s.module }] : []));
const routes = [...new Map(withScreen.map((s) => [s.module, s])).values()].map(
  (s) => [`${s.path} (${s.id})`, `src/screens/${s.module}`] as const,
);

// Libraries a route should download only if its code uses them, and how to tell them in a built chunk.
const LIBRARIES = { formik: /isValidating/, luxon: /Invalid DateTime/ } as const;
type Library = keyof typeof LIBRARIES;

/** The libraries `file`'s static imports reach in the source (type-only imports and import() left out). */
function librariesUsed(file: string, seen = new Set<string>()): Set<Library> {
  const found = new Set<Library>();
  if (seen.has(file)) return found;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, specifier] of source.matchAll(/^(?:import|export)\s(?!type\s)[^;]*?from\s+'([^']+)'/gms)) {
    if (specifier! in LIBRARIES) found.add(specifier as Library);
    if (!specifier!.startsWith('.')) continue;
    const base = path.join(path.dirname(file), specifier!);
    const resolved = ['.ts', '.tsx', '/index.ts', '/index.tsx', ''].map((x) => base + x).find(isFile);
    if (resolved) for (const library of librariesUsed(resolved, seen)) found.add(library);
  }
  return found;
}
const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

/** The libraries a route's first visit downloads, read from its chunks. */
const librariesLoaded = (screenModule: string) =>
  (Object.keys(LIBRARIES) as Library[]).filter((library) =>
    [...closure(['index.html', screenModule])].some((key) =>
      LIBRARIES[library].test(readFileSync(path.join(CLIENT_DIR, manifest[key]!.file), 'utf8')),
    ),
  );

console.log(
  `route JS, gzip level 9 (KB), and the libraries it downloads (${Object.keys(LIBRARIES).join(', ')})`,
);
const entryUses = librariesUsed('src/main.tsx');
for (const [name, module] of routes) {
  const kb = routeJsKb(module);
  const loaded = librariesLoaded(module);
  const used = librariesUsed(module, new Set());
  const unused = loaded.filter((library) => !used.has(library) && !entryUses.has(library));
  console.log(`${name.padEnd(44)} ${kb.toFixed(1).padStart(6)}  ${loaded.join(', ')}`);
  if (unused.length > 0) {
    console.log(`  downloads ${unused.join(', ')}, which its code does not use`);
    process.exitCode = 1;
  }
}
// The staff's pages (a build of their own, vite.staff.config.ts): the sign-in with the shell, and each screen.
const STAFF_DIR = path.join(CLIENT_DIR, 'staff');
const staff = readManifest(STAFF_DIR);
const staffKb = (keys: string[]) =>
  [...closure(keys, staff)].reduce((sum, key) => sum + gzipKb(staff[key]!.file, STAFF_DIR), 0);
const STAFF_SCREEN_MODULES = {
  '/login (staff)': [],
  '/staff/applications (staff: underwriter)': ['src/features/application-queue/queue-screen.tsx'],
  '/staff/contacts (staff: service)': ['src/features/contact-inbox/inbox-screen.tsx'],
  '/staff/outbox (staff: service, underwriter)': ['src/features/outbox/outbox-screen.tsx'],
  '/atlas (staff: analyst)': ['src/features/atlas/atlas-screen.tsx'],
  '/staff/accounts (staff: admin)': ['src/features/staff-accounts/accounts-screen.tsx'],
  '/staff/audit (staff: admin)': ['src/features/audit-log/audit-screen.tsx'],
  '/staff/case (staff: underwriter, service)': ['src/features/application-case/case-screen.tsx'],
  '/staff/notifications (staff: every role)': ['src/features/staff-notices/notices-screen.tsx'],
} as const;
for (const [name, modules] of Object.entries(STAFF_SCREEN_MODULES)) {
  if (modules.some((module) => !staff[module]))
    throw new Error(`${modules.join(', ')} not in the staff build`);
  console.log(
    `${name.padEnd(44)} ${staffKb(['staff.html', ...modules])
      .toFixed(1)
      .padStart(6)}`,
  );
}
// Code of the staff's pages, in any chunk a visitor page can load now or later: ELK's packages, the atlas's
// heading, the staff's shell and sign-in, the queue, inbox, outbox, account, audit and notices screens (their
// texts).
const STAFF_CODE =
  /org\.eclipse\.elk|流程狀態機圖集|員工作業|員工登入|申請案件|聯絡訊息|寄件匣|帳號管理|稽核紀錄|通知設定|gi_staff_return/;
const staffInVisitorSite = [...closure(['index.html'], manifest, true)].filter((key) =>
  STAFF_CODE.test(readFileSync(path.join(CLIENT_DIR, manifest[key]!.file), 'utf8')),
);
if (staffInVisitorSite.length > 0) {
  console.log(`visitor pages can load the staff's code: ${staffInVisitorSite.join(', ')}`);
  process.exitCode = 1;
}
const home = routeJsKb('src/screens/home/home.tsx');
console.log(`home budget ${HOME_BUDGET_KB} KB: ${home <= HOME_BUDGET_KB ? 'within' : 'OVER'}`);
if (home > HOME_BUDGET_KB) process.exitCode = 1;
