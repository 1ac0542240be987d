import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase } from '../../src/server/db/database';
import { queueMail } from '../../src/server/db/repositories/outbox';
import type { Database } from '../../src/server/db/schema';
import { deliveryWorker } from '../../src/server/mail/delivery-worker';
import { type MailSender, smtpSender } from '../../src/server/mail/mail-sender';
import {
  ACKNOWLEDGEMENTS_PER_ADDRESS_DAY,
  queueContactReceived,
} from '../../src/server/mail/queued-messages';
import { storeMessage } from '../support/contact-inbox';
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

  // Issue 45: two submits to one address at once, with one acknowledgement of the day left: one gets it.
  // The second transaction counts while the first, which wrote the third, is still open.
  it('lets two racing submits to one address pass the day’s limit only once between them', async () => {
    const address = 'raced@example.com.tw';
    const contactNos: string[] = [];
    for (let i = 0; i < ACKNOWLEDGEMENTS_PER_ADDRESS_DAY + 1; i++)
      contactNos.push(await storeMessage(pg.db, new Date()));
    const acknowledge = (trx: Transaction<Database>, contactNo: string) =>
      queueContactReceived(
        trx,
        {
          contactNo,
          companyName: '晴空軟體股份有限公司',
          email: address,
          topic: 'quote',
          receivedAt: new Date(),
          replyBy: '2026-11-26',
        },
        'https://insure.example.com.tw',
      );
    const [first, second, ...before] = contactNos;
    for (const contactNo of before) await pg.db.transaction().execute((trx) => acknowledge(trx, contactNo));

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const firstWrote = new Promise<void>((resolve) => (written = resolve));
    const firstOne = pg.db.transaction().execute(async (trx) => {
      await acknowledge(trx, first!);
      written();
      await held;
    });
    await firstWrote;
    let secondDone = false;
    const secondOne = pg.db
      .transaction()
      .execute((trx) => acknowledge(trx, second!))
      .finally(() => {
        secondDone = true;
      });
    // the second either finishes on its own (nothing held it) or is seen waiting for the first's lock
    const waiting = () =>
      sql<{ n: string }>`select count(*) as n from pg_stat_activity
        where wait_event_type = 'Lock' and query like '%pg_advisory_xact_lock%'`.execute(pg.db);
    while (!secondDone && Number((await waiting()).rows[0]!.n) === 0) await sleep(10);
    release();
    await Promise.all([firstOne, secondOne]);

    const sent = await pg.db
      .selectFrom('outbox')
      .select('contact_no')
      .where('kind', '=', 'contact.received')
      .where('recipient', '=', address)
      .execute();
    expect(sent).toHaveLength(ACKNOWLEDGEMENTS_PER_ADDRESS_DAY);
    expect(sent.map((row) => row.contact_no)).toContain(first);
    expect(sent.map((row) => row.contact_no)).not.toContain(second);
  }, 60_000);
});
