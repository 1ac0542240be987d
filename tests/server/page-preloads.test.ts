import { describe, expect, it } from 'vitest';
import { PAGE_DESCRIPTIONS } from '../../src/domain/page-descriptions';
import { SCREENS } from '../../src/domain/screens';
import {
  APP_MODULES_LOADER,
  pagesWithPreloads,
  type ViteManifest,
  withAppModulesDeferred,
} from '../../src/server/page-preloads';

// index.html as Vite builds it, then as the build leaves it (scripts/prerender.tsx)
const VITE_INDEX =
  '<html><head>\n<script type="module" crossorigin src="/groupins/assets/index-1.js"></script>\n' +
  '<link rel="modulepreload" crossorigin href="/groupins/assets/react-1.js">\n' +
  '<link rel="stylesheet" crossorigin href="/groupins/assets/index-1.css">\n</head><body><div id="root"></div></body></html>';
const INDEX = withAppModulesDeferred(VITE_INDEX);

describe('the app deferred until the page has painted', () => {
  it("moves the entry's module script and preloads into the template, and leaves the stylesheet", () => {
    expect(INDEX).toBe(
      '<html><head>\n<link rel="stylesheet" crossorigin href="/groupins/assets/index-1.css">\n' +
        '<template id="app-modules"><script type="module" crossorigin src="/groupins/assets/index-1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/groupins/assets/react-1.js"></template></head>' +
        `<body><div id="root"></div><script>${APP_MODULES_LOADER}</script></body></html>`,
    );
  });

  it('refuses a page without a module script: the build would have nothing to load', () => {
    expect(() => withAppModulesDeferred('<html><head></head><body></body></html>')).toThrow(
      /no module script/,
    );
  });
});

const MANIFEST: ViteManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_screen-page-1.js': { file: 'assets/screen-page-1.js', imports: ['_react-1.js'] },
  'src/screens/home/home.tsx': { file: 'assets/home-1.js', imports: ['_screen-page-1.js', '_react-1.js'] },
  'src/screens/product/option-package.tsx': { file: 'assets/option-package-1.js', imports: ['_react-1.js'] },
};

const preloadsIn = (html: string) =>
  [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
/** The preloads a page has beyond those of the entry, which every page has. */
const preloads = (html: string) => preloadsIn(html).filter((file) => !preloadsIn(INDEX).includes(file));

describe('pages with their screen chunks preloaded', () => {
  const pageFor = pagesWithPreloads(INDEX, MANIFEST, '/groupins/');

  it('preloads the screen chunk and what it imports, not what the entry already brings', () => {
    expect(preloads(pageFor('/'))).toEqual([
      '/groupins/assets/home-1.js',
      '/groupins/assets/screen-page-1.js',
    ]);
    expect(preloads(pageFor('/product/optionpackage'))).toEqual(['/groupins/assets/option-package-1.js']);
  });

  it("puts the links into the template with the entry's and leaves the rest of the page as built", () => {
    const page = pageFor('/product/optionpackage');
    expect(page.replace(/<link rel="modulepreload" crossorigin[^>]+option-package[^>]+>/, '')).toBe(INDEX);
    expect(page).toContain(
      '<link rel="modulepreload" crossorigin href="/groupins/assets/react-1.js">' +
        '<link rel="modulepreload" crossorigin href="/groupins/assets/option-package-1.js"></template></head>',
    );
  });

  it('matches paths as the router does: any case, a trailing slash', () => {
    expect(pageFor('/PRODUCT/OptionPackage/')).toBe(pageFor('/product/optionpackage'));
  });

  it('serves the page as built for a path without a screen, or a screen missing from the build', () => {
    expect(pageFor('/no/such/page')).toBe(INDEX);
    expect(pageFor('/contact')).toBe(INDEX);
  });
});

describe('pages with their own head and prerendered shell', () => {
  const SHELLS = {
    page: '<header>站頭</header><main id="main"></main>',
    screens: {
      '/': '<header>站頭</header><main id="main"><h1>首頁標題</h1></main>',
      '/product/optionpackage': '<header>站頭</header><main id="main"><h1>方案標題</h1></main>',
    },
  };
  const BUILT =
    '<html lang="zh-Hant-TW"><head><meta name="description" content="網站說明" /><title>網站</title></head>' +
    `<body><div id="root" aria-busy="true">${SHELLS.page}</div></body></html>`;
  const pageFor = pagesWithPreloads(BUILT, MANIFEST, '/groupins/', SHELLS);

  it('gives each screen path its title, as seeded, and its description, before any script runs', () => {
    const page = pageFor('/product/optionpackage');
    expect(page).toContain('<title>團體保險方案｜團體保險網路服務</title>');
    expect(page).toContain(`<meta name="description" content="${PAGE_DESCRIPTIONS.ODGAF010}" />`);
    expect(pageFor('/')).toContain('<title>團體保險，照顧每一位夥伴｜團體保險網路服務</title>');
    expect(pageFor('/')).toContain(`content="${PAGE_DESCRIPTIONS.ODGAF000}"`);
  });

  it("puts the path's shell in the root element in place of the page's", () => {
    expect(pageFor('/product/optionpackage')).toContain(
      '<div id="root" aria-busy="true"><header>站頭</header><main id="main"><h1>方案標題</h1></main></div>',
    );
    expect(pageFor('/')).toContain('<h1>首頁標題</h1>');
    expect(pageFor('/no/such/page')).toBe(BUILT);
  });

  it('describes every visitor page in Traditional Chinese, each differently', () => {
    const described = SCREENS.filter((s) => 'module' in s).map((s) => s.id);
    const descriptions = described.map((id) => PAGE_DESCRIPTIONS[id as keyof typeof PAGE_DESCRIPTIONS]);
    expect(descriptions.every((d) => /^[^a-zA-Z]*\p{Script=Han}/u.test(d ?? ''))).toBe(true);
    expect(new Set(descriptions).size).toBe(described.length);
  });
});
