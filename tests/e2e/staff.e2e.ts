import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchPageProblems } from './support/axe';
import { focusedName, keyboardStep } from './support/keyboard';
import { checkAtWidths, signIn } from './support/staff';
import { staffSiteForThisFile } from './support/staff-site';

/*
 * The staff's build in Chromium against the built server (issue 35): an admin made with staff:add signs in,
 * adds a person with the service role by keyboard alone, locks and unlocks them, and finds each action in
 * the audit log; axe finds nothing on each screen at 390 and 1366 px, each fits the width, and nothing fixed
 * covers a focused control. The service user signs in, sees no 帳號管理, and its endpoint answers 403.
 */

const ADMIN = 'admin.e2e';
const ADMIN_PASSWORD = 'staff-e2e-admin-password';
const SERVICE = 'service.e2e';
const SERVICE_PASSWORD = 'staff-e2e-service-password';

// the service user is added on 帳號管理 by the admin, with a password of its own
const site = staffSiteForThisFile({
  name: 'staff',
  accounts: { [ADMIN]: 'admin' },
  password: ADMIN_PASSWORD,
});

describe('the staff’s screens in Chromium against the built server', () => {
  let admin: BrowserContext;
  it('an admin adds a service user, locks and unlocks them, and the audit log lists it all', async () => {
    admin = await site.browser.newContext({ locale: 'zh-TW', viewport: { width: 390, height: 844 } });
    const page = await admin.newPage();
    const findings: string[] = [];

    // no session: the screen sends to the sign-in and, after it, back to the screen
    await page.goto(site.url('/staff/accounts'));
    await page.waitForURL(/\/groupins\/login$/);
    const problems = await watchPageProblems(admin);
    await page.getByRole('heading', { level: 1, name: '員工登入' }).waitFor();
    await signIn(page, ADMIN, ADMIN_PASSWORD);
    await page.waitForURL(/\/groupins\/staff\/accounts$/);
    await page.getByRole('heading', { level: 1, name: '帳號管理' }).waitFor();
    const nav = page.getByRole('navigation', { name: '員工作業' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['帳號管理', '稽核紀錄', '通知設定']);
    expect(await page.getByRole('banner').textContent()).toContain(`${ADMIN}（管理）`);
    await page.getByRole('rowheader', { name: ADMIN }).waitFor();
    findings.push(...(await checkAtWidths(page, '帳號管理')));

    // the add form's messages, sent empty
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await page.getByText('請選擇角色').waitFor();
    findings.push(...(await checkAtWidths(page, 'the add form sent empty')));

    // a person added by keyboard alone, at a phone's width
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { level: 1 }).focus();
    const covered = await keyboardStep(
      page,
      { 帳號: SERVICE, 客服: 'check', 初始密碼: SERVICE_PASSWORD, 再次輸入初始密碼: SERVICE_PASSWORD },
      '新增',
    );
    expect(covered).toEqual([]);
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe(`已新增 ${SERVICE}`);
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: SERVICE }) });
    expect(await row.textContent()).toContain('客服');

    // lock and unlock in their dialogs, by keyboard; the focus comes back to the row's button
    const lock = page.getByRole('button', { name: `停用（${SERVICE}）` });
    await lock.focus();
    await page.keyboard.press('Enter');
    const lockDialog = page.getByRole('dialog', { name: `停用帳號：${SERVICE}` });
    await lockDialog.waitFor();
    findings.push(...(await checkAtWidths(page, 'the lock dialog')));
    expect(await focusedName(page)).toBe('停用');
    await page.keyboard.press('Enter');
    await lockDialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent()).toContain('已停用');
    expect(await focusedName(page)).toBe(`啟用（${SERVICE}）`);
    await page.keyboard.press('Enter');
    const unlockDialog = page.getByRole('dialog', { name: `啟用帳號：${SERVICE}` });
    await unlockDialog.waitFor();
    await page.keyboard.press('Enter');
    await unlockDialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent()).toContain('可登入');
    expect(await focusedName(page)).toBe(`停用（${SERVICE}）`);

    // a refusal beside its cause: the admin's own lock
    await page.getByRole('button', { name: `停用（${ADMIN}）` }).click();
    const ownLock = page.getByRole('dialog', { name: `停用帳號：${ADMIN}` });
    await ownLock.getByRole('button', { name: '停用' }).click();
    await ownLock.getByRole('alert').filter({ hasText: '不可停用自己的帳號' }).waitFor();
    findings.push(...(await checkAtWidths(page, 'a refused lock')));
    await page.keyboard.press('Escape');
    await ownLock.waitFor({ state: 'detached' });

    // the audit log: each of those actions, newest first
    await nav.getByRole('link', { name: '稽核紀錄' }).click();
    await page.waitForURL(/\/groupins\/staff\/audit$/);
    const table = page.getByRole('table', { name: '稽核紀錄' });
    await table.waitFor();
    const rows = async () => (await table.getByRole('row').allTextContents()).slice(1);
    const actions = async () => (await rows()).map((text) => text.replace(/^[\d\- :]{19}/, ''));
    // the refused lock of the admin's own account changed nothing, so it is no entry
    expect(await actions()).toEqual([
      `${ADMIN}啟用帳號帳號 ${SERVICE}`,
      `${ADMIN}停用帳號帳號 ${SERVICE}結束登入 0 個`,
      `${ADMIN}新增人員帳號 ${SERVICE}角色：客服`,
      `${ADMIN}登入`,
      `主機指令新增人員帳號 ${ADMIN}角色：管理`,
    ]);
    findings.push(...(await checkAtWidths(page, '稽核紀錄')));

    // filtered by who acted, by keyboard alone: the command at the server's terminal only
    expect(await keyboardStep(page, { 人員: '(operator)' }, '查詢')).toEqual([]);
    await page.waitForURL(/person=%28operator%29/);
    await expect
      .poll(async () => (await rows()).map((text) => text.replace(/^[\d\- :]{19}/, '')))
      .toEqual([`主機指令新增人員帳號 ${ADMIN}角色：管理`]);
    expect(findings).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a service user signs in to the contact inbox, without 帳號管理, and is refused its endpoint', async () => {
    const context = await site.browser.newContext({
      locale: 'zh-TW',
      viewport: { width: 1366, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(site.url('/login'));
    const problems = await watchPageProblems(context);
    await signIn(page, SERVICE, SERVICE_PASSWORD);
    await page.waitForURL(/\/groupins\/staff\/contacts$/);
    await page.getByRole('heading', { level: 1, name: '聯絡訊息' }).waitFor();
    expect(await page.getByRole('banner').textContent()).toContain(`${SERVICE}（客服）`);
    const nav = page.getByRole('navigation', { name: '員工作業' });
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      '聯絡訊息',
      '寄件匣',
      '案件查詢',
      '通知設定',
    ]);
    expect(await checkAtWidths(page, 'the contact inbox')).toEqual([]);

    const refused = await page.request.get(`${site.server.origin}/ODGAWeb/api/staff/accounts`);
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ returnCode: 403, msg: '您沒有使用此功能的權限' });
    await page.goto(site.url('/staff/accounts'));
    await page.getByRole('alert').filter({ hasText: '您沒有使用此功能的權限' }).waitFor();
    expect(await checkAtWidths(page, 'a screen the roles do not allow')).toEqual([]);

    await page.getByRole('link', { name: '登出' }).first().click();
    await page.getByText('您已登出。').waitFor();
    expect(problems).toEqual([]);
    await context.close();
    await admin.close();
  });
});
