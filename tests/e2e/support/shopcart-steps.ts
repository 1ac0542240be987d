import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { SAMPLE_APPLICANT } from '../../../machine-paths/samples/shopcart.samples';
import { formatRoc, type IsoDate } from '../../../src/domain/roc-date';
import { openApp } from './built-app';

/* A visitor's first shopcart steps in Chromium: a package from the home page into the cart, and STEP1. */

/** The seeded package the steps put in the cart. */
export const PACKAGE = '基本型';

/** A field by its accessible name: the label's 必填 mark is aria-hidden, so it is not in the name. */
export const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
export const select = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });

export const heading = (page: Page) => page.getByRole('heading', { level: 1 });
export const cartButton = (page: Page) => page.getByRole('button', { name: /^購物車/ });

export async function expectHeading(page: Page, text: string) {
  await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe(text);
}

/** Home → the package's page → 加入購物車 → the cart panel's 前往投保申請; answers the cart number. */
export async function addPackageFromHome(origin: string, page: Page): Promise<string> {
  await openApp(page, `${origin}/groupins/`);
  await page.getByRole('region', { name: '方案一覽' }).getByRole('link', { name: PACKAGE }).click();
  await page.getByRole('heading', { name: PACKAGE }).first().waitFor();
  const inserted = page.waitForResponse((r) => r.url().endsWith('/DTODGAZ0/insertCart'));
  await page.getByRole('button', { name: '加入購物車', exact: true }).click();
  const answer = (await (await inserted).json()) as { returnCode: number; data: string };
  expect(answer.returnCode).toBe(0);
  await expect.poll(() => cartButton(page).textContent()).toBe('購物車1項');

  await cartButton(page).click();
  const panel = page.getByRole('region', { name: '購物車內容' });
  await panel.getByText(PACKAGE, { exact: true }).waitFor();
  await panel.getByRole('link', { name: '前往投保申請' }).click();
  await expectHeading(page, '投保申請：確認購物車');
  return answer.data;
}

/** STEP1: 投保人數 5, 職業類別 1, 平均年齡 38 (平均月薪 when the cart asks for it). */
export async function fillPlan(page: Page) {
  await page
    .getByRole('table', { name: '投保項目' })
    .getByRole('rowheader', { name: PACKAGE, exact: true })
    .waitFor();
  await textbox(page, '投保人數').fill('5');
  await select(page, '職業類別').selectOption('1');
  await textbox(page, '平均年齡').fill('38');
  const salary = textbox(page, '平均月薪');
  if (await salary.isVisible()) await salary.fill('40000');
  await page.getByRole('button', { name: '下一步：填寫投保資料' }).click();
  await expectHeading(page, '投保申請：填寫投保資料');
}

/** STEP2's 要保單位 fields: SAMPLE_APPLICANT, the 投保始期 and the ages of the insured on it. */
export async function fillApplicant(
  page: Page,
  startDate: IsoDate,
  ages: { youngest: number; oldest: number },
) {
  const a = SAMPLE_APPLICANT;
  const field = (label: string) => textbox(page, label);
  await field('要保單位名稱').fill(a.companyName);
  await field('統一編號').fill(a.taxId);
  await field('負責人').fill(a.representative);
  await select(page, '行業類別').selectOption(a.industry);
  await select(page, '縣市').selectOption(a.city);
  await select(page, '鄉鎮市區').selectOption(a.district);
  await field('地址').fill(a.street);
  await field('聯絡人').fill(a.contactName);
  await field('聯絡人職稱').fill(a.contactTitle);
  await field('手機號碼').fill(a.mobile!);
  await field('市話').fill(a.phone!);
  await field('分機').fill(a.phoneExt!);
  await field('電子郵件').fill(a.email);
  // STEP1's 投保人數 comes along
  expect(await field('投保人數').inputValue()).toBe('5');
  await field('投保始期').fill(formatRoc(startDate, 'slash'));
  await field('被保險人最低年齡').fill(String(ages.youngest));
  await field('被保險人最高年齡').fill(String(ages.oldest));
  await field('被保險人最高年齡').blur();
}
