import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase } from '../../src/server/db/database';
import { queueMail } from '../../src/server/db/repositories/outbox';
import { deliveryWorker } from '../../src/server/mail/delivery-worker';
import { type MailSender, smtpSender } from '../../src/server/mail/mail-sender';
import { usePostgresApp } from '../support/postgres-app';
import { describeWithPostgres } from '../support/postgres-cluster';
import { applyForBasic } from '../support/shopcart';
import { type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox';

// Issue 36 on PostgreSQL with several server processes: each message is taken by one worker at a time.
// Two workers on two pools of their own (as two processes have) take from one outbox at once, against a
// slow mail server, so that their takes overlap.

const FROM = { address: 'no-reply@insure.example.com.tw', name: '晴川人壽團體保險' };
const MESSAGES = 12;

describeWithPostgres('the outbox on a real PostgreSQL', () => {
  const pg = usePostgresApp();
  let inbox: SmtpInbox;
  const senders: MailSender[] = [];

  beforeAll(async () => {
    inbox = await startSmtpInbox({ delayMs: 40 });
  });
  afterAll(async () => {
    for (const sender of senders) sender.close();
    await inbox.stop();
  });

  it('lets two workers deliver every message once between them, none taken twice', async () => {
    const { applicationNo } = await applyForBasic(pg.t);
    await pg.db.transaction().execute(async (trx) => {
      for (let i = 1; i < MESSAGES; i++)
        await queueMail(trx, {
          kind: 'application.moved',
          to: { address: `staff${i}@example.com.tw`, name: `收件人${i}` },
          mail: { subject: `第 ${i} 封`, text: `第 ${i} 封`, html: `<p>第 ${i} 封</p>` },
          about: { applicationNo },
          at: new Date(),
        });
    });

    const processes = [0, 1].map(() => {
      const db = createDatabase({ url: pg.cluster.url });
      const sender = smtpSender(inbox.url, FROM);
      senders.push(sender);
      return { db, worker: deliveryWorker({ db, sender, log: pg.t.app.log }) };
    });
    try {
      const tried = await Promise.all(processes.map((p) => p.worker.runOnce()));
      expect(tried[0]! + tried[1]!).toBe(MESSAGES);
      expect(tried.every((n) => n > 0)).toBe(true);
    } finally {
      await Promise.all(processes.map((p) => p.db.destroy()));
    }

    const rows = await pg.db.selectFrom('outbox').select(['message_id', 'state', 'attempts']).execute();
    expect(rows).toHaveLength(MESSAGES);
    expect(rows.every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
    const received = inbox.received.map((m) => m.messageId).sort();
    expect(received).toEqual(rows.map((r) => `<${r.message_id}@insure.example.com.tw>`).sort());
  }, 60_000);
});
