import { type Kysely, sql } from 'kysely';

// A flow's request id is its idempotency key within the visitor session that sent it, no further: an
// application's or a message's repeat answers the first answer only to that session, and another session
// sending the same id is a new request with every check, stored on its own. So the key is unique per
// (session, request id), and the contact form's messages record their session too; a message stored
// before this one gets a session of its own that no visitor holds. The applications' session index is
// the new key's leading column.
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('applications').dropConstraint('applications_request_id_key').execute();
  await db.schema
    .alterTable('applications')
    .addUniqueConstraint('applications_session_id_request_id_key', ['session_id', 'request_id'])
    .execute();
  await db.schema.dropIndex('applications_session_id_idx').execute();

  await db.schema
    .alterTable('contacts')
    .addColumn('session_id', 'uuid', (col) => col.notNull().defaultTo(sql`gen_random_uuid()`))
    .execute();
  await db.schema
    .alterTable('contacts')
    .alterColumn('session_id', (col) => col.dropDefault())
    .execute();
  await db.schema.alterTable('contacts').dropConstraint('contacts_request_id_key').execute();
  await db.schema
    .alterTable('contacts')
    .addUniqueConstraint('contacts_session_id_request_id_key', ['session_id', 'request_id'])
    .execute();
}

// Only while no request id has been sent from two sessions: the old keys refuse such rows.
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contacts').dropConstraint('contacts_session_id_request_id_key').execute();
  await db.schema.alterTable('contacts').dropColumn('session_id').execute();
  await db.schema
    .alterTable('contacts')
    .addUniqueConstraint('contacts_request_id_key', ['request_id'])
    .execute();

  await db.schema
    .createIndex('applications_session_id_idx')
    .on('applications')
    .column('session_id')
    .execute();
  await db.schema
    .alterTable('applications')
    .dropConstraint('applications_session_id_request_id_key')
    .execute();
  await db.schema
    .alterTable('applications')
    .addUniqueConstraint('applications_request_id_key', ['request_id'])
    .execute();
}
