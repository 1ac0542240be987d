import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT, ROSTER } from '../support/shopcart-input';
import { watchPageProblems } from './support/axe';
import { visitorAppliesAndWrites } from './support/back-office-visitor';
import { openApp } from './support/built-app';
import { expectHeading, textbox } from './support/shopcart-steps';
import { checkAtWidths, signIn } from './support/staff';
import { staffSiteForThisFile } from './support/staff-site';

/*
 * Issue 35's back office, end to end in Chromium against the built server: an underwriter finds the
 * application a visitor has just sent, by its 受理編號 and by the company's name, opens its roster's ID
 * numbers, downloads its 要保書 and moves it 資料審核中 → 待補件 → 資料審核中 → 核保中 → 已承保 with its notes; the visitor's progress
 * page shows each step with its note; the service desk reads the case but can neither open the ID numbers
 * nor move it nor open the queue, and takes, notes, answers and closes the company's message; an admin adds
 * a person; the audit log lists each of these actions.
 */

const PASSWORD = 'back-office-e2e-password';
const STAFF = {
  admin: 'admin.e2e',
  underwriter: 'underwriter.e2e',
  service: 'service.e2e',
} as const;

const MOVES: Array<[string, string]> = [
  ['資料審核中', ''],
  ['待補件', '請補蓋有公司大小章的要保書正本'],
  ['資料審核中', '已收到補件，繼續審核'],
  ['核保中', ''],
  ['已承保', '保單已核發，將寄送至聯絡人'],
];

const site = staffSiteForThisFile({
  name: 'back-office',
  accounts: Object.fromEntries(Object.entries(STAFF).map(([role, name]) => [name, role])),
  password: PASSWORD,
});
let applicationNo: string;
let contactNo: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // a company applies for 基本型 as its pages do, over HTTP, and writes to the insurer through 聯絡我們
  ({ applicationNo, contactNo } = await visitorAppliesAndWrites(site.server.origin));
});
// afterAll hooks run last registered first: the tabs close before the site's browser does
afterAll(async () => {
  for (const context of contexts) await context.close();
});

async function signedIn(name: string, lands: RegExp): Promise<{ page: Page; problems: string[] }> {
  const context = await site.browser.newContext({
    locale: 'zh-TW',
    viewport: { width: 1366, height: 844 },
    acceptDownloads: true,
  });
  contexts.push(context);
  const problems = await watchPageProblems(context);
  const page = await context.newPage();
  await page.goto(site.url('/login'));
  await signIn(page, name, PASSWORD);
  await page.waitForURL(lands);
  return { page, problems };
}

const statusLine = (page: Page, status: string) =>
  page.getByText(`受理編號 ${applicationNo}，目前狀態：${status}`, { exact: true });

