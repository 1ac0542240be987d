import { type Kysely, sql } from 'kysely';

// Issue 45: an address gets at most a few acknowledgements of contact messages (已收到您的留言) a Taipei
// day. Each submit counts that address's of the day, its case ignored: this index finds them without a
// scan of the day's other e-mails.
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('outbox_acknowledgements')
    .on('outbox')
    .expression(sql`lower(recipient), created_at`)
    .where(sql.ref('kind'), '=', 'contact.received')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbox_acknowledgements').execute();
}
