import { type Kysely, sql } from 'kysely';

// Codes sent by e-mail (issue 45): six digits that prove the person typing them reads the address they went
// to, before the 名冊 prints with its full ID numbers (sent to the application's contact) and before a staff
// member's notices go to a new address (sent to that address). A code is kept as an HMAC under the server's
// key, never as typed; its state moves as machines/email-code.machine.ts allows. `client` is an HMAC of the
// address that asked for it, for the sending limit per client, never the address itself.
//
// The e-mail carrying a code is an outbox message whose text holds a placeholder where the code goes; the
// code itself waits in `outbox.secret`, is put in by the delivery worker as it sends, and is erased once the
// message is sent, so no screen shows it and the stored message does not keep it.

const PURPOSES = sql`('roster.print', 'notice.address')`;
const STATES = sql`('issued', 'used', 'voided', 'expired', 'superseded', 'withdrawn')`;
const KINDS = sql`('application.received', 'application.moved', 'contact.received', 'contact.replied', 'staff.application', 'staff.contact', 'staff.overdue', 'roster.code', 'staff.address')`;
const OLD_KINDS = sql`('application.received', 'application.moved', 'contact.received', 'contact.replied', 'staff.application', 'staff.contact', 'staff.overdue')`;

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_codes')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose in ${PURPOSES}`))
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('issued').check(sql`state in ${STATES}`))
    .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0).check(sql`failures >= 0`))
    .addColumn('client', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  // the newest code of a purpose and person, and how many were sent them lately
  await db.schema
    .createIndex('email_codes_subject')
    .on('email_codes')
    .columns(['purpose', 'subject', 'created_at'])
    .execute();
  await db.schema
    .createIndex('email_codes_client')
    .on('email_codes')
    .columns(['client', 'created_at'])
    .execute();

  await db.schema.alterTable('outbox').addColumn('secret', 'text').execute();
  await db.schema.alterTable('outbox').dropConstraint('outbox_kind_check').execute();
  await db.schema
    .alterTable('outbox')
    .addCheckConstraint('outbox_kind_check', sql`kind in ${KINDS}`)
    .execute();
  // a new notice address's code is about no application or message
  await db.schema.alterTable('outbox').dropConstraint('outbox_subject_check').execute();
  await db.schema
    .alterTable('outbox')
    .addCheckConstraint(
      'outbox_subject_check',
      sql`case when kind = 'staff.address' then application_no is null and contact_no is null
          else (application_no is null) <> (contact_no is null) end`,
    )
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('outbox').where('kind', 'in', ['roster.code', 'staff.address']).execute();
  await db.schema.alterTable('outbox').dropConstraint('outbox_subject_check').execute();
  await db.schema
    .alterTable('outbox')
    .addCheckConstraint('outbox_subject_check', sql`(application_no is null) <> (contact_no is null)`)
    .execute();
  await db.schema.alterTable('outbox').dropConstraint('outbox_kind_check').execute();
  await db.schema
    .alterTable('outbox')
    .addCheckConstraint('outbox_kind_check', sql`kind in ${OLD_KINDS}`)
    .execute();
  await db.schema.alterTable('outbox').dropColumn('secret').execute();
  await db.schema.dropTable('email_codes').execute();
}
