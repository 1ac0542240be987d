import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { rosterCsv } from '../../../machine-paths/shopcart/page';
import { SAMPLE_APPLICANT, SAMPLE_ROSTER } from '../../../machine-paths/shopcart/samples';
import { addDays, ageOn, formatRoc, type IsoDate, taipeiDate } from '../../../src/domain/roc-date';
import { openApp } from './built-app';

/*
 * A visitor's shopcart steps in Chromium: a package from the home page into the cart, STEP1, STEP2 with the
 * made-up people of its 名冊, and the whole application through to STEP4.
 */

// --- made-up people and dates -------------------------------------------------------------------------

/** Taipei's today (what the flow and the server count from) and a 投保始期 well inside T+14..T+60. */
export const today = (): IsoDate => taipeiDate(new Date());
export const startDateFrom = (day: IsoDate): IsoDate => addDays(day, 30);

/** SAMPLE_ROSTER's people (valid 身分證字號), aged 29 to 47 on the 投保始期 whatever the real day is. */
export const AGES = [47, 38, 29, 34, 43] as const;
export const INSURED_AGES = { youngest: Math.min(...AGES), oldest: Math.max(...AGES) };
const SALARIES = [48200, 36300, 30300, 42000, 45800] as const;

export interface Person {
  name: string;
  personId: string;
  birthDate: IsoDate;
  gender: 'M' | 'F';
  occupationClass: string;
  monthlySalary: number;
}

export function peopleOn(startDate: IsoDate): Person[] {
  return SAMPLE_ROSTER.map((row, i) => {
    const birthDate = DateTime.fromISO(startDate)
      .minus({ years: AGES[i]!, days: 40 + i * 17 })
      .toISODate()!;
    expect(ageOn(birthDate, startDate)).toBe(AGES[i]);
    return {
      name: row.name,
      personId: row.personId,
      birthDate,
      gender: row.gender,
      occupationClass: row.occupationClass,
      monthlySalary: SALARIES[i]!,
    };
  });
}

// --- the visitor's steps ------------------------------------------------------------------------------

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

const rosterInput = (page: Page) => page.getByLabel('上傳名冊檔案（CSV）', { exact: true });

export async function uploadRoster(page: Page, name: string, csv: string) {
  await rosterInput(page).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

export const rosterRead = (page: Page, count: number) =>
  page.getByRole('status').filter({ hasText: `已讀取名冊：${count} 位被保險人。` });

/** What a visitor's application in Chromium came to. */
export interface AppliedInChromium {
  /** the 受理編號 STEP4 shows */
  applicationNo: string;
  /** when STEP4 showed it */
  shownAt: number;
  /** the print link's token, from STEP4's link to the overprint */
  printToken: string;
  /** the 名冊's people and the 投保始期 they were sent with */
  people: Person[];
  startDate: IsoDate;
}

/**
 * A visitor's whole application from the home page: 基本型 into the cart, STEP1, STEP2 with SAMPLE_APPLICANT
 * and a 名冊 of five, STEP3's consent and the real captcha (small with CAPTCHA_MAX_NUMBER), sent; STEP4.
 */
export async function applyInChromium(origin: string, page: Page): Promise<AppliedInChromium> {
  const startDate = startDateFrom(today());
  const people = peopleOn(startDate);
  await addPackageFromHome(origin, page);
  await fillPlan(page);
  await fillApplicant(page, startDate, INSURED_AGES);
  await uploadRoster(page, '名冊.csv', rosterCsv(people));
  await rosterRead(page, 5).waitFor();
  await page.getByRole('button', { name: '下一步：確認申請內容' }).click();
  await expectHeading(page, '投保申請：確認申請內容');
  await page.getByRole('checkbox', { name: '我已閱讀並同意個人資料告知事項' }).check();
  const widget = page.locator('altcha-widget');
  await widget.getByRole('checkbox', { name: '我不是機器人' }).click();
  await widget.getByRole('checkbox', { name: '驗證完成' }).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: '送出申請' }).click();
  await page.getByRole('heading', { name: '申請已受理' }).waitFor({ timeout: 20_000 });
  const shownAt = Date.now();
  const applicationNo = (await page.getByText(/^GI\d{12}$/).textContent()) ?? '';
  expect(applicationNo).toMatch(/^GI\d{12}$/);
  const link = page.getByRole('link', { name: '列印已套印資料的要保書與名冊' });
  const hash = new URL((await link.getAttribute('href')) ?? '', origin).hash;
  expect(hash.startsWith(`#${applicationNo}.`)).toBe(true);
  const printToken = hash.slice(`#${applicationNo}.`.length);
  expect(printToken).not.toBe('');
  return { applicationNo, shownAt, printToken, people, startDate };
}
