import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rosterCsv } from '../../machine-paths/shopcart/page';
import { SAMPLE_APPLICANT } from '../../machine-paths/shopcart/samples';
import type { Journey, JourneysPage } from '../../src/domain/api/atlas';
import { PACK_IDS } from '../../src/domain/catalogue';
import { API_BASE, type ApiEnvelope } from '../../src/domain/envelope';
import { STAFF_PAGES, STAFF_SCREENS } from '../../src/domain/staff-pages';
import { axeViolations, watchPageProblems } from './support/axe';
import { launchBrowser } from './support/browser';
import { openApp } from './support/built-app';
import { writeReportWithoutAdding } from './support/coverage-report';
import { pageAnswers } from './support/held-network';
import { type RunningServer, startBuiltServer } from './support/server';
import {
  addPackageFromHome,
  cartButton,
  expectHeading,
  fillApplicant,
  fillPlan,
  INSURED_AGES,
  peopleOn,
  rosterRead,
  startDateFrom,
  textbox,
  today,
  uploadRoster,
} from './support/shopcart-steps';
import { addStaffAccount, signIn } from './support/staff';

/*
 * Accessibility in Chromium against the built server: axe (WCAG 2.0, 2.1 and 2.2 A and AA, and best
 * practices) on every visitor route, every flow step reached through the UI, every dialog, the forms'
 * error states, the analysts' atlas (訪客旅程 and 流量與測試 with a visitor's traces and a test report,
 * and 自發布以來的變更) and the other staff screens, at a phone's 390 px and a desktop's 1366 px; and no console error, uncaught
 * error or CSP violation on any of them.
 */

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

const PASSWORD = 'axe-e2e-password-1';
/** Every staff role but the analyst's, who lands on the atlas: the other screens. */
const STAFF = 'staff.axe';
/** Hashes a captcha challenge may take: the widget solves it at once (the shopcart e2e does the same). */
const CAPTCHA_MAX_NUMBER = '1000';
/** About 55 states at a width, each analysed by axe in 1 to 5 s on a busy 2-core machine. */
const TEST_TIMEOUT_MS = 300_000;

