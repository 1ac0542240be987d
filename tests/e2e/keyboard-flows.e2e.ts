import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdvanceCommand } from '../../src/server/operator/advance-command';
import { HttpVisitor } from '../support/http-visitor';
import { APPLICANT, validSubmission } from '../support/shopcart-input';
import { type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox';
import { launchBrowser } from './support/browser';
import { newVisitor, openApp, reloadApp } from './support/built-app';
import { focusedControl, HUMAN, keyboardPath, keyboardStep } from './support/keyboard';
import { type RunningServer, startBuiltServer } from './support/server';
import { cartButton, expectHeading } from './support/shopcart-steps';

/*
 * Every flow by keyboard alone (Tab, Enter, Space, typing; keyboardStep picks a select's option), with the cookie banner up,
 * on a phone and on a laptop: the premium trial from the home page into the cart, and an application's
 * documents printed and its progress followed. After each step focus is on the new step's heading, and no
 * control that had focus was covered by something fixed or out of view. The application is submitted
 * through the running server's cart service and moved on by the operator command, as staff move it. The
 * server sends its e-mails to a mail server in this process, where the 名冊's code is read (issue 45).
 */

const VIEWPORTS = [
  { name: 'a phone at 390 px', width: 390, height: 844, phone: true },
  { name: 'a laptop at 1366 px', width: 1366, height: 768, phone: false },
] as const;

/** What STEP2 offers an application with a 名冊, all ticked to begin with. */
const DOCUMENTS = ['要保書', '被保險人名冊', '申請摘要'];

/** Hashes a challenge may take: the widget solves it in milliseconds. */
const CAPTCHA_MAX_NUMBER = '1000';

const app = {} as { server: RunningServer; browser: Browser };
let dataDir: string;
let applicationNo: string;
let mailServer: SmtpInbox;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'groupins-e2e-keyboard-'));
  mailServer = await startSmtpInbox();
  app.server = await startBuiltServer({
    DATA_DIR: dataDir,
    CAPTCHA_MAX_NUMBER,
    SMTP_URL: mailServer.url,
    MAIL_FROM: 'no-reply@insure.example.com.tw',
  });
  // a company applied for 基本型 through the cart service, and staff moved it on, on the running server
  const visitor = await HttpVisitor.arrive(app.server.origin);
  expect((await visitor.insertPackage('BASIC')).body.returnCode).toBe(0);
  const answer = await visitor.post<{ applicationNo: string }>('shopcart/submitApplication', {
    ...validSubmission(),
    captcha: await visitor.captcha(),
  });
  expect(answer.body.returnCode).toBe(0);
  applicationNo = answer.body.data.applicationNo;
  const errors: string[] = [];
  const operator = { out: () => {}, err: (line: string) => void errors.push(line) };
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  const code = await runAdvanceCommand([applicationNo, '資料審核中'], env, operator);
  expect(errors).toEqual([]);
  expect(code).toBe(0);
  app.browser = await launchBrowser();
});

