/**
 * Every screen of docs/specification.md §2: its id (the route name), its path under /groupins/, its heading and the
 * page title seeded into function_meta. Each path is written here only: the router, the seed and the flows
 * (which name their steps' screens by id) read this list.
 */
export interface Screen {
  id: string;
  path: string;
  heading: string;
  /** the screen's component under src/screens/ (its own chunk); none for a route that only redirects */
  module?: string;
  /** where the screen sits in the navigation; undefined = not listed in the header */
  nav?: 'product' | 'service' | 'about' | 'featured';
}

/** Where the site lives on its host (docs/specification.md §2). */
export const BASE_PATH = '/groupins/';

export const SCREENS = [
  { id: 'back2Home', path: '/back2Home', heading: '返回首頁' },
  { id: 'ODGAF000', path: '/', heading: '團體保險，照顧每一位夥伴', module: 'home/home.tsx' },
  {
    id: 'ODGAF010',
    path: '/product/optionpackage',
    heading: '團體保險方案',
    module: 'product/option-package.tsx',
    nav: 'product',
  },
  { id: 'ODGAF011', path: '/product/Intropackage', heading: '方案介紹', module: 'product/intro-package.tsx' },
  {
    id: 'ODGAF020',
    path: '/product/optioncell',
    heading: '單項保障',
    module: 'product/option-cell.tsx',
    nav: 'product',
  },
  { id: 'ODGAF030', path: '/REC', heading: '方案推薦', module: 'product/recommend.tsx', nav: 'product' },
  {
    id: 'ODGAF040',
    path: '/shopcart/STEP1',
    heading: '投保申請：確認購物車',
    module: 'shopcart/shopcart-step-1.tsx',
    nav: 'service',
  },
  {
    id: 'ODGAF041',
    path: '/shopcart/STEP2',
    heading: '投保申請：填寫投保資料',
    module: 'shopcart/shopcart-step-2.tsx',
  },
  {
    id: 'ODGAF042',
    path: '/shopcart/STEP3',
    heading: '投保申請：確認申請內容',
    module: 'shopcart/shopcart-step-3.tsx',
  },
  {
    id: 'ODGAF043',
    path: '/shopcart/STEP4',
    heading: '投保申請：申請完成',
    module: 'shopcart/shopcart-step-4.tsx',
  },
  {
    id: 'ODGAF050',
    path: '/overprint/STEP1',
    heading: '套印文件：身分驗證',
    module: 'overprint/overprint-step-1.tsx',
    nav: 'service',
  },
  {
    id: 'ODGAF051',
    path: '/overprint/STEP2',
    heading: '套印文件：選擇文件',
    module: 'overprint/overprint-step-2.tsx',
  },
  {
    id: 'ODGAF052',
    path: '/overprint/STEP3',
    heading: '套印文件：確認資料',
    module: 'overprint/overprint-step-3.tsx',
  },
  {
    id: 'ODGAF053',
    path: '/overprint/STEP4',
    heading: '套印文件：下載列印',
    module: 'overprint/overprint-step-4.tsx',
  },
  { id: 'ODGAF060', path: '/progress', heading: '進度查詢', module: 'progress/progress.tsx', nav: 'service' },
  {
    id: 'ODGAF070',
    path: '/tryout/STEP1',
    heading: '保費試算：選擇保障',
    module: 'tryout/tryout-step-1.tsx',
    nav: 'service',
  },
  {
    id: 'ODGAF071',
    path: '/tryout/STEP2',
    heading: '保費試算：填寫團體資料',
    module: 'tryout/tryout-step-2.tsx',
  },
  {
    id: 'ODGAF072',
    path: '/tryout/STEP3',
    heading: '保費試算：試算結果',
    module: 'tryout/tryout-step-3.tsx',
  },
  { id: 'ODGAF080', path: '/contact', heading: '聯絡我們', module: 'contact/contact.tsx', nav: 'service' },
  {
    id: 'ODGAF090',
    path: '/about/bscknow',
    heading: '團體保險基本知識',
    module: 'about/basic-knowledge.tsx',
    nav: 'about',
  },
  { id: 'ODGAF091', path: '/about/claim', heading: '理賠服務', module: 'about/claim.tsx', nav: 'about' },
  {
    id: 'ODGAF092',
    path: '/about/addvalue',
    heading: '加值服務',
    module: 'about/add-value.tsx',
    nav: 'about',
  },
  {
    id: 'ODGAF093',
    path: '/B2Bsystem/introb2b',
    heading: '企業網路保險服務介紹',
    module: 'about/intro-b2b.tsx',
    nav: 'about',
  },
  { id: 'ODGAF094', path: '/question', heading: '常見問題', module: 'about/questions.tsx', nav: 'about' },
  {
    id: 'ODGAF110',
    path: '/featured/article',
    heading: '精選文章',
    module: 'featured/articles.tsx',
    nav: 'featured',
  },
  {
    id: 'ODGAF111',
    path: '/featured/articleContent',
    heading: '文章內容',
    module: 'featured/article-content.tsx',
  },
] as const satisfies readonly Screen[];

export type ScreenId = (typeof SCREENS)[number]['id'];

/** func_id whose title is the site default (docs/specification.md §3). */
export const DEFAULT_TITLE_FUNC_ID = 'groupins_index';
export const SITE_NAME = '團體保險網路服務';

/** A screen's page title, seeded into function_meta and sent in its page's HTML. */
export function pageTitleOf(screen: Pick<Screen, 'heading'>): string {
  return `${screen.heading}｜${SITE_NAME}`;
}

/** The heading of a screen, by its id. */
export function headingOf(id: ScreenId): string {
  const screen = SCREENS.find((s) => s.id === id);
  if (!screen) throw new Error(`unknown screen ${id}`);
  return screen.heading;
}
