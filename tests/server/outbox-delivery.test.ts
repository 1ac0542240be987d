import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  queueMail,
  recordDelivery,
  resendMessage,
  takeDueMessages,
} from '../../src/server/db/repositories/outbox';
import { deliveryWorker, LEASE_MS } from '../../src/server/mail/delivery-worker';
import { type MailSender, smtpSender } from '../../src/server/mail/mail-sender';
import { createTestApp, type TestApp } from '../support/server';
import { applyForBasic } from '../support/shopcart';
import { APPLICANT, validApplicant } from '../support/shopcart-input';
import { type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox';

// Issue 36's outbox against a real SMTP server in this process (smtp-server): delivered once with a stable
// Message-ID, a refused address failed with the server's answer, a server down and back, a worker that died
// mid-delivery, and header injection attempts. The clock is the test's: waits are read from the rows.

const FROM = { address: 'no-reply@insure.example.com.tw', name: '晴川人壽團體保險' };
const REFUSED = 'nobody@refusing.example.tw';
const MINUTE = 60_000;

describe('the outbox delivered over SMTP', () => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let sender: MailSender;
  let clock = new Date();
  const logLines: string[] = [];
  const worker = () => deliveryWorker({ db: t.db, sender, log: t.app.log, now: () => clock });

  beforeAll(async () => {
    t = await createTestApp({ logger: { stream: { write: (line) => void logLines.push(line) } } });
    inbox = await startSmtpInbox({ refuse: (address) => address === REFUSED });
    sender = smtpSender(inbox.url, FROM);
  }, 30_000);
  afterAll(async () => {
    sender.close();
    await inbox.stop();
    await t.close();
  });
  afterEach(async () => {
    // every message of a test is settled by it: none left for the next
    await t.db.updateTable('outbox').set({ state: 'sent', taken_by: null, taken_until: null }).execute();
    inbox.received.length = 0;
    clock = new Date();
  });

  /** a company applies; the clock is then */
  async function apply(...args: Parameters<typeof applyForBasic>) {
    const applied = await applyForBasic(...args);
    clock = new Date();
    return applied;
  }

  const row = (applicationNo: string) =>
    t.db
      .selectFrom('outbox')
      .selectAll()
      .where('application_no', '=', applicationNo)
      .executeTakeFirstOrThrow();

  it('delivers a stored application’s 申請受理通知 once, to its contact, under its own Message-ID', async () => {
    const { applicationNo } = await apply(t);
    expect(await worker().runOnce()).toBe(1);
    const stored = await row(applicationNo);
    expect(stored).toMatchObject({ state: 'sent', attempts: 1, last_error: null, taken_by: null });
    expect(stored.sent_at).not.toBeNull();
    expect(inbox.received).toHaveLength(1);
    const [mail] = inbox.received;
    expect(mail!.envelopeTo).toEqual([APPLICANT.email]);
    expect(mail!.envelopeFrom).toBe(FROM.address);
    expect(mail!.messageId).toBe(`<${stored.message_id}@insure.example.com.tw>`);
    expect(mail!.subject).toBe(stored.subject);
    expect(mail!.headers.get('to')).toEqual([`${APPLICANT.contactName} <${APPLICANT.email}>`]);
    // sent once: a second round finds nothing
    expect(await worker().runOnce()).toBe(0);
    expect(inbox.received).toHaveLength(1);
  });

  it('fails a message the mail server refuses, keeping its answer; the application stands', async () => {
    const { applicationNo } = await apply(t, undefined, {
      applicant: { ...validApplicant(), email: REFUSED },
    });
    await worker().runOnce();
    const stored = await row(applicationNo);
    expect(stored.state).toBe('failed');
    expect(stored.attempts).toBe(1);
    expect(stored.last_error).toMatch(/^550 .*Recipient address rejected/);
    expect(inbox.received).toEqual([]);
    const application = await t.db
      .selectFrom('applications')
      .select('status')
      .where('application_no', '=', applicationNo)
      .executeTakeFirst();
    expect(application).toEqual({ status: '已受理' });

    // 重新寄送 makes it wait again, due at once, its tries counted afresh
    expect(await t.db.transaction().execute((trx) => resendMessage(trx, { id: stored.id, at: clock }))).toBe(
      true,
    );
    expect(await row(applicationNo)).toMatchObject({ state: 'waiting', attempts: 0 });
    expect(await t.db.transaction().execute((trx) => resendMessage(trx, { id: stored.id, at: clock }))).toBe(
      false,
    );
  });

  it('keeps a message waiting while the mail server is down, and delivers it once when it is back', async () => {
    await inbox.stop();
    const { applicationNo } = await apply(t);
    try {
      await worker().runOnce();
      const first = await row(applicationNo);
      expect(first).toMatchObject({ state: 'waiting', attempts: 1, taken_by: null });
      expect(first.last_error).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
      expect(first.next_attempt_at.getTime()).toBe(clock.getTime() + MINUTE);

      // not due yet: nothing is tried
      clock = new Date(clock.getTime() + MINUTE - 1_000);
      expect(await worker().runOnce()).toBe(0);
      // the second try, a minute on, fails too: the next waits 5 minutes
      clock = new Date(clock.getTime() + 1_000);
      expect(await worker().runOnce()).toBe(1);
      expect((await row(applicationNo)).next_attempt_at.getTime()).toBe(clock.getTime() + 5 * MINUTE);
    } finally {
      await inbox.start();
    }
    clock = new Date(clock.getTime() + 5 * MINUTE);
    expect(await worker().runOnce()).toBe(1);
    const sent = await row(applicationNo);
    expect(sent).toMatchObject({ state: 'sent', attempts: 3 });
    expect(inbox.received.map((m) => m.messageId)).toEqual([`<${sent.message_id}@insure.example.com.tw>`]);
  });

  it('fails a message after its seventh try, the last', async () => {
    await inbox.stop();
    const { applicationNo } = await apply(t);
    try {
      for (const wait of [0, 1, 5, 15, 60, 240, 720]) {
        clock = new Date(clock.getTime() + wait * MINUTE);
        expect(await worker().runOnce()).toBe(1);
      }
      expect(await row(applicationNo)).toMatchObject({ state: 'failed', attempts: 7 });
      clock = new Date(clock.getTime() + 24 * 60 * MINUTE);
      expect(await worker().runOnce()).toBe(0);
    } finally {
      await inbox.start();
    }
  });

  it('sends again, under the same Message-ID, a message whose worker died while sending it', async () => {
    const { applicationNo } = await apply(t);
    const [taken] = await takeDueMessages(t.db, { worker: 'died', now: clock, leaseMs: LEASE_MS, limit: 5 });
    expect(taken!.attempts).toBe(1);
    // its lease holds: no other worker takes it
    expect(await worker().runOnce()).toBe(0);
    clock = new Date(clock.getTime() + LEASE_MS + 1);
    expect(await worker().runOnce()).toBe(1);
    const sent = await row(applicationNo);
    expect(sent).toMatchObject({ state: 'sent', attempts: 2, message_id: taken!.message_id });
    expect(inbox.received.map((m) => m.messageId)).toEqual([`<${taken!.message_id}@insure.example.com.tw>`]);
    // the dead worker's late word is not taken
    expect(
      await recordDelivery(t.db, { id: taken!.id, worker: 'died', at: clock, outcome: { accepted: true } }),
    ).toBeNull();
  });

  it('lets no line break in a name, a subject or an address add a header or a recipient', async () => {
    const { applicationNo } = await apply(t);
    const injected = 'spy@attacker.example.tw';
    const queue = (to: { address: string; name: string }, subject: string) =>
      t.db.transaction().execute((trx) =>
        queueMail(trx, {
          kind: 'application.moved',
          to,
          mail: { subject, text: 'text', html: '<p>html</p>' },
          about: { applicationNo },
          at: clock,
        }),
      );
    await t.db.deleteFrom('outbox').where('application_no', '=', applicationNo).execute();
    await queue(
      { address: APPLICANT.email, name: `黃怡君\r\nBcc: ${injected}\r\nX-Injected: 1` },
      `申請狀態更新\r\nBcc: ${injected}\nX-Injected: 1`,
    );
    await queue({ address: `${APPLICANT.email}\r\nBcc: ${injected}`, name: '黃怡君' }, '申請狀態更新');
    await queue({ address: `${APPLICANT.email}, ${injected}`, name: '黃怡君' }, '申請狀態更新');

    expect(await worker().runOnce()).toBe(3);
    expect(inbox.received).toHaveLength(1);
    const [mail] = inbox.received;
    expect(mail!.envelopeTo).toEqual([APPLICANT.email]);
    expect(mail!.headers.has('bcc')).toBe(false);
    expect(mail!.headers.has('x-injected')).toBe(false);
    expect(mail!.raw).not.toContain(injected);
    expect(mail!.subject).toBe(`申請狀態更新 Bcc: ${injected} X-Injected: 1`);

    const rows = await t.db
      .selectFrom('outbox')
      .select(['state', 'last_error'])
      .where('application_no', '=', applicationNo)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { state: 'sent', last_error: null },
      { state: 'failed', last_error: '收件或寄件地址格式錯誤' },
      { state: 'failed', last_error: '收件或寄件地址格式錯誤' },
    ]);
  });

  it('logs each try by its row and outcome, never an address (every test above has run)', () => {
    const tries = logLines.map((line) => JSON.parse(line)).filter((entry) => 'outboxId' in entry);
    expect(tries.map((entry) => entry.msg)).toContain('e-mail sent');
    expect(tries.map((entry) => entry.msg)).toContain('e-mail not sent');
    for (const entry of tries)
      expect(Object.keys(entry)).toEqual(expect.arrayContaining(['outboxId', 'attempt', 'state']));
    for (const line of logLines) {
      expect(line).not.toContain(APPLICANT.email);
      expect(line).not.toContain(REFUSED);
      expect(line).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    }
  });
});
