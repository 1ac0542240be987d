import { type Kysely, Migrator } from 'kysely';
import { Settings } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/server/db/database';
import { MIGRATIONS, migrateToLatest } from '../../src/server/db/migrate';
import { listContactMessages } from '../../src/server/db/repositories/contact-inbox';
import type { Database } from '../../src/server/db/schema';
import { emptyInbox, storeMessage } from '../support/contact-inbox';
import { contactInboxCases } from '../support/contact-inbox-cases';
import { createTestDatabase } from '../support/server';

// PGlite runs one transaction at a time: a race is two transactions queued, the second reading what the
// first committed.
describe('the contact inbox on PGlite', () => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.destroy());

  contactInboxCases(() => db, false);

  // The tests' own zone is Taipei (tests/support/setup-node.ts); a server's clock is usually UTC.
  it('filters by the received day in Taipei on a server whose zone is UTC', async () => {
    await emptyInbox(db);
    const zone = Settings.defaultZone;
    Settings.defaultZone = 'UTC';
    try {
      // 23:59 of the 24th and 00:00 of the 25th in Taipei
      const lateOn24 = await storeMessage(db, new Date('2026-11-24T15:59:00Z'));
      const earlyOn25 = await storeMessage(db, new Date('2026-11-24T16:00:00Z'));
      const nos = async (query: object) =>
        (await listContactMessages(db, { page: 1, ...query })).messages.map((m) => m.contactNo);
      expect(await nos({ receivedFrom: '2026-11-25' })).toEqual([earlyOn25]);
      expect(await nos({ receivedTo: '2026-11-24' })).toEqual([lateOn24]);
    } finally {
      Settings.defaultZone = zone;
    }
  });
});

describe('migration 0020 on a database with messages already', () => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = createDatabase({ memory: true });
    const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
    const before = await migrator.migrateTo('0017_login_failures');
    if (before.error) throw before.error;
    await db
      .insertInto('contacts')
      .values({
        contact_no: 'CT115112000001',
        request_id: crypto.randomUUID(),
        session_id: crypto.randomUUID(),
        name: '陳美玲',
        company_name: '晴空軟體股份有限公司',
        email: 'hr@example.com.tw',
        topic: 'quote',
        content: '我在保費試算中選擇了「基本型」，投保人數 80 人，想請專人提供報價。',
        received_at: new Date('2026-11-20T01:00:00Z'),
        reply_by: '2026-11-24',
      })
      .execute();
    await migrateToLatest(db);
  });
  afterAll(() => db.destroy());

  it('keeps a message stored before it new, taken by no one, at version 0, no quote request', async () => {
    const page = await listContactMessages(db, { page: 1 });
    expect(page.messages).toEqual([
      expect.objectContaining({
        contactNo: 'CT115112000001',
        status: 'new',
        assignee: null,
        version: 0,
        quoteHeadcount: null,
      }),
    ]);
  });

  it('refuses a status the inbox does not have, and a quote request without its cover', async () => {
    const set = (values: Record<string, unknown>) =>
      db.updateTable('contacts').set(values).where('contact_no', '=', 'CT115112000001').execute();
    await expect(set({ status: '已受理' })).rejects.toThrow(/contacts_status_check/);
    await expect(set({ quote_headcount: 80 })).rejects.toThrow(/contacts_quote_check/);
  });
});
