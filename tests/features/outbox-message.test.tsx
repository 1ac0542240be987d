import { randomUUID } from 'node:crypto';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAMPLE_CONTACT_MESSAGE } from '../../machine-paths/contact/samples';
import { OutboxMessageOracle } from '../../machine-paths/outbox-message/oracle';
import {
  actOnOutboxMessage,
  type OutboxDelivery,
  type OutboxMessagePage,
  outboxMessageScreen,
  outboxMessageSettled,
} from '../../machine-paths/outbox-message/page';
import { outboxMessageStimuli } from '../../machine-paths/outbox-message/stimuli';
import { flowPaths } from '../../machine-paths/paths';
import { machines } from '../../machine-paths/registry';
import { type DeliveryWorker, deliveryWorker, LEASE_MS } from '../../src/server/mail/delivery-worker';
import { type MailSender, smtpSender } from '../../src/server/mail/mail-sender';
import { CartVisitor } from '../support/cart-visitor';
import { domAgreement } from '../support/dom-agreement';
import { recordPassedPath } from '../support/path-record';
import { runPath } from '../support/path-runner';
import { createTestApp, type TestApp } from '../support/server';
import { type HeldMail, type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox';
import { answeredBy, renderStaff } from '../support/staff-app';
import { signedInStaff } from '../support/staff-visitor';

// An outbox message's life on 寄件匣 (issue 36) in jsdom, against the real test server: for each generated
// path of the outbox-message machine a company sends 聯絡我們 (its acknowledgement is the message), a
// delivery worker of this process sends it to a real SMTP server here that holds each message until the
// path answers it, and a service person follows it on 寄件匣, pressing 重新寄送 when the path does. The page
// is checked against the outbox-message oracle after every step. The server's clock is the test's, so a
// lease runs out when the path says.

const entry = machines.find((m) => m.id === 'outbox-message')!;
const FROM = { address: 'no-reply@insure.example.com.tw', name: '晴川人壽團體保險' };

let mailServer: SmtpInbox;
let sender: MailSender;
beforeAll(async () => {
  mailServer = await startSmtpInbox({ hold: true });
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

/** The worker and the held message of one path: what it took, answered as the path says. */
function heldDelivery(worker: DeliveryWorker): OutboxDelivery & { settle(): Promise<void> } {
  let round: Promise<number> | undefined;
  let held: HeldMail | undefined;
  let tries = 0;
  const answered = async (answer: (mail: HeldMail) => void) => {
    answer(held!);
    held = undefined;
    await round;
  };
  return {
    async take() {
      round = worker.runOnce();
      // a round that ends before the mail server holds anything took nothing: said at once, not waited out
      const tookNothing = round.then(() => Promise.reject(new Error('the worker took no message')));
      held = await Promise.race([mailServer.nextHeld(), tookNothing]);
      tries++;
    },
    answer: (reply) => answered((mail) => (reply === null ? mail.accept() : mail.answer(reply))),
    async leaseExpire() {
      ahead = LEASE_MS + 1_000;
    },
    attempt: () => tries,
    // a message still held at the end of a path is let go, so its worker ends
    settle: async () => (held ? answered((mail) => mail.accept()) : undefined),
  };
}

function pageOf(user: UserEvent): OutboxMessagePage {
  const settled = () => waitFor(() => expect(outboxMessageSettled()).toBe(true), { timeout: 10_000 });
  const press = async (name: string) => {
    await user.click(await screen.findByRole('button', { name }));
    await settled();
  };
  return { reload: () => press('重新整理'), resend: () => press('重新寄送') };
}

describe('outbox-message paths on 寄件匣 in jsdom, against the server, a mail server and the oracle', () => {
  for (const path of flowPaths(entry))
    it(path.description, async () => {
      t = await createTestApp({ now: () => new Date(Date.now() + ahead) });
      const company = await CartVisitor.arrive(t);
      const sent = await company.api('contact/submit', {
        requestId: randomUUID(),
        message: SAMPLE_CONTACT_MESSAGE,
        captcha: await company.captcha(),
      });
      const { contactNo } = sent.json().data as { contactNo: string };
      const { id } = await t.db
        .selectFrom('outbox')
        .select('id')
        .where('contact_no', '=', contactNo)
        .executeTakeFirstOrThrow();
      const { visitor: service } = await signedInStaff(t, ['service'], 'service');
      const server = answeredBy(service);
      renderStaff(`/groupins/staff/outbox?id=${id}`, {
        'staff/me': server,
        'staff/outbox': server,
        [`staff/outbox/${id}`]: server,
        [`staff/outbox/${id}/resend`]: server,
      });
      await screen.findByRole('heading', { level: 1, name: '寄件匣' });
      const worker = deliveryWorker({ db: t.db, sender, log: t.app.log });
      const delivery = heldDelivery(worker);
      const page = pageOf(userEvent.setup());
      try {
        await runPath(
          path,
          outboxMessageStimuli,
          new OutboxMessageOracle(),
          {
            act: (s) => actOnOutboxMessage(s, delivery, page),
            wait: async () => {},
            view: async () => outboxMessageScreen(),
            sent: () => [],
          },
          domAgreement((view) => view),
        );
      } finally {
        await delivery.settle();
        await worker.stop();
      }
      recordPassedPath('jsdom', entry.id, path);
    }, 60_000);
});
