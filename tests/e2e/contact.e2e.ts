import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contactInChromium, sendInChromium } from '../../machine-paths/contact/chromium';
import { SAMPLE_CONTACT_MESSAGE } from '../../machine-paths/contact/samples';
import { flowPaths } from '../../machine-paths/paths';
import type { ContactMessage } from '../../src/domain/api/contact';
import { createDatabase } from '../../src/server/db/database';
import { builtAppForThisFile, openApp, reloadApp } from './support/built-app';
import { runInChromium } from './support/flow-in-chromium';
import { startBuiltServer } from './support/server';

const app = builtAppForThisFile();

describe('contact paths in Chromium, against the contact oracle', () => {
  for (const flowPath of flowPaths(contactInChromium.entry))
    it(flowPath.description, () => runInChromium(app, contactInChromium, flowPath), 90_000);
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
