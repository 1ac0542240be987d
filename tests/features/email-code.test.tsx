import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EmailCodeOracle } from '../../machine-paths/email-code/oracle';
import {
  actOnEmailCode,
  type CodeMailbox,
  emailCodeScreen,
  emailCodeSettled,
  type NoticesPage,
} from '../../machine-paths/email-code/page';
import { SAMPLE_NOTICE_ADDRESS } from '../../machine-paths/email-code/samples';
import { emailCodeStimuli } from '../../machine-paths/email-code/stimuli';
import { flowPaths } from '../../machine-paths/paths';
import { machines } from '../../machine-paths/registry';
import { deliveryWorker } from '../../src/server/mail/delivery-worker';
import { type MailSender, smtpSender } from '../../src/server/mail/mail-sender';
import { domAgreement } from '../support/dom-agreement';
import { recordPassedPath } from '../support/path-record';
import { runPath } from '../support/path-runner';
import { createTestApp, type TestApp } from '../support/server';
import { type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox';
import { answeredBy, renderStaff } from '../support/staff-app';
import { signedInStaff } from '../support/staff-visitor';

// A code e-mailed to a new notice address (issue 45) on 通知設定 in jsdom, against the real test server: for
// each generated path of the email-code machine a new staff member gives the address, a delivery worker of
// this process sends the code to a real SMTP server here, and the person types it (or another), sends it
// again, empties the address, or comes back after ten minutes on the server's clock. The page is checked
// against the email-code oracle after every step.

const entry = machines.find((m) => m.id === 'email-code')!;
const FROM = { address: 'no-reply@insure.example.com.tw', name: '晴川人壽團體保險' };
const PATH = '/groupins/staff/notifications';

let mailServer: SmtpInbox;
let sender: MailSender;
beforeAll(async () => {
  mailServer = await startSmtpInbox();
  sender = smtpSender(mailServer.url, FROM);
});
afterAll(async () => {
  sender.close();
  await mailServer.stop();
});

let ahead = 0;
let t: TestApp | undefined;
afterEach(async () => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
  await t?.close();
  t = undefined;
  ahead = 0;
});

/** The codes the mail server has taken for `address`, newest last, once the worker has sent what is due. */
function mailboxOf(app: TestApp, address: string): CodeMailbox {
  const worker = deliveryWorker({ db: app.db, sender, log: app.app.log });
  return {
    async newestCode() {
      await worker.runOnce();
      const mail = mailServer.received.filter((m) => m.envelopeTo.includes(address)).at(-1);
      const code = /驗證碼：(\d{6})/.exec(mail?.text ?? '')?.[1];
      if (!code) throw new Error(`no code has reached ${address}`);
      return code;
    },
  };
}

function pageOf(user: UserEvent, open: () => void): NoticesPage {
  const settled = () => waitFor(() => expect(emailCodeSettled()).toBe(true), { timeout: 10_000 });
  return {
    async typeCode(code) {
      const field = await screen.findByLabelText(/^驗證碼/);
      await user.clear(field);
      await user.type(field, code);
      await user.click(screen.getByRole('button', { name: '確認' }));
      await settled();
    },
    async resend() {
      await user.click(await screen.findByRole('button', { name: '重新寄送驗證碼' }));
      await settled();
    },
    async giveUp() {
      await user.clear(await screen.findByLabelText('通知信箱'));
      await user.click(screen.getByRole('button', { name: '儲存' }));
      await settled();
    },
    async tenMinutesLater() {
      ahead += 10 * 60_000 + 1_000;
      cleanup();
      open();
      await screen.findByLabelText('通知信箱');
      await settled();
    },
  };
}

describe('email-code paths on 通知設定 in jsdom, against the server, a mail server and the oracle', () => {
  for (const path of flowPaths(entry))
    it(path.description, async () => {
      t = await createTestApp({ now: () => new Date(Date.now() + ahead) });
      const person = await signedInStaff(t, ['underwriter'], 'code');
      const saved = await person.visitor.api('staff/me/notifications', {
        email: SAMPLE_NOTICE_ADDRESS,
        kinds: ['application.new'],
      });
      expect(saved.json().data.pending).toMatchObject({ state: 'issued' });
      const server = answeredBy(person.visitor);
      const open = () =>
        renderStaff(PATH, {
          'staff/me': server,
          'staff/me/notifications': server,
          'staff/me/notifications/confirm': server,
          'staff/me/notifications/resend': server,
        });
      open();
      await screen.findByRole('region', { name: '確認新的通知信箱' });
      await runPath(
        path,
        emailCodeStimuli,
        new EmailCodeOracle(SAMPLE_NOTICE_ADDRESS),
        {
          act: (s) =>
            actOnEmailCode(s, mailboxOf(t!, SAMPLE_NOTICE_ADDRESS), pageOf(userEvent.setup(), open)),
          wait: async () => {},
          view: async () => emailCodeScreen(),
          sent: () => [],
        },
        domAgreement((view) => view),
      );
      recordPassedPath('jsdom', entry.id, path);
    }, 60_000);
});
