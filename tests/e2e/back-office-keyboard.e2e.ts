import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROSTER } from '../support/shopcart-input';
import { watchPageProblems } from './support/axe';
import { visitorAppliesAndWrites } from './support/back-office-visitor';
import { focusedControl, focusedName, HUMAN, keyboardStep } from './support/keyboard';
import { staffSiteForThisFile } from './support/staff-site';

/*
 * 案件明細 and 聯絡訊息 by keyboard alone at a phone's width, in Chromium against the built server (issue 35:
 * "keyboard alone works"): an underwriter signs in, opens the new application from the queue, opens its
 * roster's ID numbers and moves it, typing the note a 待補件 needs in the dialog the move opens; the service
 * desk takes, notes, answers and closes the company's message. After each action the focus is on what
 * changed, never lost to the page, and nothing fixed covers a focused control.
 */

const PASSWORD = 'back-office-keyboard-e2e-password';
const UNDERWRITER = 'underwriter.keys';
const SERVICE = 'service.keys';

const site = staffSiteForThisFile({
  name: 'back-office-keys',
  accounts: { [UNDERWRITER]: 'underwriter', [SERVICE]: 'service' },
  password: PASSWORD,
});
let applicationNo: string;
let contactNo: string;
let context: BrowserContext | undefined;

beforeAll(async () => {
  ({ applicationNo, contactNo } = await visitorAppliesAndWrites(site.server.origin));
});
// afterAll hooks run last registered first: the tab closes before the site's browser does
afterAll(() => context?.close());

/** A fresh phone-width tab signed in by keyboard alone, on the screen the role lands on. */
async function signedInByKeyboard(name: string, lands: string): Promise<{ page: Page; problems: string[] }> {
  await context?.close();
  context = await site.browser.newContext({ locale: 'zh-TW', viewport: { width: 390, height: 844 } });
  const problems = await watchPageProblems(context);
  const page = await context.newPage();
  await page.goto(site.url('/login'));
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(await keyboardStep(page, { 帳號: name, 密碼: PASSWORD }, '登入')).toEqual([]);
  await page.getByRole('heading', { level: 1, name: lands }).waitFor();
  return { page, problems };
}

describe('the back office by keyboard alone at 390 px', () => {
  it('an underwriter opens the new application from the queue, its roster, and moves it', async () => {
    const { page, problems } = await signedInByKeyboard(UNDERWRITER, '申請案件');
    const covered: string[] = [];
    const status = (to: string) => `受理編號 ${applicationNo}，目前狀態：${to}`;

    covered.push(...(await keyboardStep(page, {}, applicationNo)));
    await page.getByText(status('已受理'), { exact: true }).waitFor();

    covered.push(...(await keyboardStep(page, {}, '顯示完整身分證字號')));
    const roster = page.getByRole('table', { name: /^被保險人名冊/ });
    for (const person of ROSTER) await roster.getByText(person.personId, { exact: true }).waitFor();
    // the button is gone: the roster it opened has the focus
    expect(await focusedName(page)).toBe('被保險人名冊');

    // a move's dialog opens on its note; Escape closes it and gives the focus back to the move's button
    covered.push(...(await keyboardStep(page, {}, '改為「資料審核中」')));
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await focusedName(page)).toBe('說明');
    await page.keyboard.press('Escape', HUMAN);
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedName(page)).toBe('改為「資料審核中」');

    // again, sent with 確認: the status that changed has the focus
    await page.keyboard.press('Enter', HUMAN);
    await dialog.waitFor();
    covered.push(...(await keyboardStep(page, {}, '確認')));
    await page.getByText('已改為「資料審核中」').waitFor();
    expect(await focusedName(page)).toBe(status('資料審核中'));

    // 待補件 needs a note: 確認 without one says so in the dialog, which keeps it; typed, the move is made
    covered.push(...(await keyboardStep(page, {}, '改為「待補件」（須填寫說明）')));
    await dialog.waitFor();
    covered.push(...(await keyboardStep(page, {}, '確認')));
    await dialog.getByText('說明不可為空白').waitFor();
    covered.push(...(await keyboardStep(page, { 說明: '請補蓋公司大小章' }, '確認')));
    await page.getByText('已改為「待補件」').waitFor();
    expect(await focusedName(page)).toBe(status('待補件'));
    await page.getByRole('table', { name: '進度（公司所見）' }).getByText('請補蓋公司大小章').waitFor();

    expect(covered).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('the service desk takes, notes, answers and closes the company’s message', async () => {
    const { page, problems } = await signedInByKeyboard(SERVICE, '聯絡訊息');
    const covered: string[] = [];
    const state = (status: string) => new RegExp(`^案件編號 ${contactNo}，狀態：${status}，`);
    const stateHasFocus = async (status: string) => {
      await page.getByText(state(status)).waitFor();
      expect(await focusedName(page)).toMatch(state(status));
    };

    covered.push(...(await keyboardStep(page, {}, contactNo)));
    await page.getByText(state('新訊息')).waitFor();

    covered.push(...(await keyboardStep(page, {}, '指派給我')));
    await stateHasFocus('處理中');

    covered.push(...(await keyboardStep(page, { 新增內部備註: '已請核保確認應補文件' }, '新增備註')));
    await page.getByText('已新增內部備註').waitFor();
    expect(await focusedControl(page)).not.toBeNull();

    covered.push(
      ...(await keyboardStep(page, { 回覆內容: '您好，請補蓋有公司大小章的要保書正本，謝謝。' }, '保存回覆')),
    );
    await stateHasFocus('已回覆');

    covered.push(...(await keyboardStep(page, {}, '結案')));
    await stateHasFocus('已結案');

    expect(covered).toEqual([]);
    expect(problems).toEqual([]);
  });
});
