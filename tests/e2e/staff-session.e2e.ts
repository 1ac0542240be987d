import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchPageProblems } from './support/axe';
import { focusedName, HUMAN } from './support/keyboard';
import { checkAtWidths, signIn } from './support/staff';
import { staffSiteForThisFile } from './support/staff-site';

/*
 * The staff session's reminder and idle end in Chromium against the built server (issue 45, point 5;
 * docs/specification.md §6), under Playwright's clock: 25 minutes after the last call the server answered
 * the reminder shows, focused on 繼續使用, which renews the session; 30 minutes after it the person is
 * signed out and lands on the sign-in, which says why and brings them back to the page. After three wrong
 * passwords the sign-in asks for 我不是機器人, which the staff build's widget solves. axe finds nothing at
 * 390 and 1366 px on the reminder, the sign-in saying why, and the sign-in with the captcha.
 */

const ADMIN = 'admin.idle';
const PASSWORD = 'staff-e2e-idle-password';
const MINUTE = 60_000;
const SECOND = 1000;
const REMINDER = '工作階段即將結束';
const IDLE_NOTICE = '閒置超過 30 分鐘，已自動登出，請重新登入';

const site = staffSiteForThisFile({
  name: 'staff-session',
  accounts: { [ADMIN]: 'admin' },
  password: PASSWORD,
});

/** Where the page's clock starts; it is stopped once the page is up, so only the test moves it. */
const CLOCK_START = Date.parse('2026-11-21T08:00:00.000Z');

/** 稽核紀錄 asked again for `person`: a call the server answers, sent while the page's clock stands still. */
async function searchAuditFor(page: Page, person: string) {
  const answered = page.waitForResponse((r) => r.url().includes('/staff/audit?') && r.url().includes(person));
  await page.getByLabel('人員').fill(person);
  await page.getByRole('button', { name: '查詢' }).click();
  await answered;
  await page.waitForURL(new RegExp(`person=${person}`));
}

describe('the staff session’s reminder and idle end in Chromium', () => {
  it('reminds at 25 minutes, renews with 繼續使用, signs out at 30 and comes back after the sign-in', async () => {
    const context = await site.browser.newContext({
      locale: 'zh-TW',
      viewport: { width: 1366, height: 900 },
    });
    const page = await context.newPage();
    const findings: string[] = [];
    await page.clock.install({ time: CLOCK_START });
    await page.goto(site.url('/staff/audit?person=service.one'));
    await page.waitForURL(/\/groupins\/login$/);
    // (the visit without a session was refused: the problems counted are those after it)
    const problems = await watchPageProblems(context);
    await signIn(page, ADMIN, PASSWORD);
    await page.waitForURL(/\/groupins\/staff\/audit\?person=service\.one$/);
    await page.getByText('沒有符合條件的紀錄。').waitFor();
    // from here the page's time moves only as the test says: past any it can have reached on its own
    await page.clock.pauseAt(CLOCK_START + 5 * MINUTE);
    await searchAuditFor(page, ADMIN);

    // 25 minutes after that call, not before
    await page.clock.runFor(25 * MINUTE - SECOND);
    expect(await page.getByRole('dialog', { name: REMINDER }).count()).toBe(0);
    await page.clock.runFor(2 * SECOND);
    const reminder = page.getByRole('dialog', { name: REMINDER });
    await reminder.waitFor();
    // 5 minutes left, less the second the clock ran past the reminder
    expect(await reminder.textContent()).toMatch(/將於 (5 分 0|4 分 59) 秒 後結束/);
    expect(await focusedName(page)).toBe('繼續使用');
    // the focus stays in the dialog
    await page.keyboard.press('Tab', HUMAN);
    expect(await focusedName(page)).toBe('繼續使用');
    await page.keyboard.press('Shift+Tab', HUMAN);
    expect(await focusedName(page)).toBe('繼續使用');
    // axe runs on the page's timers: the clock runs while it looks, and stops again before the next step
    await page.clock.resume();
    findings.push(...(await checkAtWidths(page, 'the reminder')));
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5 * SECOND);

    // 繼續使用 renews the session on the server; the count starts again from it
    const renewed = page.waitForResponse((r) => r.url().endsWith('/staff/me'));
    await page.keyboard.press('Enter', HUMAN);
    expect((await (await renewed).json()).returnCode).toBe(0);
    await reminder.waitFor({ state: 'detached' });
    expect(await focusedName(page)).toBe('查詢');
    await page.clock.runFor(25 * MINUTE - SECOND);
    expect(await reminder.count()).toBe(0);
    await page.clock.runFor(2 * SECOND);
    await reminder.waitFor();

    // nothing done: at 30 minutes the session ends on the server, and the sign-in says why
    const loggedOut = page.waitForResponse((r) => r.url().endsWith('/staff/logout'));
    await page.clock.runFor(5 * MINUTE);
    expect((await (await loggedOut).json()).returnCode).toBe(0);
    await page.waitForURL(/\/groupins\/login$/);
    await page.getByRole('status').filter({ hasText: IDLE_NOTICE }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    const signedOut = await page.request.get(`${site.server.origin}/ODGAWeb/api/staff/me`);
    expect(signedOut.status()).toBe(401);
    await page.clock.resume();
    findings.push(...(await checkAtWidths(page, 'the sign-in after the idle end')));

    await signIn(page, ADMIN, PASSWORD);
    await page.waitForURL(new RegExp(`/groupins/staff/audit\\?person=${ADMIN.replace('.', '\\.')}$`));
    await page.getByRole('heading', { level: 1, name: '稽核紀錄' }).waitFor();
    expect(findings).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('asks for 我不是機器人 after three wrong passwords, and signs in with it solved', async () => {
    const context = await site.browser.newContext({ locale: 'zh-TW', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = await watchPageProblems(context);
    await page.goto(site.url('/login'));
    for (let i = 1; i <= 3; i += 1) {
      const answered = page.waitForResponse((r) => r.url().endsWith('/staff/login'));
      await signIn(page, ADMIN, `wrong password ${i}`);
      await answered;
    }
    await page.getByRole('alert').filter({ hasText: '請完成「我不是機器人」驗證後再登入' }).waitFor();
    const box = page.getByRole('checkbox', { name: '我不是機器人' });
    await box.waitFor();
    expect(await checkAtWidths(page, 'the sign-in asking for the captcha')).toEqual([]);

    await page.getByLabel('密碼').fill(PASSWORD);
    await box.focus();
    await page.keyboard.press('Space', HUMAN);
    await page.getByText('驗證完成').waitFor();
    await page.getByRole('button', { name: '登入' }).click();
    await page.waitForURL(/\/groupins\/staff\/accounts$/);
    expect(problems).toEqual([]);
    await context.close();
  });
});
