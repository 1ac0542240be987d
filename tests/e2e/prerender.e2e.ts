import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PAGE_DESCRIPTIONS } from '../../src/domain/page-descriptions';
import { headingOf } from '../../src/domain/screens';
import { builtAppForThisFile, openApp, returningVisitor } from './support/built-app';

const app = builtAppForThisFile();

// pages whose screen stays what the path names for a first visit (a later flow step sends it to the first)
const PAGES = [
  { path: '/groupins/', id: 'ODGAF000', lead: /^5 人以上的公司/ },
  { path: '/groupins/product/optionpackage', id: 'ODGAF010', lead: /^比較本公司各團體保險方案/ },
  { path: '/groupins/tryout/STEP1', id: 'ODGAF070', lead: /^選擇要試算的方案/ },
  { path: '/groupins/featured/article', id: 'ODGAF110', lead: /^與企業福利/ },
] as const;

describe('the prerendered page shell', () => {
  it.each(PAGES)(
    '$path paints its header, heading, lead and footer with no script, titled and described',
    async ({ path, id, lead }) => {
      const context = await app.browser.newContext({ locale: 'zh-TW', javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${app.server.origin}${path}`);
      expect(await page.locator('html').getAttribute('lang')).toBe('zh-Hant-TW');
      expect(await page.title()).toBe(`${headingOf(id)}｜團體保險網路服務`);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
        PAGE_DESCRIPTIONS[id],
      );
      expect(await page.locator('meta[name="robots"]').count()).toBe(0);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(headingOf(id));
      expect(await page.locator('main .lead').textContent()).toMatch(lead);
      const nav = page.getByRole('navigation', { name: '主選單' });
      expect(await nav.getByRole('button').allTextContents()).toEqual(['商品', '線上服務', '認識團保']);
      expect(await page.getByRole('button', { name: /購物車/ }).textContent()).toContain('0');
      expect(await page.locator('footer.site-footer').textContent()).toContain('客戶服務');
      await context.close();
    },
  );

  it.each(PAGES)(
    '$path: the app takes over the same markup, no frame without its heading, nothing shifted',
    async ({ path, id }) => {
      const { context, page } = await returningVisitor(app, { width: 390, height: 844 });
      // from the document's start: every change to the page, the heading it left, and the layout shifts
      await page.addInitScript(() => {
        const seen: string[] = [];
        const shifts: number[] = [];
        Object.assign(window, { headingsSeen: seen, layoutShifts: shifts });
        new MutationObserver(() => {
          const heading = document.querySelector('#main h1')?.textContent ?? '';
          // from the first heading parsed on: a frame could show only what is in the page at each change
          if (seen.at(-1) !== heading && (seen.length > 0 || heading !== '')) seen.push(heading);
        }).observe(document, { childList: true, subtree: true, characterData: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
            shifts.push(entry.value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // a phone's CPU (Lighthouse's mobile preset): the parser yields often, and could paint half a header
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${app.server.origin}${path}`);
      // the app has rendered: the screen's content after its lead is React's
      await page.locator('#main .screen > :nth-child(3)').waitFor();
      await page.waitForLoadState('networkidle');
      const { headingsSeen, layoutShifts } = await page.evaluate(() => {
        const recorded = window as unknown as { headingsSeen: string[]; layoutShifts: number[] };
        return { headingsSeen: recorded.headingsSeen, layoutShifts: recorded.layoutShifts };
      });
      expect(headingsSeen).toEqual([headingOf(id)]);
      expect(layoutShifts).toEqual([]);
      await context.close();
    },
  );
});

// pages whose largest text comes from one read: the server sends them with it (src/server/page-answers.tsx)
const ANSWERED = [
  {
    path: '/groupins/product/Intropackage?PACK_ID=BASIC',
    api: '/catalogue/queryPackage',
    content: (page: Page) => page.getByRole('heading', { level: 2, name: '基本型' }),
    loading: '方案資料載入中',
  },
  {
    path: '/groupins/featured/article',
    api: '/content/articles',
    content: (page: Page) => page.getByRole('heading', { level: 2, name: '第 1 頁，共 3 頁' }),
    loading: '文章載入中',
  },
] as const;

describe('pages sent with their content', () => {
  it.each(ANSWERED)('$path paints its content with no script', async ({ path, content }) => {
    const context = await app.browser.newContext({ locale: 'zh-TW', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${app.server.origin}${path}`);
    expect(await content(page).isVisible()).toBe(true);
    await context.close();
  });

  it.each(ANSWERED)(
    '$path: the app shows the same content without asking for it again, never loading, nothing shifted',
    async ({ path, api, content, loading }) => {
      const { context, page } = await returningVisitor(app, { width: 390, height: 844 });
      await page.addInitScript((loadingText) => {
        const seen = { loading: false, shifts: [] as number[] };
        Object.assign(window, { seen });
        new MutationObserver(() => {
          if (document.getElementById('main')?.textContent?.includes(loadingText)) seen.loading = true;
        }).observe(document, { childList: true, subtree: true, characterData: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
            seen.shifts.push(entry.value);
        }).observe({ type: 'layout-shift', buffered: true });
      }, loading);
      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.endsWith(api)) asked.push(request.url());
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await openApp(page, `${app.server.origin}${path}`);
      await page.waitForLoadState('networkidle');
      expect(await content(page).isVisible()).toBe(true);
      const seen = await page.evaluate(() => (window as unknown as { seen: unknown }).seen);
      expect(seen).toEqual({ loading: false, shifts: [] });
      expect(asked).toEqual([]);
      await context.close();
    },
  );

  it("the package page's content is the app's once it has started: 加入購物車 puts it in the cart", async () => {
    const { context, page } = await returningVisitor(app);
    await openApp(page, `${app.server.origin}/groupins/product/Intropackage?PACK_ID=BASIC`);
    await page.getByRole('button', { name: '加入購物車' }).click();
    await expect.poll(() => page.getByRole('button', { name: /^購物車/ }).textContent()).toBe('購物車1項');
    await context.close();
  });
});

describe('focus while the app takes the page over', () => {
  it('a control focused on the prerendered page has the focus again once the app has rendered over it', async () => {
    const { context, page } = await returningVisitor(app);
    // the app's entry held back: the visitor moves on the prerendered page meanwhile
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/groupins/assets/index-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${app.server.origin}/groupins/product/Intropackage?PACK_ID=BASIC`);
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    for (let i = 0; i < 30 && (await focusedText()) !== '試算保費'; i++) await page.keyboard.press('Tab');
    expect(await focusedText()).toBe('試算保費');
    expect(await page.locator('#root').getAttribute('aria-busy')).toBe('true');
    release();
    await page.locator('#root:not([aria-busy])').waitFor({ state: 'attached' });
    expect(await focusedText()).toBe('試算保費');
    // the app's own link: Enter moves within the app, to the trial with this package chosen
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: '保費試算：選擇保障' }).waitFor();
    expect(new URL(page.url()).search).toBe('?PACK_ID=BASIC');
    await context.close();
  });
});
