import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, taipeiDate } from '../../src/domain/roc-date';
import { serverDatabase } from '../support/stored-applications';
import { launchBrowser } from './support/browser';
import type { BuiltApp } from './support/built-app';
import { reloadApp, returningVisitor } from './support/built-app';
import { startBuiltServer } from './support/server';
import {
  addPackageFromHome,
  cartButton,
  expectHeading,
  fillApplicant,
  fillPlan,
} from './support/shopcart-steps';

/*
 * The answer to 送出申請 lost after the built server stored the application: the request reaches the
 * server, which stores it and empties the cart, but the browser never gets the answer (the network cut
 * it, or the page went away while it waited). A reload must not read the emptied cart as a reason to start
 * over at STEP1: the flow asks the server for its application and STEP4 shows the stored 受理編號. The
 * server's own PGlite files, read once it has stopped, hold that one application.
 */

/** A server of its own (migrations and seed on PGlite) and a whole application: more than 60 s. */
const TEST_TIMEOUT_MS = 120_000;
/** Hashes a challenge may take: the widget solves it in milliseconds. */
const CAPTCHA_MAX_NUMBER = '1000';

const CASES = [
  {
    lost: 'the network cuts the answer off',
    // the page hears a failed request, then the visitor reloads
    cut: (route: Route) => route.abort('failed'),
  },
  {
    lost: 'the page goes away while it waits',
    // the answer never comes: the visitor reloads while 送出申請 still waits
    cut: async () => {},
  },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** STEP1 to STEP3 with 基本型 and no 名冊, the consent ticked and the captcha solved. */
async function readyToSubmit(app: BuiltApp, page: Page) {
  await addPackageFromHome(app.server.origin, page);
  await fillPlan(page);
  await fillApplicant(page, addDays(taipeiDate(new Date()), 30), { youngest: 25, oldest: 50 });
  await page.getByRole('button', { name: '下一步：確認申請內容' }).click();
  await expectHeading(page, '投保申請：確認申請內容');
  await page.getByRole('checkbox', { name: '我已閱讀並同意個人資料告知事項' }).check();
  const widget = page.locator('altcha-widget');
  await widget.getByRole('checkbox', { name: '我不是機器人' }).click();
  await widget.getByRole('checkbox', { name: '驗證完成' }).waitFor();
}

describe('shopcart: the answer to 送出申請 lost after the server stored the application', () => {
  it.each(CASES)(
    'when $lost, a reload shows STEP4 with the stored 受理編號 and the server holds one application',
    async ({ cut }) => {
      // a server of its own, whose PGlite files are read once it has stopped
      const dataDir = mkdtempSync(path.join(tmpdir(), 'groupins-e2e-lost-answer-'));
      const app: BuiltApp = {
        server: await startBuiltServer({ DATA_DIR: dataDir, CAPTCHA_MAX_NUMBER }),
        browser,
      };
      let stopped: Promise<void> | undefined;
      const stop = () => {
        stopped ??= app.server.stop();
        return stopped;
      };
      const { context, page } = await returningVisitor(app);
      try {
        await readyToSubmit(app, page);
        let stored: (value: { requestId: string; applicationNo: string }) => void = () => {};
        const reached = new Promise<{ requestId: string; applicationNo: string }>((resolve) => {
          stored = resolve;
        });
        await page.route('**/ODGAWeb/api/shopcart/submitApplication', async (route) => {
          const answer = await (await route.fetch()).json();
          expect(answer.returnCode).toBe(0);
          stored({
            requestId: route.request().postDataJSON().requestId,
            applicationNo: answer.data.applicationNo,
          });
          await cut(route);
        });
        await page.getByRole('button', { name: '送出申請' }).click();
        // the route stays: a submit sent again would wait unanswered, so only asking the server can pass
        const { requestId, applicationNo } = await reached;

        await reloadApp(page);
        await expectHeading(page, '投保申請：申請完成');
        expect(await page.getByText(/^受理編號：/).textContent()).toBe(`受理編號：${applicationNo}`);
        expect(new URL(page.url()).pathname).toBe('/groupins/shopcart/STEP4');
        await expect.poll(() => cartButton(page).textContent()).toBe('購物車0項');
        await context.close();
        await stop();

        const db = serverDatabase({ dataDir });
        try {
          const rows = await db
            .selectFrom('applications')
            .select('application_no')
            .where('request_id', '=', requestId)
            .execute();
          expect(rows).toEqual([{ application_no: applicationNo }]);
        } finally {
          await db.destroy();
        }
      } finally {
        await context.close();
        await stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    TEST_TIMEOUT_MS,
  );
});