let browser: Browser;
let server: RunningServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'groupins-e2e-axe-'));
  // 流量與測試 groups the cart's transitions by this report: adding a package is not covered
  const TEST_REPORT = writeReportWithoutAdding(dataDir);
  server = await startBuiltServer({ DATA_DIR: dataDir, CAPTCHA_MAX_NUMBER, TEST_REPORT });
  browser = await launchBrowser();
  addStaffAccount(dataDir, 'analyst.axe', 'analyst', PASSWORD);
  addStaffAccount(dataDir, STAFF, 'underwriter,service,admin', PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const url = (route: string) => `${server.origin}/groupins${route}`;

/** One visitor (or analyst) at one width: axe's findings and the page problems. */
interface Audit {
  context: BrowserContext;
  page: Page;
  findings: string[];
  problems: string[];
}

async function audit(viewport: { width: number; height: number }, consented = true): Promise<Audit> {
  const context = await browser.newContext({ locale: 'zh-TW', viewport, acceptDownloads: true });
  if (consented) await context.addCookies([{ name: 'OI_Privacy_CHECK', value: 'Y', url: server.origin }]);
  const problems = await watchPageProblems(context);
  return { context, page: await context.newPage(), findings: [], problems };
}

/** axe on the page as it is now, its findings named by the state. */
async function check(a: Audit, state: string) {
  for (const line of await axeViolations(a.page)) a.findings.push(`${state}: ${line}`);
}

/** Ends the audit: no axe finding, no console error, uncaught error or CSP violation. */
async function finish(a: Audit) {
  await a.context.close();
  expect(a.findings).toEqual([]);
  expect(a.problems).toEqual([]);
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** Opens a route and waits for its screen (its heading, when given) and the network to settle. */
async function open(a: Audit, route: string, heading?: string) {
  await openApp(a.page, url(route));
  if (heading) await expectHeading(a.page, heading);
  else await h1(a.page).waitFor();
  await a.page.waitForLoadState('networkidle');
}

/**
 * Opens the page of a package or article that does not exist. The API answers its lookup 404, which
 * Chromium logs as a failed resource: that one line is expected, and nothing else.
 */
async function openMissing(a: Audit, route: string) {
  const before = a.problems.length;
  await open(a, route);
  expect(a.problems.splice(before)).toEqual([
    `console at ${url(route)}: Failed to load resource: the server responded with a status of 404 (Not Found)`,
  ]);
}

/** The captcha widget on the page, solved. */
async function solveCaptcha(page: Page) {
  const widget = page.locator('altcha-widget');
  await widget.getByRole('checkbox', { name: '我不是機器人' }).click();
  await widget.getByRole('checkbox', { name: '驗證完成' }).waitFor({ timeout: 20_000 });
}

/** The visitor routes that show a page without a flow in progress: path, and the heading it shows. */
const CONTENT_ROUTES: Array<[string, string]> = [
  ['/', '團體保險，照顧每一位夥伴'],
  ['/product/optionpackage', '團體保險方案'],
  ...Object.values(PACK_IDS).map((id): [string, string] => [`/product/Intropackage?PACK_ID=${id}`, '']),
  ['/product/optioncell', '單項保障'],
  ['/REC', '方案推薦'],
  ['/shopcart/STEP1', '投保申請：確認購物車'],
  ['/overprint/STEP1', '套印文件：身分驗證'],
  ['/progress', '進度查詢'],
  ['/tryout/STEP1', '保費試算：選擇保障'],
  ['/contact', '聯絡我們'],
  ['/about/bscknow', '團體保險基本知識'],
  ['/about/claim', '理賠服務'],
  ['/about/addvalue', '加值服務'],
  ['/B2Bsystem/introb2b', ''],
  ['/question', '常見問題'],
  ['/featured/article', ''],
  ['/featured/article?page=2', ''],
  ['/featured/articleContent?id=what-is-group-insurance', ''],
  // docs/specification.md §2: an unknown path and /back2Home go home
  ['/no/such/page', '團體保險，照顧每一位夥伴'],
  ['/back2Home', '團體保險，照顧每一位夥伴'],
];

/** A package and an article that do not exist: the pages say so. */
const MISSING = ['/product/Intropackage?PACK_ID=NONE', '/featured/articleContent?id=no-such-article'];

/** The empty forms sent: their field errors. */
const EMPTY_FORMS: Array<[string, string]> = [
  ['/REC', '查看推薦方案'],
  ['/contact', '送出留言'],
  ['/overprint/STEP1', '查詢申請'],
  ['/progress', '查詢進度'],
];

describe.each(WIDTHS)('axe at $width px, with no console error or CSP violation', (viewport) => {
  it(
    'every content route, the cookie banner, the header menus and the forms sent empty',
    async () => {
      const a = await audit(viewport, false);
      await open(a, '/');
      await a.page.getByRole('region', { name: 'Cookie 使用說明' }).waitFor();
      await check(a, 'home with the cookie banner');
      await a.page.getByRole('button', { name: '同意' }).click();

      // on a phone the navigation folds behind 選單
      const fold = a.page.getByRole('button', { name: '選單', exact: true });
      const nav = a.page.getByRole('navigation', { name: '主選單' });
      if (await fold.isVisible()) {
        await fold.click();
        await check(a, 'the phone menu open');
        await a.page.keyboard.press('Escape');
      }
      for (const menu of ['商品', '線上服務', '認識團保']) {
        if (await fold.isVisible()) await fold.click();
        await nav.getByRole('button', { name: menu }).click();
        await check(a, `the header's ${menu} menu open`);
        await a.page.keyboard.press('Escape');
      }

      for (const [route, heading] of CONTENT_ROUTES) {
        await open(a, route, heading || undefined);
        await check(a, route);
      }

      for (const route of MISSING) {
        await openMissing(a, route);
        await check(a, route);
      }

      for (const [route, submit] of EMPTY_FORMS) {
        await open(a, route);
        await a.page.getByRole('button', { name: submit }).click();
        await a.page.locator('[aria-invalid="true"]').first().waitFor();
        await check(a, `${route} sent empty`);
      }
      await finish(a);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'the tryout, the cart, the shopcart to STEP4, the overprint and the progress through the UI',
    async () => {
      const a = await audit(viewport);
      const { page } = a;

      // tryout
      await open(a, '/tryout/STEP1?PACK_ID=BASIC', '保費試算：選擇保障');
      await page.getByRole('button', { name: '下一步：填寫團體資料' }).click();
      await expectHeading(page, '保費試算：填寫團體資料');
      await check(a, 'tryout STEP2');
      await page.getByRole('button', { name: '試算保費' }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await check(a, 'tryout STEP2 sent empty');
      await textbox(page, '投保人數').fill('10');
      await page.getByRole('combobox', { name: '職業類別', exact: true }).selectOption('1');
      await page.getByRole('radio', { name: '各年齡層人數（較準確）' }).check();
      await textbox(page, '30–39 歲人數').fill('10');
      await check(a, 'tryout STEP2 by age bands');
      await page.getByRole('button', { name: '試算保費' }).click();
      await expectHeading(page, '保費試算：試算結果');
      await page.locator('table.quote-table').waitFor();
      await check(a, 'tryout STEP3, the quote');
      await page.getByRole('button', { name: '加入購物車', exact: true }).click();
      await page.getByText('已將「基本型」加入購物車。').waitFor();
      await check(a, 'tryout STEP3, put in the cart');

      // the cart panel, and from it the shopcart
      await cartButton(page).click();
      const panel = page.getByRole('region', { name: '購物車內容' });
      await panel.getByText('基本型', { exact: true }).waitFor();
      await check(a, 'the cart panel with an item');
      await panel.getByRole('link', { name: '前往投保申請' }).click();
      await expectHeading(page, '投保申請：確認購物車');
      await page.waitForLoadState('networkidle');
      await check(a, 'shopcart STEP1 with an item');
      await page.getByRole('button', { name: '下一步：填寫投保資料' }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await check(a, 'shopcart STEP1 sent empty');
      await fillPlan(page);
      await check(a, 'shopcart STEP2');
      await page.getByRole('button', { name: '下一步：確認申請內容' }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await check(a, 'shopcart STEP2 sent empty');
      await textbox(page, '投保始期').fill('115/02/30');
      await textbox(page, '投保始期').blur();
      await page.getByRole('dialog', { name: '日期錯誤' }).waitFor();
      await check(a, 'the 日期錯誤 alert');
      await page.getByRole('dialog', { name: '日期錯誤' }).getByRole('button', { name: '確定' }).click();
      // with a 名冊, so that the overprint's lookup below asks for its code
      const startDate = startDateFrom(today());
      await fillApplicant(page, startDate, INSURED_AGES);
      await uploadRoster(page, '名冊.csv', rosterCsv(peopleOn(startDate)));
      await rosterRead(page, 5).waitFor();
      await check(a, 'shopcart STEP2 with its 名冊 read');
      await page.getByRole('button', { name: '下一步：確認申請內容' }).click();
      await expectHeading(page, '投保申請：確認申請內容');
      await page.locator('altcha-widget').waitFor();
      await check(a, 'shopcart STEP3');
      await page.getByRole('checkbox', { name: '我已閱讀並同意個人資料告知事項' }).check();
      await solveCaptcha(page);
      await check(a, 'shopcart STEP3 with the captcha solved');
      await page.getByRole('button', { name: '送出申請' }).click();
      await expectHeading(page, '投保申請：申請完成');
      const applicationNo = (await page.getByText(/^GI\d{12}$/).textContent()) ?? '';
      await check(a, 'shopcart STEP4');

      // the overprint from STEP4's print link
      await page.getByRole('link', { name: '列印已套印資料的要保書與名冊' }).click();
      await expectHeading(page, '套印文件：選擇文件');
      await check(a, 'overprint STEP2 from the print link');
      await page.getByRole('button', { name: '下一步：確認資料' }).click();
      await expectHeading(page, '套印文件：確認資料');
      await check(a, 'overprint STEP3');
      await page.getByRole('button', { name: '確認無誤，下一步' }).click();
      await expectHeading(page, '套印文件：下載列印');
      await check(a, 'overprint STEP4');
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: '下載 PDF' }).click();
      await downloading;
      await page.getByText(/^列印時間 /).waitFor();
      await check(a, 'overprint STEP4 downloaded');

      // the overprint looked up by its identifiers
      await open(a, '/overprint/STEP1', '套印文件：身分驗證');
      await textbox(page, '受理編號').fill(applicationNo);
      await textbox(page, '統一編號').fill(SAMPLE_APPLICANT.taxId);
      await textbox(page, '聯絡手機').fill(SAMPLE_APPLICANT.mobile!);
      await solveCaptcha(page);
      await check(a, 'overprint STEP1 filled, the captcha solved');
      await page.getByRole('button', { name: '查詢申請' }).click();
      await expectHeading(page, '套印文件：選擇文件');
      await check(a, 'overprint STEP2 after the lookup');
      // the 名冊 chosen on a lookup: the code e-mailed to the contact is asked for (issue 45)
      await page.getByRole('button', { name: '下一步：確認資料' }).click();
      await page.getByRole('heading', { name: '輸入驗證碼' }).waitFor();
      await check(a, 'overprint STEP2 asking for the 名冊’s code');

      // the progress of the application
      await open(a, '/progress', '進度查詢');
      await textbox(page, '受理編號').fill(applicationNo);
      await textbox(page, '統一編號').fill(SAMPLE_APPLICANT.taxId);
      await solveCaptcha(page);
      await page.getByRole('button', { name: '查詢進度' }).click();
      await page.getByRole('list', { name: '處理進度' }).waitFor();
      await check(a, 'progress, the result');
      await finish(a);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'the cart dialogs, the session reminder and its end',
    async () => {
      const a = await audit(viewport);
      const { page } = a;
      await open(a, '/product/optioncell', '單項保障');
      const add = (name: string) => page.getByRole('button', { name: `加入購物車：${name}` }).click();
      await add('團體傷害醫療保險金');
      await page.getByRole('dialog', { name: '無法加入購物車' }).waitFor();
      await check(a, 'the cart item-error dialog');
      await page.getByRole('button', { name: '我知道了' }).click();
      const cells = [
        '團體一年定期壽險',
        '團體傷害保險',
        '團體重大疾病保險',
        '團體初次罹患癌症保險',
        '團體職業災害補償保險',
      ];
      for (const [i, name] of cells.entries()) {
        await add(name);
        await expect.poll(() => cartButton(page).textContent()).toBe(`購物車${i + 1}項`);
      }
      await add('團體傷害醫療保險金');
      await page.getByRole('dialog', { name: '購物車已滿' }).waitFor();
      await check(a, 'the cart-full dialog');
      await page.getByRole('button', { name: '我知道了' }).click();
      await cartButton(page).click();
      await page
        .getByRole('region', { name: '購物車內容' })
        .getByRole('button', { name: /^移除/ })
        .first()
        .waitFor();
      await check(a, 'the cart panel, full');

      const timed = await a.context.newPage();
      a.page = timed;
      await timed.clock.install();
      const answers = await pageAnswers(timed);
      await openApp(timed, url('/'));
      await h1(timed).waitFor();
      // the session counts from addSession's answer: time moves once the page has it, not before
      await answers.nth('addSession', 1);
      await timed.clock.runFor(1_441_000);
      await timed.getByRole('dialog', { name: '工作階段即將結束' }).waitFor();
      await check(a, 'the session reminder');
      await timed.clock.runFor(300_000);
      await timed.getByRole('dialog', { name: '工作階段已結束' }).waitFor();
      await check(a, 'the session ended');
      await finish(a);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "the analysts' login, the atlas's views with a visitor's journey and a test report, and the logout",
    async () => {
      const a = await audit(viewport);
      const { page } = a;
      // a visitor adds 基本型 to the cart: the cart has traffic, and 訪客旅程 a visitor
      const shopper = await browser.newContext({ locale: 'zh-TW' });
      await shopper.addCookies([{ name: 'OI_Privacy_CHECK', value: 'Y', url: server.origin }]);
      const shop = await shopper.newPage();
      await addPackageFromHome(server.origin, shop);
      // the flows' last batch leaves as the page is hidden
      await shop.close({ runBeforeUnload: true });

      await openApp(page, url('/login'));
      await page.getByRole('button', { name: '登入' }).waitFor();
      await check(a, 'the login page');
      await page.getByRole('button', { name: '登入' }).click();
      await page.getByRole('alert').waitFor();
      await check(a, 'the login page sent empty');
      await signIn(page, 'analyst.axe', PASSWORD);
      await page.waitForURL(/\/groupins\/atlas$/);
      await page.getByRole('heading', { level: 1, name: '流程狀態機圖集' }).waitFor();
      const views = page.getByRole('navigation', { name: '檢視' });
      for (const view of ['狀態圖', '模擬', '測試路徑', '訪客流量']) {
        await views.getByRole('link', { name: view }).click();
        await page.waitForLoadState('networkidle');
        await check(a, `the atlas's ${view}`);
      }

      // the newest visitor, once the server has a package they added (read as the analyst)
      const day = today();
      const read = async <T>(apiPath: string) =>
        ((await (await page.request.get(`${server.origin}${API_BASE}/${apiPath}`)).json()) as ApiEnvelope<T>)
          .data;
      let visitor = '';
      await expect
        .poll(
          async () => {
            const [newest] = (await read<JourneysPage>(`atlas/journeys?from=${day}&to=${day}`)).visitors;
            visitor = newest?.visitor ?? '';
            return (
              newest && (await read<Journey>(`atlas/journeys/${visitor}`)).transitions.map((t) => t.event)
            );
          },
          { timeout: 30_000 },
        )
        .toContain('cart.add');
      await shopper.close();

      await page
        .getByRole('navigation', { name: '狀態機' })
        .getByRole('link', { name: /^購物車\s*cart$/ })
        .click();
      await views.getByRole('link', { name: '流量與測試' }).click();
      await page.getByTestId('fourway-risk').getByRole('listitem').first().waitFor();
      await check(a, "the cart's 流量與測試, its four groups");
      await views.getByRole('link', { name: '訪客旅程' }).click();
      const opened = page.getByRole('table', { name: '期間內的訪客' }).getByRole('link', { name: visitor });
      await opened.waitFor();
      await check(a, "訪客旅程's visitors");
      await opened.click();
      await page.getByTestId('journey-lanes').waitFor();
      await page.getByRole('button', { name: '下一步' }).click();
      await expect.poll(() => page.getByTestId('journey-step').textContent()).toMatch(/^第 2 \/ \d+ 步：/);
      // the step's transition drawn on its machine
      await page.locator('svg [data-edge][data-active]').waitFor();
      await check(a, "a visitor's journey at its second step");
      await views.getByRole('link', { name: '自發布以來的變更' }).click();
      await page.getByTestId('release-summary').waitFor();
      await check(a, "the atlas's 自發布以來的變更");

      await openApp(page, url('/logout'));
      await page.getByText('您已登出。').waitFor();
      await check(a, 'the logout page');
      await finish(a);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "the staff's other screens, each as it opens",
    async () => {
      const a = await audit(viewport);
      const { page } = a;
      await openApp(page, url('/login'));
      await signIn(page, STAFF, PASSWORD);
      await page.getByRole('heading', { level: 1, name: STAFF_PAGES.applications.title }).waitFor();
      for (const screen of STAFF_SCREENS.filter((screen) => screen !== 'atlas')) {
        await page.goto(url(`/${STAFF_PAGES[screen].path}`));
        await page.getByRole('heading', { level: 1, name: STAFF_PAGES[screen].title }).waitFor();
        await page.waitForLoadState('networkidle');
        await check(a, STAFF_PAGES[screen].title);
      }
      await finish(a);
    },
    TEST_TIMEOUT_MS,
  );
});
