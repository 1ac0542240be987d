import { type Kysely, sql } from 'kysely';

// The application queue (issue 35) shows how long each application has waited: since 受理, or at 待補件
// since the documents were asked for. `waiting_since` holds that request's instant while the application
// is at 待補件 and is null otherwise, so the queue orders by one indexed expression, oldest first.
// Applications at 待補件 before this migration wait from their latest 待補件 event.
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('applications').addColumn('waiting_since', 'timestamptz').execute();
  await sql`
    update applications a set waiting_since = (
      select max(e.created_at) from application_events e
      where e.application_id = a.id and e.status = '待補件'
    )
    where a.status = '待補件'`.execute(db);
  await sql`create index applications_waiting on applications ((coalesce(waiting_since, created_at)), id)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index applications_waiting`.execute(db);
  await db.schema.alterTable('applications').dropColumn('waiting_since').execute();
}