afterAll(async () => {
  await app.browser?.close();
  await app.server?.stop();
  await mailServer?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The codes e-mailed to the contact that open the 名冊, as the mail server has them so far. */
const rosterCodes = () =>
  mailServer.received
    .filter((m) => m.subject.includes(`列印被保險人名冊驗證碼（受理編號 ${applicationNo}）`))
    .map((m) => /驗證碼：(\d{6})/.exec(m.text)?.[1]);

/** The code of the next e-mail after the `seen` ones, once the server's worker has sent it. */
async function nextRosterCode(seen: number): Promise<string> {
  await expect.poll(() => rosterCodes().length, { timeout: 20_000 }).toBeGreaterThan(seen);
  return rosterCodes().at(-1)!;
}

/** The quote table's total row, as shown. */
const totals = (page: Page) => page.locator('table.quote-table tfoot td').allTextContents();

/** The header's way to a page of 線上服務: on a phone the menu opens first. */
const servicePage = (phone: boolean, link: string) => [...(phone ? ['選單'] : []), '線上服務', link];

async function expectFocusOnHeading(page: Page, text: string) {
  await expectHeading(page, text);
  expect(await focusedControl(page)).toMatchObject({ heading: true, name: text });
}

/**
 * A page reached by a link in the content: focus is on its heading, as after a flow's step (a screen reader
 * says where the visitor is), and the first Tab goes on into its content, not back to the top of the site.
 */
async function expectTabIntoContent(page: Page, heading: string) {
  await expectFocusOnHeading(page, heading);
  await page.keyboard.press('Tab', HUMAN);
  expect(await page.locator(':focus').evaluate((e) => e.closest('main') !== null)).toBe(true);
  expect(await focusedControl(page)).toMatchObject({ covered: false });
}

for (const viewport of VIEWPORTS) {
  describe(`by keyboard alone on ${viewport.name}, with the cookie banner up`, () => {
    it('quotes the worked example from the home page through 基本型’s page and puts it in the cart', async () => {
      const { context, page } = await newVisitor(app, viewport);
      try {
        await openApp(page, `${app.server.origin}/groupins/`);
        await page.getByRole('region', { name: 'Cookie 使用說明' }).waitFor();
        await page.getByRole('region', { name: '方案一覽' }).getByRole('link', { name: '基本型' }).waitFor();

        const covered = await keyboardStep(page, {}, '基本型');
        await page.getByRole('heading', { name: '基本型' }).first().waitFor();
        await expectTabIntoContent(page, '方案介紹');
        covered.push(...(await keyboardStep(page, {}, '試算保費')));

        await expectHeading(page, '保費試算：選擇保障');
        // the package asked for is already chosen
        await expect.poll(() => page.getByRole('radio', { name: /^基本型：/ }).isChecked()).toBe(true);
        await expectTabIntoContent(page, '保費試算：選擇保障');
        covered.push(...(await keyboardStep(page, {}, '下一步：填寫團體資料')));

        await expectFocusOnHeading(page, '保費試算：填寫團體資料');
        const quoted = page.waitForResponse((r) => r.url().endsWith('/tryout/quote'));
        covered.push(
          ...(await keyboardStep(
            page,
            { 投保人數: '10', 職業類別: '1', '各年齡層人數（較準確）': 'check', '30–39 歲人數': '10' },
            '試算保費',
          )),
        );
        expect((await quoted).status()).toBe(200);

        await expectFocusOnHeading(page, '保費試算：試算結果');
        await page.locator('table.quote-table').waitFor();
        // docs/domain.md §2.4's worked example: 年繳, 半年繳, 季繳, 月繳, 每人每月 of the whole
        expect(await totals(page)).toEqual(['', '2.1755萬', '1.1313萬', '5,700元', '1,914元', '191元']);
        await expect
          .poll(() => page.locator('.quote-assumptions').textContent())
          .toContain('每人每年 2,290元 × 10 人 × 0.95');

        const inserted = page.waitForResponse((r) => r.url().endsWith('/DTODGAZ0/insertCart'));
        covered.push(...(await keyboardStep(page, {}, '加入購物車')));
        expect((await (await inserted).json()).returnCode).toBe(0);
        await page.getByText('已將「基本型」加入購物車。').waitFor();
        await expect.poll(() => cartButton(page).textContent()).toBe('購物車1項');
        // the button gave way to what happened: focus goes with it, not to the top of the page
        expect(await focusedControl(page)).toMatchObject({
          name: '已將「基本型」加入購物車。 前往購物車申請投保',
          covered: false,
        });
        await page.keyboard.press('Tab', HUMAN);
        expect(await focusedControl(page)).toMatchObject({ name: '前往購物車申請投保', covered: false });
        // a page that opens on the quote already added (the visitor reloads it) leaves focus alone
        await reloadApp(page);
        await page.getByText('已將「基本型」加入購物車。').waitFor();
        expect(await totals(page)).toEqual(['', '2.1755萬', '1.1313萬', '5,700元', '1,914元', '191元']);
        expect(await focusedControl(page)).toBeNull();
        expect(covered).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it('looks the application up, downloads its documents as a PDF, then follows its progress', async () => {
      const { context, page } = await newVisitor(app, viewport);
      try {
        await openApp(page, `${app.server.origin}/groupins/`);
        await page.getByRole('region', { name: 'Cookie 使用說明' }).waitFor();

        const covered = await keyboardPath(page, servicePage(viewport.phone, '套印文件'));
        await expectHeading(page, '套印文件：身分驗證');
        covered.push(
          ...(await keyboardStep(
            page,
            { 受理編號: applicationNo, 統一編號: APPLICANT.taxId, 聯絡手機: '0912345678' },
            '我不是機器人',
            'Space',
          )),
        );
        await expect
          .poll(() => page.getByRole('checkbox', { name: '驗證完成' }).isChecked(), { timeout: 15_000 })
          .toBe(true);
        covered.push(...(await keyboardStep(page, {}, '查詢申請')));

        await expectFocusOnHeading(page, '套印文件：選擇文件');
        for (const name of DOCUMENTS)
          expect(await page.getByRole('checkbox', { name, exact: true }).isChecked()).toBe(true);
        const codesBefore = rosterCodes().length;
        covered.push(...(await keyboardStep(page, {}, '下一步：確認資料')));

        // the 名冊 of a lookup asks for the code e-mailed to the contact (issue 45): focus on what to do
        await page.getByRole('heading', { name: '輸入驗證碼' }).waitFor();
        expect(await focusedControl(page)).toMatchObject({ tag: 'H2', name: '輸入驗證碼', covered: false });
        const code = await nextRosterCode(codesBefore);
        covered.push(...(await keyboardStep(page, { 驗證碼: code }, '確認驗證碼')));

        await expectFocusOnHeading(page, '套印文件：確認資料');
        await expect
          .poll(() => page.locator('.chosen-documents').textContent())
          .toBe(`列印文件：${DOCUMENTS.join('、')}`);
        covered.push(...(await keyboardStep(page, {}, '確認無誤，下一步')));

        await expectFocusOnHeading(page, '套印文件：下載列印');
        const downloading = page.waitForEvent('download');
        covered.push(...(await keyboardStep(page, {}, '下載 PDF')));
        const download = await downloading;
        expect(download.suggestedFilename()).toMatch(/\.pdf$/);
        const pdf = await readFile((await download.path())!);
        const text = (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true }))
          .text;
        expect(text).toContain(applicationNo);
        expect(text).toContain(APPLICANT.companyName);
        // the 名冊 the code opened, its ID numbers whole on paper
        expect(text).toContain('A123456789');
        await page.getByText(/^列印時間 /).waitFor();
        // the same button, now for another copy, keeps focus
        expect(await focusedControl(page)).toMatchObject({ name: '再次下載（補印）', covered: false });

        covered.push(...(await keyboardPath(page, servicePage(viewport.phone, '進度查詢'))));
        await expectHeading(page, '進度查詢');
        covered.push(
          ...(await keyboardStep(
            page,
            { 受理編號: applicationNo, 統一編號: APPLICANT.taxId },
            '我不是機器人',
            'Space',
          )),
        );
        await expect
          .poll(() => page.getByRole('checkbox', { name: '驗證完成' }).isChecked(), { timeout: 15_000 })
          .toBe(true);
        covered.push(...(await keyboardStep(page, {}, '查詢進度')));

        const timeline = page.getByRole('list', { name: '處理進度' });
        await timeline.waitFor();
        expect(
          await timeline
            .getByRole('listitem')
            .evaluateAll((items) =>
              items.map((li) => li.querySelector('.progress-event-status')?.textContent),
            ),
        ).toEqual(['已受理', '資料審核中']);
        expect(await page.locator('.progress-status').textContent()).toBe('目前狀態：資料審核中');
        // the answer takes focus, so it is read out and Tab goes on from it
        expect(await focusedControl(page)).toMatchObject({
          tag: 'H2',
          name: `${applicationNo}　${APPLICANT.companyName}`,
          covered: false,
        });
        expect(covered).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
}
