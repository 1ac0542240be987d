import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { builtAppForThisFile, newVisitor, openApp, returningVisitor } from './support/built-app';

// A keyboard visitor on a phone (390×844): focus never falls to <body>. It goes back to the control that
// opened a dialog or panel, or to its nearest survivor when that control is gone, and the page behind
// an open dialog takes no focus.

const app = builtAppForThisFile();
const PHONE = { width: 390, height: 844 };
const url = (path: string) => `${app.server.origin}/groupins${path}`;

/** What has focus: its accessible label or text, `<body>` when focus was lost. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement;
    if (!e || e === document.body) return '<body>';
    return e.getAttribute('aria-label') ?? e.textContent?.trim();
  });

const cartButton = (page: Page) => page.getByRole('button', { name: /^購物車/ });
const cartCount = async (page: Page) => Number(await page.locator('.cart-count').textContent());

async function addByKeyboard(page: Page, name: string) {
  const before = await cartCount(page);
  await page.getByRole('button', { name: `加入購物車：${name}` }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => cartCount(page)).toBe(before + 1);
}

describe('focus by keyboard on a phone', () => {
  it('stays on 加入購物車 while the item is saved, and comes back to it when a dialog closes', async () => {
    const { context, page } = await returningVisitor(app, PHONE);
    await openApp(page, url('/product/optioncell'));
    await addByKeyboard(page, '團體一年定期壽險');
    expect(await focused(page)).toBe('加入購物車：團體一年定期壽險');

    // the same product again is refused with a dialog; the page behind it is inert
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '無法加入購物車' });
    await dialog.waitFor();
    expect(await focused(page)).toBe('我知道了');
    expect(await page.evaluate(() => (document.getElementById('root') as HTMLElement).inert)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('我知道了');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('加入購物車：團體一年定期壽險');
    expect(await page.evaluate(() => (document.getElementById('root') as HTMLElement).inert)).toBe(false);
    await context.close();
  });

  it('Escape closes the cart panel onto the cart button; a removed item hands focus to the next one', async () => {
    const { context, page } = await returningVisitor(app, PHONE);
    await openApp(page, url('/product/optioncell'));
    await addByKeyboard(page, '團體一年定期壽險');
    await addByKeyboard(page, '團體傷害保險');

    await cartButton(page).focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: '購物車內容' });
    await panel.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    expect(await focused(page)).toMatch(/^購物車/);

    await page.keyboard.press('Enter');
    await panel.getByRole('button', { name: '移除「團體一年定期壽險」' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => cartCount(page)).toBe(1);
    expect(await focused(page)).toBe('移除「團體傷害保險」');
    await page.keyboard.press('Enter');
    await expect.poll(() => cartCount(page)).toBe(0);
    expect(await focused(page)).toMatch(/^購物車/);
    await context.close();
  });

  it('accepting cookies by keyboard moves on to the skip link', async () => {
    const { context, page } = await newVisitor(app, PHONE);
    await openApp(page, url('/'));
    const accept = page.getByRole('button', { name: '同意' });
    await accept.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await accept.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('跳到主要內容');
    await context.close();
  });

  it('the phone menu closes with Escape, onto its button', async () => {
    const { context, page } = await returningVisitor(app, PHONE);
    await openApp(page, url('/'));
    const menu = page.getByRole('button', { name: '選單' });
    await menu.focus();
    await page.keyboard.press('Enter');
    const nav = page.getByRole('navigation', { name: '主選單' });
    await nav.getByRole('button', { name: '線上服務' }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
    expect(await focused(page)).toBe('選單');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it("a menu link takes focus to the new page's heading, and Tab goes on into that page", async () => {
    const { context, page } = await returningVisitor(app, PHONE);
    await openApp(page, url('/'));
    await page.getByRole('button', { name: '選單' }).focus();
    await page.keyboard.press('Enter');
    const nav = page.getByRole('navigation', { name: '主選單' });
    await nav.getByRole('button', { name: '認識團保' }).focus();
    await page.keyboard.press('Enter');
    await nav.getByRole('link', { name: '常見問題' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/groupins/question');
    const active = () =>
      page.evaluate(() => ({
        tag: document.activeElement?.tagName,
        text: document.activeElement?.textContent,
        inMain: document.activeElement?.closest('main') !== null,
      }));
    await expect.poll(active).toEqual({ tag: 'H1', text: '常見問題', inMain: true });
    // the questions come from a call: Tab has somewhere to go in the page once they are in
    await page.getByLabel('搜尋常見問題').waitFor();
    await page.keyboard.press('Tab');
    expect((await active()).inMain).toBe(true);
    await context.close();
  });
});