describe('the back office in Chromium against the built server', () => {
  it('an underwriter finds the new application, opens its roster and moves it to 已承保', async () => {
    const { page, problems } = await signedIn(STAFF.underwriter, /\/groupins\/staff\/applications$/);
    const table = page.getByRole('table', { name: '案件列表' });
    const search = async (text: string) => {
      await page.getByLabel(/^搜尋/).fill(text);
      await page.getByRole('button', { name: '查詢' }).click();
      await page.waitForURL((u) => u.searchParams.get('q') === text);
      return table.getByRole('rowheader').allTextContents();
    };
    expect(await search(applicationNo)).toEqual([applicationNo]);
    expect(await search(APPLICANT.companyName.slice(0, 4))).toEqual([applicationNo]);

    await table.getByRole('link', { name: applicationNo }).click();
    await page.waitForURL(new RegExp(`/groupins/staff/case\\?no=${applicationNo}$`));
    await statusLine(page, '已受理').waitFor();
    const roster = page.getByRole('table', { name: /^被保險人名冊/ });
    for (const person of ROSTER)
      await roster.getByText(`${person.personId.slice(0, 3)}****${person.personId.slice(-3)}`).waitFor();
    await page.getByRole('button', { name: '顯示完整身分證字號' }).click();
    for (const person of ROSTER) await roster.getByText(person.personId, { exact: true }).waitFor();
    // the 要保書 the overprint prints, as a file
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '下載要保書 PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${applicationNo}-要保書.pdf`);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await page.getByText(/^已下載要保書（列印時間 /).waitFor();
    const findings = await checkAtWidths(page, '案件明細');

    for (const [to, note] of MOVES) {
      await page.getByRole('button', { name: new RegExp(`^改為「${to}」`) }).click();
      const dialog = page.getByRole('dialog');
      if (note) await dialog.getByLabel(/^說明/).fill(note);
      await dialog.getByRole('button', { name: '確認' }).click();
      await statusLine(page, to).waitFor();
      await page.getByText(`已改為「${to}」`).waitFor();
    }
    expect(await page.getByRole('region', { name: '可執行的處理' }).count()).toBe(0);
    const progress = page.getByRole('table', { name: '進度（公司所見）' });
    expect(await progress.getByRole('cell').allTextContents()).toEqual([
      '已受理',
      '—',
      ...MOVES.flatMap(([to, note]) => [to, note || '—']),
    ]);
    findings.push(...(await checkAtWidths(page, '案件明細（已承保）')));
    expect(findings).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('the company’s progress page shows each step with its note', async () => {
    const context = await site.browser.newContext({ locale: 'zh-TW', viewport: { width: 390, height: 844 } });
    contexts.push(context);
    const page = await context.newPage();
    await openApp(page, site.url('/progress'));
    await expectHeading(page, '進度查詢');
    await textbox(page, '受理編號').fill(applicationNo);
    await textbox(page, '統一編號').fill(APPLICANT.taxId);
    const widget = page.locator('altcha-widget');
    await widget.getByRole('checkbox', { name: '我不是機器人' }).click();
    await widget.getByRole('checkbox', { name: '驗證完成' }).waitFor();
    await page.getByRole('button', { name: '查詢進度' }).click();
    const timeline = page.getByRole('list', { name: '處理進度' });
    await timeline.waitFor();
    const items = await timeline.getByRole('listitem').allTextContents();
    expect(items.map((item) => item.split(' ')[0])).toEqual(['已受理', ...MOVES.map(([to]) => to)]);
    for (const [, note] of MOVES) if (note) expect(items.join('\n')).toContain(note);
  });

  it('the service desk reads the case but cannot open the ID numbers, move it or open the queue', async () => {
    // the service desk lands on its contact inbox; 案件查詢 is beside it in the navigation
    const { page, problems } = await signedIn(STAFF.service, /\/groupins\/staff\/contacts$/);
    await page.getByRole('heading', { level: 1, name: '聯絡訊息' }).waitFor();
    await page.getByRole('navigation', { name: '員工作業' }).getByRole('link', { name: '案件查詢' }).click();
    await page.waitForURL(/\/groupins\/staff\/case$/);
    await page.getByLabel(/^受理編號/).fill(applicationNo.toLowerCase());
    await page.getByRole('button', { name: '開啟案件' }).click();
    await statusLine(page, '已承保').waitFor();
    expect(await page.getByRole('button', { name: '顯示完整身分證字號' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^改為/ }).count()).toBe(0);
    const roster = page.getByRole('table', { name: /^被保險人名冊/ });
    for (const person of ROSTER)
      expect(await roster.getByText(person.personId, { exact: true }).count()).toBe(0);
    const findings = await checkAtWidths(page, '案件明細（客服）');
    await page.goto(site.url('/staff/applications'));
    await page.getByText('您沒有使用此功能的權限').waitFor();
    expect(findings).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('the service desk takes a message, notes it, keeps a reply and closes it', async () => {
    const { page, problems } = await signedIn(STAFF.service, /\/groupins\/staff\/contacts$/);
    await page.getByRole('link', { name: contactNo }).click();
    const state = (status: string) => page.getByText(new RegExp(`^案件編號 ${contactNo}，狀態：${status}，`));
    await state('新訊息').waitFor();
    await page.getByRole('button', { name: '指派給我' }).click();
    await page.getByText(`案件編號 ${contactNo}，狀態：處理中，處理人員：${STAFF.service}`).waitFor();
    await page.getByLabel(/^新增內部備註/).fill('已請核保確認應補文件');
    await page.getByRole('button', { name: '新增備註' }).click();
    await page.getByText('已新增內部備註').waitFor();
    await page.getByLabel(/^回覆內容/).fill('您好，請補蓋有公司大小章的要保書正本，謝謝。');
    await page.getByRole('button', { name: '保存回覆' }).click();
    await state('已回覆').waitFor();
    const findings = await checkAtWidths(page, '聯絡訊息（已回覆）');
    await page.getByRole('button', { name: '結案' }).click();
    await state('已結案').waitFor();
    expect(findings).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('an admin adds a person, and the audit log lists every action above', async () => {
    const { page } = await signedIn(STAFF.admin, /\/groupins\/staff\/accounts$/);
    await page.getByRole('table', { name: '人員帳號' }).waitFor();
    await page.getByLabel(/^帳號/).fill('clerk.e2e');
    await page.getByRole('checkbox', { name: '客服' }).check();
    await page.getByLabel(/^初始密碼/).fill(PASSWORD);
    await page.getByLabel(/^再次輸入初始密碼/).fill(PASSWORD);
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await page.getByText('已新增 clerk.e2e').waitFor();

    await page.goto(site.url(`/staff/audit?applicationNo=${applicationNo}`));
    const entries = page.getByRole('table', { name: '稽核紀錄' });
    await entries.waitFor();
    const rows = await entries.getByRole('row').allTextContents();
    const moved = rows.filter((row) => row.includes('變更案件狀態'));
    expect(moved).toHaveLength(MOVES.length);
    for (const row of moved) expect(row).toContain(STAFF.underwriter);
    expect(
      rows.filter((row) => row.includes('檢視完整身分證字號') && row.includes(STAFF.underwriter)),
    ).toHaveLength(1);
    for (const person of ROSTER) expect(rows.join('\n')).not.toContain(person.personId);

    await page.goto(site.url('/staff/audit'));
    await entries.waitFor();
    const all = (await entries.getByRole('row').allTextContents()).join('\n');
    expect(all).toMatch(new RegExp(`${STAFF.admin}新增人員帳號 clerk\\.e2e`));
    for (const name of Object.values(STAFF)) expect(all).toContain(name);

    await page.goto(site.url(`/staff/audit?person=${STAFF.service}`));
    await entries.waitFor();
    const service = (await entries.getByRole('row').allTextContents()).join('\n');
    for (const action of ['指派聯絡訊息', '新增聯絡訊息備註', '回覆聯絡訊息', '變更聯絡訊息狀態'])
      expect(service).toContain(action);
    expect(service).toContain(contactNo);
  });
});
