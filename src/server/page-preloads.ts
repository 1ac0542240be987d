import { SCREENS, type Screen } from '../domain/screens';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
export type ViteManifest = Record<string, ManifestChunk>;

/**
 * The page for each screen path: index.html with `<link rel="modulepreload">` for the screen's own chunk
 * and what it imports, so the browser fetches them with the entry instead of after it has run (one round
 * trip less before the screen shows). Paths without a screen get index.html as built.
 */
export function pagesWithPreloads(indexHtml: string, manifest: ViteManifest, assetBase: string) {
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
    pages.set(screen.path.toLowerCase(), indexHtml.replace('</head>', `${links}</head>`));
  }
  return (path: string): string => pages.get(path.toLowerCase().replace(/(.)\/$/, '$1')) ?? indexHtml;
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
