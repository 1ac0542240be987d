import { type Kysely, sql } from 'kysely';

// The back office's contact inbox (issue 35). A message goes new → handling (處理中) → replied (已回覆) →
// closed (已結案), as machines/contact-message.machine.ts moves it; the rows stored before stay new. Each
// message gets the service person who took it (a staff account: staff are locked, never deleted), and a version every change raises, so two people changing it at once
// cannot both land. Internal notes (the sender never sees them) and the replies are rows of their own,
// kept: a reply is sent by e-mail once the notifications issue comes. A quote request from the tryout's
// 請洽專人報價 keeps the cover (the trial's cart item, as the catalogue check accepted it) and the head count.

const STATUSES = sql`('new', 'handling', 'replied', 'closed')`;

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('contacts')
    .addCheckConstraint('contacts_status_check', sql`status in ${STATUSES}`)
    .execute();
  await db.schema
    .alterTable('contacts')
    .addColumn('assignee', 'text', (col) => col.references('staff.name'))
    .execute();
  await db.schema
    .alterTable('contacts')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('contacts').addColumn('quote_cover', 'jsonb').execute();
  await db.schema
    .alterTable('contacts')
    .addColumn('quote_headcount', 'integer', (col) => col.check(sql`quote_headcount between 1 and 99999`))
    .execute();
  await db.schema
    .alterTable('contacts')
    .addCheckConstraint('contacts_quote_check', sql`(quote_cover is null) = (quote_headcount is null)`)
    .execute();
  await db.schema
    .createIndex('contacts_status_received_at')
    .on('contacts')
    .columns(['status', 'received_at'])
    .execute();
  await db.schema.createIndex('contacts_received_at').on('contacts').column('received_at').execute();

  for (const table of ['contact_notes', 'contact_replies']) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('contact_no', 'text', (col) => col.notNull().references('contacts.contact_no'))
      .addColumn('author', 'text', (col) => col.notNull().references('staff.name'))
      .addColumn('at', 'timestamptz', (col) => col.notNull())
      .addColumn('text', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex(`${table}_contact_no`).on(table).columns(['contact_no', 'id']).execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contact_replies').execute();
  await db.schema.dropTable('contact_notes').execute();
  await db.schema.dropIndex('contacts_received_at').execute();
  await db.schema.dropIndex('contacts_status_received_at').execute();
  await db.schema.alterTable('contacts').dropConstraint('contacts_quote_check').execute();
  await db.schema.alterTable('contacts').dropColumn('quote_headcount').execute();
  await db.schema.alterTable('contacts').dropColumn('quote_cover').execute();
  await db.schema.alterTable('contacts').dropColumn('version').execute();
  await db.schema.alterTable('contacts').dropColumn('assignee').execute();
  await db.schema.alterTable('contacts').dropConstraint('contacts_status_check').execute();
}
