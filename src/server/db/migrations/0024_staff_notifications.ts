import { type Kysely, sql } from 'kysely';

// Staff notices by e-mail (issue 36): a person gives the address they are told at, and chooses each notice
// their roles offer (src/domain/staff-notifications.ts): a new application, a new contact message, an
// application at 待補件 past 7 days. The notices are outbox messages of three more kinds.

const KINDS = sql`('application.received', 'application.moved', 'contact.received', 'contact.replied', 'staff.application', 'staff.contact', 'staff.overdue')`;
const OLD_KINDS = sql`('application.received', 'application.moved', 'contact.received', 'contact.replied')`;
const NOTICES = sql`('application.new', 'contact.new', 'documents.overdue')`;

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff').addColumn('email', 'text').execute();
  await db.schema
    .createTable('staff_notifications')
    .addColumn('staff', 'text', (col) => col.notNull().references('staff.name'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ${NOTICES}`))
    .addPrimaryKeyConstraint('staff_notifications_pkey', ['staff', 'kind'])
    .execute();
  await db.schema.alterTable('outbox').dropConstraint('outbox_kind_check').execute();
  await db.schema
    .alterTable('outbox')
    .addCheckConstraint('outbox_kind_check', sql`kind in ${KINDS}`)
    .execute();
  // the overdue job's question: has this application's wait been told since it began
  await db.schema
    .createIndex('outbox_kind_application')
    .on('outbox')
    .columns(['kind', 'application_no'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbox_kind_application').execute();
  await db.deleteFrom('outbox').where('kind', 'like', 'staff.%').execute();
  await db.schema.alterTable('outbox').dropConstraint('outbox_kind_check').execute();
  await db.schema
    .alterTable('outbox')
    .addCheckConstraint('outbox_kind_check', sql`kind in ${OLD_KINDS}`)
    .execute();
  await db.schema.dropTable('staff_notifications').execute();
  await db.schema.alterTable('staff').dropColumn('email').execute();
}
