import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { builtAppForThisFile, openApp, reloadApp, returningVisitor } from './support/built-app';

/*
 * The premium trial in Chromium against the built server and its seeded rates: from 基本型's page through
 * the quote of docs/domain.md §2.4's worked example into the cart, and the same quote on a phone by keyboard.
 */

const app = builtAppForThisFile();

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const cartButton = (page: Page) => page.getByRole('button', { name: /^購物車/ });

async function expectHeading(page: Page, text: string) {
  await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe(text);
}

/** The quote table's total row, as shown. */
async function totals(page: Page): Promise<string[]> {
  return page.locator('table.quote-table tfoot td').allTextContents();
}

describe('the premium trial against the built server', () => {
  it('quotes the worked example from 基本型’s page (2,290 a person, 21,755 a year, 1,914 a month) and puts it in the cart', async () => {
    const { context, page } = await returningVisitor(app);
    try {
      await openApp(page, `${app.server.origin}/groupins/product/Intropackage?PACK_ID=BASIC`);
      await page.getByRole('link', { name: '試算保費' }).click();
      await expectHeading(page, '保費試算：選擇保障');
      // the package asked for is already chosen
      await expect.poll(() => page.getByRole('radio', { name: /^基本型：/ }).isChecked()).toBe(true);
      await page.getByRole('button', { name: '下一步：填寫團體資料' }).click();

      await expectHeading(page, '保費試算：填寫團體資料');
      await page.getByRole('textbox', { name: '投保人數', exact: true }).fill('10');
      await page.getByRole('combobox', { name: '職業類別', exact: true }).selectOption('1');
      await page.getByRole('radio', { name: '各年齡層人數（較準確）' }).check();
      await page.getByRole('textbox', { name: '30–39 歲人數', exact: true }).fill('10');
      const quoted = page.waitForResponse((r) => r.url().endsWith('/tryout/quote'));
      await page.getByRole('button', { name: '試算保費' }).click();
      expect((await quoted).status()).toBe(200);

      await expectHeading(page, '保費試算：試算結果');
      await page.locator('table.quote-table').waitFor();
      // 年繳, 半年繳, 季繳, 月繳, 每人每月 of the whole
      expect(await totals(page)).toEqual(['', '2.1755萬', '1.1313萬', '5,700元', '1,914元', '191元']);
      await expect
        .poll(() => page.locator('.quote-assumptions').textContent())
        .toContain('每人每年 2,290元 × 10 人 × 0.95');

      const inserted = page.waitForResponse((r) => r.url().endsWith('/DTODGAZ0/insertCart'));
      await page.getByRole('button', { name: '加入購物車', exact: true }).click();
      expect((await (await inserted).json()).returnCode).toBe(0);
      await page.getByText('已將「基本型」加入購物車。').waitFor();
      await expect.poll(() => cartButton(page).textContent()).toBe('購物車1項');

      // a reload keeps the quote and that it went into the cart
      await reloadApp(page);
      await page.getByText('已將「基本型」加入購物車。').waitFor();
      expect(await totals(page)).toEqual(['', '2.1755萬', '1.1313萬', '5,700元', '1,914元', '191元']);

      // 列印: the quote without the site's header and footer
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('.site-header').isVisible()).toBe(false);
      expect(await page.locator('table.quote-table').isVisible()).toBe(true);
      // on one A4 page (尊榮型's seven lines fit too: checked by hand with the same call)
      const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
      expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it('at 390 px by keyboard alone: the table scrolls in its own region and the page does not', async () => {
    const { context, page } = await returningVisitor(app, { width: 390, height: 844 });
    try {
      await openApp(page, `${app.server.origin}/groupins/tryout/STEP1?PACK_ID=BASIC`);
      await expectHeading(page, '保費試算：選擇保障');
      await page.getByRole('radio', { name: /^基本型：/ }).focus();
      // Tab leaves the radio group for 下一步
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('下一步：填寫團體資料');
      await page.keyboard.press('Enter');
      await expectHeading(page, '保費試算：填寫團體資料');
      // focus went to the new step's heading; Tab goes on into the form
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
      const keys = async (...presses: string[]) => {
        for (const key of presses) await page.keyboard.press(key);
      };
      const focused = () =>
        page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.tagName);
      await keys('Tab');
      expect(await focused()).toBe('headcount');
      await page.keyboard.type('10');
      // 職業類別: the first class; 年齡資料: the bands (Space ticks the radio Tab lands on)
      await keys('Tab', 'ArrowDown', 'Tab', 'Space');
      expect(await focused()).toBe('ageBasis');
      await keys('Tab', 'Tab', 'Tab');
      expect(await focused()).toBe('ageBands.age30');
      await page.keyboard.type('10');
      // Enter in a field sends the form
      await keys('Enter');
      await expectHeading(page, '保費試算：試算結果');
      await page.locator('table.quote-table').waitFor();
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        view: window.innerWidth,
        region: document.querySelector('.table-scroll')!.scrollWidth,
      }));
      expect(widths.page).toBeLessThanOrEqual(widths.view);
      expect(widths.region).toBeGreaterThan(widths.view - 40);
    } finally {
      await context.close();
    }
  });
});
