import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { builtAppForThisFile, openApp, returningVisitor } from './support/built-app';
import { chunkOf } from './support/chunks';
import { focusedControl, HUMAN } from './support/keyboard';

const app = builtAppForThisFile();

/** A page that fails the test on any console error or CSP violation. */
async function openPage(options: { viewport?: { width: number; height: number } } = {}) {
  const { context, page } = await returningVisitor(app, options.viewport);
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return { page, problems, close: () => context.close() };
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** Tab on, as a keyboard visitor does, until the control named `name` has focus. */
async function tabTo(page: Page, name: string) {
  for (let stop = 0; stop < 60; stop++) {
    await page.keyboard.press('Tab', HUMAN);
    if ((await focusedControl(page))?.name === name) break;
  }
  expect(await focusedControl(page)).toMatchObject({ name, covered: false });
}

/** The contact screen's chunk, as a route pattern. */
const CONTACT_CHUNK = `**/groupins/${chunkOf('src/screens/contact/contact.tsx')}`;

describe('the app shell in Chromium', () => {
  it('loads a deep link under the strict CSP, titled from the server', async () => {
    const { page, problems, close } = await openPage();
    const response = await openApp(page, `${app.server.origin}/groupins/shopcart/STEP2`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    // the screen's own chunk comes with the entry, not after it has run; both wait for the first paint
    expect(await response?.text()).toMatch(
      new RegExp(
        `<template id="app-modules">.*<link rel="modulepreload" crossorigin href="/groupins/${chunkOf('src/screens/shopcart/shopcart-step-2.tsx')}">.*</template>`,
      ),
    );
    // with no application in the tab, STEP2 is not granted: the flow shows STEP1, whose title follows
    await expect.poll(() => h1(page).textContent()).toBe('投保申請：確認購物車');
    expect(new URL(page.url()).pathname).toBe('/groupins/shopcart/STEP1');
    await expect.poll(() => page.title()).toBe('投保申請：確認購物車｜團體保險網路服務');
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js'))
        .map((entry) => entry.startTime),
    }));
    expect(scripts.length).toBeGreaterThan(0);
    expect(Math.min(...scripts)).toBeGreaterThanOrEqual(paint!);
    expect(problems).toEqual([]);
    await close();
  });

  it('sends an unknown path home, and /groupins without the slash too', async () => {
    const { page, close } = await openPage();
    await openApp(page, `${app.server.origin}/groupins/nowhere/at/all`);
    await expect.poll(() => h1(page).textContent()).toBe('團體保險，照顧每一位夥伴');
    expect(new URL(page.url()).pathname).toBe('/groupins/');
    await openApp(page, `${app.server.origin}/groupins`);
    expect(new URL(page.url()).pathname).toBe('/groupins/');
    await close();
  });

  it('navigates by the header, scrolls to the top, and shows go-to-top after 200 px', async () => {
    const { page, close } = await openPage({ viewport: { width: 1280, height: 500 } });
    await openApp(page, `${app.server.origin}/groupins/`);
    await h1(page).waitFor();
    await page.evaluate(() => window.scrollTo(0, 150));
    expect(await page.getByRole('button', { name: '回到頁首' }).count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 260));
    await page.getByRole('button', { name: '回到頁首' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 2000 }).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 260));
    const nav = page.getByRole('navigation', { name: '主選單' });
    await nav.getByRole('button', { name: '認識團保' }).click();
    await nav.getByRole('link', { name: '常見問題' }).click();
    await expect.poll(() => h1(page).textContent()).toBe('常見問題');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await close();
  });

  it.each([
    ['missing', (page: Page) => page.route(CONTACT_CHUNK, (r) => r.fulfill({ status: 404 })), '網站已更新'],
    [
      'network',
      (page: Page) => page.route(CONTACT_CHUNK, (r) => r.abort('internetdisconnected')),
      '網路連線中斷',
    ],
  ] as const)(
    'tells the visitor when a screen chunk is %s, with a retry',
    async (_kind, breakChunk, text) => {
      const { page, close } = await openPage();
      await openApp(page, `${app.server.origin}/groupins/`);
      await h1(page).waitFor();
      await breakChunk(page);
      await page.getByRole('link', { name: '聯絡我們' }).first().click();
      const alert = page.getByRole('alert');
      await alert.getByText(`「ODGAF080」頁面載入失敗：${text}`).waitFor();
      // the failure shows inside the layout: header (with the cart) and footer stay
      expect(await page.getByRole('navigation', { name: '主選單' }).count()).toBe(1);
      expect(await page.getByRole('contentinfo').count()).toBe(1);
      await page.unroute(CONTACT_CHUNK);
      await page.getByRole('button', { name: '重新載入' }).click();
      await expect.poll(() => h1(page).textContent()).toBe('聯絡我們');
      await close();
    },
  );

  it('tells the visitor when a screen chunk does not answer within 120000 ms', async () => {
    const { page, close } = await openPage();
    await page.clock.install();
    await openApp(page, `${app.server.origin}/groupins/`);
    await h1(page).waitFor();
    await page.route(CONTACT_CHUNK, () => {}); // never answered
    await page.getByRole('link', { name: '聯絡我們' }).first().click();
    await page.clock.runFor(119_000);
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.clock.runFor(1_000);
    await page.getByRole('alert').getByText('「ODGAF080」頁面載入失敗：網路回應逾時').waitFor();
    await close();
  });

  it('shows a screen’s read on entry loading, then failed, and reads it again on 重新載入 by keyboard at 390 px', async () => {
    const { page, close } = await openPage({ viewport: { width: 390, height: 844 } });
    await openApp(page, `${app.server.origin}/groupins/`);
    await h1(page).waitFor();
    // the packages are not answered until the test says (a preload on focus asks for them too)
    const held: Route[] = [];
    await page.route('**/catalogue/queryPackages', (route) => {
      held.push(route);
    });
    await tabTo(page, '挑選方案');
    await page.keyboard.press('Enter', HUMAN);
    await page.getByRole('status').getByText('方案資料載入中…').waitFor();
    expect(await h1(page).textContent()).toBe('團體保險方案');

    for (const route of held.splice(0)) await route.fulfill({ status: 503, body: '' });
    await page
      .getByRole('alert')
      .getByText(/^無法取得方案資料：/)
      .waitFor();
    await page.unroute('**/catalogue/queryPackages');
    await tabTo(page, '重新載入方案資料');
    await page.keyboard.press('Enter', HUMAN);
    await page.getByRole('heading', { level: 2, name: '選擇方案' }).waitFor();
    expect(await page.getByText(/無法取得方案資料/).count()).toBe(0);
    await close();
  });
});
