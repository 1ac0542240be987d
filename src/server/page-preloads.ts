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

/**
 * The page for each screen path: index.html with the screen's title and description, its prerendered shell
 * in the root element, and `<link rel="modulepreload">` for the screen's own chunk and what it imports, so
 * the browser fetches them with the entry instead of after it has run (one round trip less before the screen
 * shows). Paths without a screen get index.html as built.
 */
export function pagesWithPreloads(
  indexHtml: string,
  manifest: ViteManifest,
  assetBase: string,
  shells?: PageShells,
) {
  // the visitors' entry; analyst.html is the other one (src/analyst-main.tsx)
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
    const page = withHead(indexHtml, screen).replace('</head>', `${links}</head>`);
    pages.set(
      screen.path.toLowerCase(),
      shell && shells ? page.replace(rootWith(shells.page), rootWith(shell)) : page,
    );
  }
  return (path: string): string => pages.get(path.toLowerCase().replace(/(.)\/$/, '$1')) ?? indexHtml;
}

const rootWith = (markup: string) => `<div id="root">${markup}</div>`;

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
