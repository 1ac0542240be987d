import { type Kysely, sql } from 'kysely';

// The transactional outbox (issue 36): each e-mail the site sends is a row written in the transaction of the
// change it tells of, then delivered by the server's worker. `message_id` is the message's own, set on every
// try, so a second delivery after a crash is the same message to mail clients. A worker takes a due message
// by setting `taken_by` and a lease (`taken_until`) under FOR UPDATE SKIP LOCKED; one killed while sending
// leaves the lease to run out, and the message is taken again. The state moves as
// machines/outbox-message.machine.ts allows; `last_error` keeps the mail server's answer to the last try.
// Each message is about one application or one contact message.

const STATES = sql`('waiting', 'sending', 'sent', 'failed')`;
const KINDS = sql`('application.received', 'application.moved', 'contact.received', 'contact.replied')`;

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('message_id', 'uuid', (col) => col.notNull().unique())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ${KINDS}`))
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('recipient_name', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('waiting').check(sql`state in ${STATES}`))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0).check(sql`attempts >= 0`))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('taken_by', 'text')
    .addColumn('taken_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addColumn('application_no', 'text', (col) => col.references('applications.application_no'))
    .addColumn('contact_no', 'text', (col) => col.references('contacts.contact_no'))
    .addCheckConstraint('outbox_subject_check', sql`(application_no is null) <> (contact_no is null)`)
    .addCheckConstraint(
      'outbox_lease_check',
      sql`(state = 'sending') = (taken_by is not null and taken_until is not null)`,
    )
    .execute();
  // the worker's two reads: waiting messages whose try is due, and sending ones whose lease ran out
  await db.schema
    .createIndex('outbox_waiting_due')
    .on('outbox')
    .columns(['next_attempt_at', 'id'])
    .where(sql.ref('state'), '=', 'waiting')
    .execute();
  await db.schema
    .createIndex('outbox_sending_lease')
    .on('outbox')
    .columns(['taken_until', 'id'])
    .where(sql.ref('state'), '=', 'sending')
    .execute();
  // 寄件匣 lists them newest first, and a case or a message shows its own
  await db.schema.createIndex('outbox_created').on('outbox').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('outbox_application_no').on('outbox').column('application_no').execute();
  await db.schema.createIndex('outbox_contact_no').on('outbox').column('contact_no').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
