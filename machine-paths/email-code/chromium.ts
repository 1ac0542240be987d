import { join } from 'node:path';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { createDatabase } from '../../src/server/db/database';
import type { FlowInChromium } from '../../tests/e2e/support/flow-in-chromium';
import type { RunningServer } from '../../tests/e2e/support/server';
import { addStaffAccount, signIn } from '../../tests/e2e/support/staff';
import type { SmtpInbox } from '../../tests/support/smtp-inbox';
import { machines } from '../registry';
import { EmailCodeOracle, type EmailCodeStimulus, type EmailCodeView } from './oracle';
import { actOnEmailCode, emailCodeScreen, emailCodeSettled } from './page';
import { SAMPLE_NOTICE_ADDRESS } from './samples';
import { emailCodeStimuli } from './stimuli';

/** The built server of the code's paths: stopped, its data changed while it is, and started again. */
export interface PausableSite {
  server: RunningServer;
  dataDir: string;
  /** stops the server (SIGTERM), runs `work` on its data folder, and starts it again on the same port */
  whileStopped(work: () => Promise<void>): Promise<void>;
}

const PASSWORD = 'email-code-paths-e2e-password';

/**
 * A code e-mailed to a new notice address, on 通知設定 in the built app in Chromium against the built server
 * (issue 45): for each path a new underwriter signs in and gives an address of the path's own; the server's
 * worker sends the code to `mailServer()`, where the path reads it. Ten minutes pass on the server's side:
 * with the server stopped, the path's code is made ten minutes older in its data folder.
 */
export function emailCodeInChromium(
  site: PausableSite,
  mailServer: () => SmtpInbox,
): FlowInChromium<EmailCodeStimulus, EmailCodeView> {
  let runs = 0;
  let address = SAMPLE_NOTICE_ADDRESS;
  return {
    entry: machines.find((m) => m.id === 'email-code')!,
    calls: [],
    stimuli: emailCodeStimuli,
    start: '/staff/notifications',
    oracle: () => new EmailCodeOracle(address),
    async driver(page, origin) {
      const name = `email.code.${++runs}`;
      address = `path${runs}.${SAMPLE_NOTICE_ADDRESS}`;
      addStaffAccount(site.dataDir, name, 'underwriter', PASSWORD);
      await page.goto(`${origin}/groupins/login`);
      await signIn(page, name, PASSWORD);
      await page.waitForURL((url) => !url.pathname.endsWith('/login'));
      await page.goto(`${origin}/groupins/staff/notifications`);
      await page.getByLabel('通知信箱', { exact: true }).fill(address);
      await page.getByRole('button', { name: '儲存' }).click();
      await page.getByRole('region', { name: '確認新的通知信箱' }).waitFor();

      let issued = 1;
      const settled = () => page.waitForFunction(emailCodeSettled);
      const press = async (name: string) => {
        await page.getByRole('button', { name, exact: true }).click();
        await settled();
      };
      const mailbox = {
        async newestCode() {
          const codes = () =>
            mailServer()
              .received.filter((m) => m.envelopeTo.includes(address))
              .map((m) => /驗證碼：(\d{6})/.exec(m.text)?.[1]);
          // the server's worker sends every 2 s: the e-mail of the code issued last arrives when it does
          await expect.poll(() => codes().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(issued);
          return codes()[issued - 1]!;
        },
      };
      return {
        act: (s) =>
          actOnEmailCode(s, mailbox, {
            async typeCode(code) {
              await page.getByRole('textbox', { name: '驗證碼' }).fill(code);
              await press('確認');
            },
            async resend() {
              await press('重新寄送驗證碼');
              issued++;
            },
            async giveUp() {
              await page.getByLabel('通知信箱', { exact: true }).fill('');
              await press('儲存');
            },
            async tenMinutesLater() {
              await site.whileStopped(async () => {
                const db = createDatabase({ dataDir: join(site.dataDir, 'pglite') });
                try {
                  await db
                    .updateTable('email_codes')
                    .set({
                      created_at: sql`created_at - interval '10 minutes 1 second'`,
                      expires_at: sql`expires_at - interval '10 minutes 1 second'`,
                    })
                    .where('address', '=', address)
                    .execute();
                } finally {
                  await db.destroy();
                }
              });
              await page.reload();
              await page.getByLabel('通知信箱', { exact: true }).waitFor();
              await settled();
            },
          }),
        wait: async () => {},
        view: () => page.evaluate(emailCodeScreen),
        sent: () => [],
      };
    },
  };
}
