import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rosterCsv } from '../../machine-paths/shopcart/page';
import { SAMPLE_APPLICANT } from '../../machine-paths/shopcart/samples';
import type { CataloguePackage } from '../../src/domain/catalogue';
import { isValidPersonId } from '../../src/domain/national-id';
import { formatRoc, taipeiDate } from '../../src/domain/roc-date';
import { createDatabase } from '../../src/server/db/database';
import { runAdvanceCommand } from '../../src/server/operator/advance-command';
import { launchBrowser } from './support/browser';
import { newVisitor, openApp, reloadApp, returningVisitor } from './support/built-app';
import { focusedControl, keyboardStep } from './support/keyboard';
import { type RunningServer, startBuiltServer } from './support/server';
import {
  AGES,
  addPackageFromHome,
  cartButton,
  expectHeading,
  fillApplicant,
  fillPlan,
  heading,
  INSURED_AGES,
  PACKAGE,
  peopleOn,
  rosterRead,
  startDateFrom,
  textbox,
  today,
  uploadRoster,
} from './support/shopcart-steps';

/*
 * The shopcart application in Chromium against the built server: a visitor puts a package in the cart,
 * goes through STEP1-STEP4 with a 名冊 CSV and the real ALTCHA captcha (made small with
 * CAPTCHA_MAX_NUMBER, which the shared e2e server does not pass), and the application is read back from
 * the server's PGlite files once the server has stopped. Each test has a server of its own, in a data
 * folder this file keeps, so the database can be opened after the server is gone.
 */

/** Each test starts a server of its own (migrations and seed on PGlite): more than the project's 60 s. */
const TEST_TIMEOUT_MS = 120_000;
/** Hashes a challenge may take: the widget solves it in milliseconds. */
const CAPTCHA_MAX_NUMBER = '1000';

