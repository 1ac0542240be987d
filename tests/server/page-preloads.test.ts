import { describe, expect, it } from 'vitest';
import { pagesWithPreloads, type ViteManifest } from '../../src/server/page-preloads';

const INDEX =
  '<html><head><script type="module" src="/groupins/assets/index-1.js"></script>' +
  '<link rel="modulepreload" href="/groupins/assets/react-1.js"></head><body></body></html>';

const MANIFEST: ViteManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_screen-page-1.js': { file: 'assets/screen-page-1.js', imports: ['_react-1.js'] },
  'src/screens/home/home.tsx': { file: 'assets/home-1.js', imports: ['_screen-page-1.js', '_react-1.js'] },
  'src/screens/product/option-package.tsx': { file: 'assets/option-package-1.js', imports: ['_react-1.js'] },
};

const preloads = (html: string) =>
  [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

describe('pages with their screen chunks preloaded', () => {
  const pageFor = pagesWithPreloads(INDEX, MANIFEST, '/groupins/');

  it('preloads the screen chunk and what it imports, not what the entry already brings', () => {
    expect(preloads(pageFor('/'))).toEqual([
      '/groupins/assets/home-1.js',
      '/groupins/assets/screen-page-1.js',
    ]);
    expect(preloads(pageFor('/product/optionpackage'))).toEqual(['/groupins/assets/option-package-1.js']);
  });

  it('puts the links in the head and leaves the rest of the page as built', () => {
    const page = pageFor('/product/optionpackage');
    expect(page.replace(/<link rel="modulepreload" crossorigin[^>]+>/, '')).toBe(INDEX);
    expect(page.indexOf('option-package-1.js')).toBeLessThan(page.indexOf('</head>'));
  });

  it('matches paths as the router does: any case, a trailing slash', () => {
    expect(pageFor('/PRODUCT/OptionPackage/')).toBe(pageFor('/product/optionpackage'));
  });

  it('serves the page as built for a path without a screen, or a screen missing from the build', () => {
    expect(pageFor('/no/such/page')).toBe(INDEX);
    expect(pageFor('/contact')).toBe(INDEX);
  });
});
