import { PAGE_DESCRIPTIONS } from '../domain/page-descriptions';
import { pageTitleOf, SCREENS, type Screen, type ScreenId } from '../domain/screens';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
export type ViteManifest = Record<string, ManifestChunk>;

/** The build's prerendered shells (scripts/prerender.tsx), under the client folder. */
export const PAGE_SHELLS_FILE = '.vite/page-shells.json';
export interface PageShells {
  /** the shell without a screen, which index.html carries in its root element */
  page: string;
  /** each screen path's shell: the page's with the screen's heading and lead */
  screens: Record<string, string>;
}

/** The template that holds the entry's module script and its preloads until the prerendered shell has painted. */
export const APP_MODULES_START = '<template id="app-modules">';
const APP_MODULES_END = '</template>';

/**
 * The page's one inline script, allowed by its hash in the CSP (src/server/plugins/security.ts): it puts a copy
 * of the template into the head once the shell has painted (a clone: scripts parsed into a template never
 * run), or at once in a hidden tab, which paints nothing. Evaluating the app and React's first render are the
 * page's longest tasks; run before the first paint, they would hold it on a slow phone. Every browser the site
 * supports reports the first contentful paint. A string, not a function: its exact text is what the hash allows.
 */
export const APP_MODULES_LOADER =
  "(()=>{const t=document.getElementById('app-modules');let started=false;" +
  'const start=()=>{if(started)return;started=true;document.head.append(document.importNode(t.content,true))};' +
  "if(document.visibilityState==='hidden')return start();" +
  "new PerformanceObserver((list)=>{if(list.getEntriesByName('first-contentful-paint').length)start()})" +
  ".observe({type:'paint',buffered:true});document.addEventListener('visibilitychange',start)})()";

/**
 * The built index.html with the module script and the preloads Vite put into its head moved into the
 * #app-modules template, and the script that loads them at the end of the body: nothing of the app is fetched
 * or run before the page has painted. The stylesheet stays in the head.
 */
export function withAppModulesDeferred(indexHtml: string): string {
  const tag = /\s*(<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g;
  const modules = [...indexHtml.matchAll(tag)].map((match) => match[1]);
  if (!modules.some((module) => module?.startsWith('<script')))
    throw new Error('index.html has no module script to defer');
  return indexHtml
    .replace(tag, '')
    .replace('</head>', `${APP_MODULES_START}${modules.join('')}${APP_MODULES_END}</head>`)
    .replace('</body>', `<script>${APP_MODULES_LOADER}</script></body>`);
}

/**
 * The page for each screen path: index.html with the screen's title and description, its prerendered shell
 * in the root element, and `<link rel="modulepreload">` for the screen's own chunk and what it imports, put
 * into the #app-modules template with the entry, so the browser fetches them along with it instead of after it
 * has run (one round trip less before the screen shows). Paths without a screen get index.html as built.
 */
export function pagesWithPreloads(
  indexHtml: string,
  manifest: ViteManifest,
  assetBase: string,
  shells?: PageShells,
) {
  // the visitors' entry; staff.html is the other one (src/staff-main.tsx)
  const entryKey = manifest['index.html'] ? 'index.html' : undefined;
  const withEntry = closure(manifest, entryKey ? [entryKey] : []);
  const pages = new Map<string, string>();
  for (const screen of SCREENS as readonly Screen[]) {
    if (!screen.module || !manifest[`src/screens/${screen.module}`]) continue;
    const files = [...closure(manifest, [`src/screens/${screen.module}`])]
      .filter((key) => !withEntry.has(key))
      .map((key) => manifest[key]!.file);
    const links = files
      .map((file) => `<link rel="modulepreload" crossorigin href="${assetBase}${file}">`)
      .join('');
    const shell = shells?.screens[screen.path];
    const page = withHead(indexHtml, screen).replace(
      `${APP_MODULES_END}</head>`,
      `${links}${APP_MODULES_END}</head>`,
    );
    pages.set(
      screenPathKey(screen.path),
      shell && shells ? page.replace(rootWith(shells.page), rootWith(shell)) : page,
    );
  }
  return (path: string): string => pages.get(screenPathKey(path)) ?? indexHtml;
}

/** A screen path as pages are looked up by: in lower case, without a trailing slash. */
export const screenPathKey = (path: string) => path.toLowerCase().replace(/(.)\/$/, '$1');

/**
 * The root element with a prerendered shell in it, busy until the app has taken it over (src/root-layout.tsx):
 * until then its buttons do nothing.
 */
export const rootWith = (markup: string) => `<div id="root" aria-busy="true">${markup}</div>`;

/** The page's own title and description in place of the site's. */
function withHead(html: string, screen: Screen): string {
  const description = PAGE_DESCRIPTIONS[screen.id as Exclude<ScreenId, 'back2Home'>];
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(pageTitleOf(screen))}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"/,
      `<meta name="description" content="${escapeHtml(description)}"`,
    );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function closure(manifest: ViteManifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const child of manifest[key].imports ?? []) visit(child);
  };
  keys.forEach(visit);
  return seen;
}