interface ShopcartApp {
  server: RunningServer;
  browser: Browser;
  dataDir: string;
  /** stops the server (idempotent); the data folder stays until `dispose` */
  stop(): Promise<void>;
  dispose(): Promise<void>;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function shopcartApp(): Promise<ShopcartApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'groupins-e2e-shopcart-'));
  const server = await startBuiltServer({ DATA_DIR: dataDir, CAPTCHA_MAX_NUMBER });
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= server.stop();
    return stopped;
  };
  return {
    server,
    browser,
    dataDir,
    stop,
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// --- the visitor's steps ------------------------------------------------------------------------------

/** The texts of the page's alerts (the roster's errors, the step's refusal). */
const alerts = (page: Page) => page.getByRole('alert').allTextContents();

// --- the tests ----------------------------------------------------------------------------------------

describe('shopcart application in Chromium against the built server', () => {
  it(
    'goes from a package on the home page to STEP4 with a 受理編號, stores it all, empties the cart, prints its documents by the print link and shows the progress staff made',
    async () => {
      const app = await shopcartApp();
      try {
        const startDate = startDateFrom(today());
        const people = peopleOn(startDate);
        const pack = (
          (await (
            await fetch(`${app.server.origin}/ODGAWeb/api/catalogue/queryPackage?PACK_ID=BASIC`)
          ).json()) as { data: CataloguePackage }
        ).data;
        expect(pack.PACK_NAME).toBe(PACKAGE);

        const { context, page } = await returningVisitor(app);
        let applicationNo: string;
        try {
          const cartNo = await addPackageFromHome(app.server.origin, page);
          await fillPlan(page);

          await fillApplicant(page, startDate, INSURED_AGES);
          await uploadRoster(page, '名冊.csv', rosterCsv(people));
          await rosterRead(page, 5).waitFor();
          await page.getByRole('button', { name: '下一步：確認申請內容' }).click();

          // STEP3: the summary, the consent, the captcha
          await expectHeading(page, '投保申請：確認申請內容');
          const company = page.getByRole('region', { name: '要保單位資料' });
          await expect.poll(() => company.textContent()).toContain(SAMPLE_APPLICANT.companyName);
          const terms = page.getByRole('region', { name: '投保條件' });
          await expect.poll(() => terms.textContent()).toContain('已上傳 5 位');
          await expect.poll(() => terms.textContent()).toContain(formatRoc(startDate, 'chinese'));

          await page.getByRole('checkbox', { name: '我已閱讀並同意個人資料告知事項' }).check();
          // once solved, the label, and so the box's name, reads 驗證完成
          const widget = page.locator('altcha-widget');
          const box = widget.getByRole('checkbox', { name: '我不是機器人' });
          expect(await box.isChecked()).toBe(false);
          await box.click();
          const solved = widget.getByRole('checkbox', { name: '驗證完成' });
          await solved.waitFor();
          await expect.poll(() => solved.isChecked()).toBe(true);

          const submitted = page.waitForResponse((r) => r.url().endsWith('/shopcart/submitApplication'));
          await page.getByRole('button', { name: '送出申請' }).click();
          expect(await (await submitted).json()).toMatchObject({ returnCode: 0 });

          // STEP4
          await expectHeading(page, '投保申請：申請完成');
          await page.getByRole('heading', { name: '申請已受理' }).waitFor();
          const number = page.getByText(/^GI\d{12}$/);
          applicationNo = (await number.textContent()) ?? '';
          expect(applicationNo).toMatch(/^GI\d{7}\d{5}$/);
          expect(await page.getByText(/^受理編號：/).textContent()).toBe(`受理編號：${applicationNo}`);
          // the cart is emptied by the submit, and the header hears of it
          await expect.poll(() => cartButton(page).textContent()).toBe('購物車0項');
          await reloadApp(page);
          await expect.poll(() => cartButton(page).textContent()).toBe('購物車0項');

          // STEP4's print link opens the overprint already identified, down to the PDF (issue 12)
          await page.getByRole('link', { name: '列印已套印資料的要保書與名冊' }).click();
          await expectHeading(page, '套印文件：選擇文件');
          // the token leaves the address bar as soon as it is read
          expect(new URL(page.url()).hash).toBe('');
          await page.getByRole('button', { name: '下一步：確認資料' }).click();
          await expectHeading(page, '套印文件：確認資料');
          await page.getByRole('button', { name: '確認無誤，下一步' }).click();
          await expectHeading(page, '套印文件：下載列印');
          const downloading = page.waitForEvent('download');
          await page.getByRole('button', { name: '下載 PDF' }).click();
          const pdf = await readFile((await (await downloading).path())!);
          const pages = (
            await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false })
          ).text;
          const all = pages.join('\n');
          expect(all).toContain(SAMPLE_APPLICANT.companyName);
          for (const line of pack.PROD_LIST) expect(all).toContain(line.PROD_NAME);
          // the printed 名冊 carries the ID numbers whole; every page its 受理編號 and print time
          for (const person of people) expect(all).toContain(person.personId);
          for (const text of pages)
            expect(text).toMatch(
              new RegExp(`${applicationNo}[\\s\\S]*列印時間|列印時間[\\s\\S]*${applicationNo}`),
            );
          await page.getByText(/^列印時間 /).waitFor();

          // staff move the application along while the server runs; the progress page shows each change
          const errors: string[] = [];
          const operator = { out: () => {}, err: (line: string) => void errors.push(line) };
          const env = { ...process.env, DATA_DIR: app.dataDir, DATABASE_URL: '' };
          expect(await runAdvanceCommand([applicationNo, '資料審核中'], env, operator)).toBe(0);
          expect(
            await runAdvanceCommand([applicationNo, '待補件', '--note', '被保險人名冊正本'], env, operator),
          ).toBe(0);
          expect(errors).toEqual([]);
          await openApp(page, `${app.server.origin}/groupins/progress`);
          await expectHeading(page, '進度查詢');
          await textbox(page, '受理編號').fill(applicationNo);
          await textbox(page, '統一編號').fill(SAMPLE_APPLICANT.taxId);
          const progressWidget = page.locator('altcha-widget');
          await progressWidget.getByRole('checkbox', { name: '我不是機器人' }).click();
          await progressWidget.getByRole('checkbox', { name: '驗證完成' }).waitFor();
          await page.getByRole('button', { name: '查詢進度' }).click();
          const timeline = page.getByRole('list', { name: '處理進度' });
          await timeline.waitFor();
          expect(
            (await timeline.getByRole('listitem').allTextContents()).map((t) => t.split(' ')[0]),
          ).toEqual(['已受理', '資料審核中', '待補件']);
          await page.getByText('請補送：被保險人名冊正本', { exact: false }).waitFor();

          await context.close();
          await app.stop();

          // the server's PGlite files, opened with the app's own database module
          const db = createDatabase({ dataDir: path.join(app.dataDir, 'pglite') });
          try {
            const stored = await db
              .selectFrom('applications')
              .selectAll()
              .select(sql<string>`to_char(start_date, 'YYYY-MM-DD')`.as('start'))
              .where('application_no', '=', applicationNo)
              .executeTakeFirstOrThrow();
            const a = SAMPLE_APPLICANT;
            expect(stored).toMatchObject({
              // moved along by staff above
              status: '待補件',
              company_name: a.companyName,
              tax_id: a.taxId,
              representative: a.representative,
              industry: a.industry,
              city: a.city,
              district: a.district,
              street: a.street,
              contact_name: a.contactName,
              contact_title: a.contactTitle,
              mobile: a.mobile,
              phone: a.phone,
              phone_ext: a.phoneExt,
              email: a.email,
              headcount: 5,
              occupation_class: 1,
              average_age: 38,
              average_salary: null,
              start: startDate,
              age_min: Math.min(...AGES),
              age_max: Math.max(...AGES),
            });
            expect(stored.premium_annual).toBeGreaterThan(0);
            // GI + the ROC day it was stored (Asia/Taipei) + the day's first serial
            expect(applicationNo).toBe(`GI${formatRoc(taipeiDate(stored.created_at), 'compact')}00001`);

            // the cart's item, as a copy of the package's lines
            const items = await db
              .selectFrom('application_items')
              .selectAll()
              .where('application_id', '=', stored.id)
              .execute();
            expect(items).toEqual([
              expect.objectContaining({
                order_seq: 1,
                class_title: PACKAGE,
                source_code: 'PKG',
                is_slry_mltpl: 'N',
              }),
            ]);
            const lines = await db
              .selectFrom('application_item_products')
              .select(['prod_id', 'prod_name', 'face_amt'])
              .where('item_id', '=', items[0]!.id)
              .orderBy('order_seq')
              .execute();
            expect(lines).toEqual(
              pack.PROD_LIST.map((l) => ({ prod_id: l.PROD_ID, prod_name: l.PROD_NAME, face_amt: l.AMOUNT })),
            );

            // the 5 people of the 名冊, in the file's order
            const roster = await db
              .selectFrom('application_roster')
              .select([
                'row_no',
                'name',
                'person_id',
                sql<string>`to_char(birth_date, 'YYYY-MM-DD')`.as('birth'),
                'gender',
                'occupation_class',
                'monthly_salary',
              ])
              .where('application_id', '=', stored.id)
              .orderBy('row_no')
              .execute();
            expect(roster).toEqual(
              people.map((p, i) => ({
                row_no: i + 1,
                name: p.name,
                person_id: p.personId,
                birth: p.birthDate,
                gender: p.gender,
                occupation_class: Number(p.occupationClass),
                monthly_salary: p.monthlySalary,
              })),
            );
            expect(roster).toHaveLength(stored.headcount);

            // the visitor's cart is still theirs, and empty
            expect(
              await db.selectFrom('carts').select('cart_no').where('cart_no', '=', cartNo).execute(),
            ).toHaveLength(1);
            expect(
              await db.selectFrom('cart_items').selectAll().where('cart_no', '=', cartNo).execute(),
            ).toEqual([]);
          } finally {
            await db.destroy();
          }
        } finally {
          await context.close();
        }
      } finally {
        await app.dispose();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'refuses a 名冊 with a bad 身分證字號 (naming the Excel row and column) until a good file replaces it',
    async () => {
      const app = await shopcartApp();
      try {
        const startDate = startDateFrom(today());
        const people = peopleOn(startDate);
        const { context, page } = await returningVisitor(app);
        try {
          await addPackageFromHome(app.server.origin, page);
          await fillPlan(page);
          await fillApplicant(page, startDate, INSURED_AGES);

          // the third person's id with a wrong check digit: the header is Excel's row 1, so row 4
          const badId = `${people[2]!.personId.slice(0, 9)}${(Number(people[2]!.personId[9]) + 1) % 10}`;
          expect(isValidPersonId(badId)).toBe(false);
          await uploadRoster(
            page,
            '名冊-有誤.csv',
            rosterCsv(people, (cells, i) => (i === 2 ? [cells[0]!, badId, ...cells.slice(2)] : cells)),
          );
          const errors = page.getByRole('alert').filter({ hasText: '名冊-有誤.csv 有 1 處需要修正' });
          await errors.waitFor();
          const items = await errors.getByRole('listitem').allTextContents();
          expect(items).toHaveLength(1);
          expect(items[0]).toMatch(/^第4列「身分證字號」：.+/);
          expect(await rosterRead(page, 5).count()).toBe(0);

          // 下一步 does not go on
          await page.getByRole('button', { name: '下一步：確認申請內容' }).click();
          await expect
            .poll(() => alerts(page))
            .toContain('名冊有需要修正的資料，請修正後重新上傳或移除名冊。');
          expect(await heading(page).textContent()).toBe('投保申請：填寫投保資料');
          expect(page.url()).toMatch(/\/shopcart\/STEP2$/);

          // a wrong birth date too: 第3列's 出生日期 is no day
          await uploadRoster(
            page,
            '名冊-日期.csv',
            rosterCsv(people, (cells, i) =>
              i === 1 ? [...cells.slice(0, 2), '0791332', ...cells.slice(3)] : cells,
            ),
          );
          const dateErrors = page.getByRole('alert').filter({ hasText: '名冊-日期.csv 有 1 處需要修正' });
          await dateErrors.waitFor();
          expect(await dateErrors.getByRole('listitem').allTextContents()).toEqual([
            expect.stringMatching(/^第3列「出生日期」：.+/),
          ]);

          // the 名冊 is optional: a bad one can be removed, and nothing of it stays
          await dateErrors.getByRole('button', { name: '移除名冊' }).click();
          await expect.poll(() => page.getByRole('alert').count()).toBe(0);

          // a good file replaces it: the errors are gone and the step goes on
          await uploadRoster(page, '名冊.csv', rosterCsv(people));
          await rosterRead(page, 5).waitFor();
          await expect.poll(() => page.getByRole('alert').count()).toBe(0);
          await page.getByRole('button', { name: '下一步：確認申請內容' }).click();
          await expectHeading(page, '投保申請：確認申請內容');
          await expect
            .poll(() => page.getByRole('region', { name: '投保條件' }).textContent())
            .toContain('已上傳 5 位');
        } finally {
          await context.close();
        }
      } finally {
        await app.dispose();
      }
    },
    TEST_TIMEOUT_MS,
  );
  it(
    'by keyboard alone on a phone, with the cookie banner up: no focused control is covered, focus goes to each new step',
    async () => {
      const app = await shopcartApp();
      try {
        const startDate = startDateFrom(today());
        const people = peopleOn(startDate);
        const { context, page } = await newVisitor(app, { width: 390, height: 844 });
        try {
          await openApp(page, `${app.server.origin}/groupins/product/Intropackage?PACK_ID=BASIC`);
          await page.getByRole('button', { name: '加入購物車', exact: true }).focus();
          await page.keyboard.press('Enter');
          await expect.poll(() => cartButton(page).textContent()).toBe('購物車1項');
          await openApp(page, `${app.server.origin}/groupins/shopcart/STEP1`);
          await page.getByRole('region', { name: 'Cookie 使用說明' }).waitFor();

          const a = SAMPLE_APPLICANT;
          const covered = [
            ...(await keyboardStep(
              page,
              { 投保人數: '5', 職業類別: '1', 平均年齡: '38' },
              '下一步：填寫投保資料',
            )),
          ];
          await expectHeading(page, '投保申請：填寫投保資料');
          expect(await focusedControl(page)).toMatchObject({ heading: true, name: '投保申請：填寫投保資料' });
          covered.push(
            ...(await keyboardStep(
              page,
              {
                要保單位名稱: a.companyName,
                統一編號: a.taxId,
                負責人: a.representative,
                行業類別: a.industry,
                縣市: a.city,
                鄉鎮市區: a.district,
                地址: a.street,
                聯絡人: a.contactName,
                聯絡人職稱: a.contactTitle,
                手機號碼: a.mobile!,
                電子郵件: a.email,
                投保始期: formatRoc(startDate, 'slash'),
                被保險人最低年齡: String(Math.min(...AGES)),
                被保險人最高年齡: String(Math.max(...AGES)),
                '上傳名冊檔案（CSV）': { name: '名冊.csv', csv: rosterCsv(people) },
              },
              '下一步：確認申請內容',
            )),
          );
          await expectHeading(page, '投保申請：確認申請內容');
          expect(await focusedControl(page)).toMatchObject({ heading: true });
          // the visitor sees the captcha's box before going for it (its chunk loads with the step)
          await page.getByRole('checkbox', { name: '我不是機器人' }).waitFor();
          covered.push(
            // the captcha's box is a checkbox: Space solves it
            ...(await keyboardStep(
              page,
              { 我已閱讀並同意個人資料告知事項: 'check' },
              '我不是機器人',
              'Space',
            )),
          );
          // solved: the box is ticked and its label, so its name, reads 驗證完成
          const solved = page.getByRole('checkbox', { name: '驗證完成' });
          await expect.poll(() => solved.isChecked(), { timeout: 15_000 }).toBe(true);
          covered.push(...(await keyboardStep(page, {}, '送出申請')));

          await expectHeading(page, '投保申請：申請完成');
          await page.getByText(/^GI\d{12}$/).waitFor();
          expect(await focusedControl(page)).toMatchObject({ heading: true });
          expect(covered).toEqual([]);
        } finally {
          await context.close();
        }
      } finally {
        await app.dispose();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
