import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type FlowPath, flowPaths } from '../../machines/paths';
import { machines } from '../../machines/registry';
import { SAMPLE_CONTACT_MESSAGE, SAMPLE_CONTACT_REQUEST_ID } from '../../machines/samples/contact.samples';
import type { ContactMessage } from '../../src/domain/api/contact';
import { createDatabase } from '../../src/server/db/database';
import { contactFields } from '../support/contact-page';
import { contactScreen } from '../support/flow-screens';
import { CONTACT_CALLS, contactStimuli } from '../support/flows/contact.flow';
import { ContactOracle, type ContactStimulus, type ContactView } from '../support/oracles/contact.oracle';
import { answerCaptcha, asSentByOracle, type PageVisit, pageVisit } from '../support/page-identifiers';
import { recordPassedPath } from '../support/path-record';
import { type PathDriver, runPath } from '../support/path-runner';
import { builtAppForThisFile, openApp, reloadApp, returningVisitor } from './support/built-app';
import { heldPageNetwork, pageAgreement } from './support/held-network';
import { startBuiltServer } from './support/server';

const entry = machines.find((m) => m.id === 'contact')!;

const app = builtAppForThisFile();

/** The form filled with `message` in Chromium, the widget solved unless `captcha` is '' or solved already. */
async function sendInChromium(page: Page, message: ContactMessage, captcha: string, visit?: PageVisit) {
  for (const [label, value] of contactFields(message))
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  await page.getByRole('combobox', { name: '洽詢主題' }).selectOption(message.topic);
  await page.getByRole('checkbox', { name: /個人資料蒐集告知事項/ }).setChecked(message.consent);
  const widget = page.locator('altcha-widget');
  const solved = widget.getByRole('checkbox', { name: '驗證完成' });
  if (captcha !== '' && (await solved.count()) === 0) {
    await widget.getByRole('checkbox', { name: '我不是機器人' }).click();
    await solved.waitFor({ timeout: 20_000 });
    visit?.captchas.push(captcha);
  }
  await page.getByRole('button', { name: '送出留言' }).click();
  if (captcha === '') await page.getByText('請先完成「我不是機器人」驗證').waitFor();
}

/** The built app in Chromium with the contact call held. */
function contactInChromium(
  page: Page,
  network: Awaited<ReturnType<typeof heldPageNetwork>>,
  visit: PageVisit,
): PathDriver<ContactStimulus, ContactView> {
  return {
    async act(s) {
      switch (s.kind) {
        case 'send':
          await sendInChromium(page, s.message as ContactMessage, s.captcha, visit);
          return;
        case 'writeAgain':
          visit.requestIds.push(s.requestId);
          await page.getByRole('button', { name: '再留一則訊息' }).click();
          return;
        case 'reply':
          await network.reply(s.call, s.reply);
      }
    },
    wait: async () => {},
    view: async () => (await page.evaluate(contactScreen)) as ContactView,
    sent: () => asSentByOracle(network.sent(), CONTACT_CALLS, visit),
  };
}

async function runInChromium(flowPath: FlowPath) {
  const { context, page } = await returningVisitor(app);
  try {
    const visit = pageVisit(SAMPLE_CONTACT_REQUEST_ID);
    const network = await heldPageNetwork(page, CONTACT_CALLS);
    // routes added later are asked first: the challenges are the built server's, noted as served
    await page.route('**/ODGAWeb/api/captcha/challenge', async (route) => {
      const response = await route.fetch();
      const answer = await response.json();
      answerCaptcha(visit, answer.data ?? {});
      await route.fulfill({ response, json: answer });
    });
    await openApp(page, `${app.server.origin}/groupins/contact`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await runPath(
      flowPath,
      contactStimuli,
      new ContactOracle(SAMPLE_CONTACT_REQUEST_ID),
      contactInChromium(page, network, visit),
      pageAgreement((view) => view),
      CONTACT_CALLS,
    );
    recordPassedPath('chromium', entry.id, flowPath);
  } finally {
    await context.close();
  }
}

describe('contact paths in Chromium, against the contact oracle', () => {
  for (const flowPath of flowPaths(entry)) it(flowPath.description, () => runInChromium(flowPath), 90_000);
});

describe('a message sent to the real server', () => {
  it('is stored as typed, answered with its 案件編號, and kept across a reload', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'groupins-e2e-contact-'));
    const server = await startBuiltServer({ DATA_DIR: dataDir, CAPTCHA_MAX_NUMBER: '1000' });
    let stopped = false;
    try {
      const context = await app.browser.newContext({
        locale: 'zh-TW',
        viewport: { width: 390, height: 844 },
      });
      await context.addCookies([{ name: 'OI_Privacy_CHECK', value: 'Y', url: server.origin }]);
      const page = await context.newPage();
      await openApp(page, `${server.origin}/groupins/contact`);
      await page.getByRole('heading', { level: 1, name: '聯絡我們' }).waitFor();
      const message: ContactMessage = { ...SAMPLE_CONTACT_MESSAGE, topic: 'claim' };
      await sendInChromium(page, message, 'solved');
      const done = page.getByRole('heading', { name: '留言已送出' });
      await done.waitFor();
      const contactNo = (await page.locator('.contact-receipt .application-no').textContent())?.trim() ?? '';
      expect(contactNo).toMatch(/^CT\d{12}$/);
      await reloadApp(page);
      await done.waitFor();
      expect((await page.locator('.contact-receipt .application-no').textContent())?.trim()).toBe(contactNo);
      await context.close();
      await server.stop();
      stopped = true;

      // the server's PGlite files, opened with the app's own database module
      const db = createDatabase({ dataDir: path.join(dataDir, 'pglite') });
      try {
        const rows = await db.selectFrom('contacts').selectAll().execute();
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          contact_no: contactNo,
          name: message.name,
          company_name: message.companyName,
          tax_id: message.taxId,
          mobile: message.mobile,
          phone: null,
          email: message.email,
          topic: 'claim',
          content: message.content,
        });
      } finally {
        await db.destroy();
      }
    } finally {
      if (!stopped) await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
