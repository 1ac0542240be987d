import { type Kysely, sql } from 'kysely';

// The application queue (issue 35) at 10,000 applications: every answer filters the table twice (the page
// and the count of each status), and a full scan of it answered each filter. The 受理 days, the status
// (with the queue's order, so a status's page is read in order) and the industry are indexed. A search
// compares each company name with ILIKE, which lowers both sides row by row; `company_name_folded` holds
// the lowered name, so that the search is a LIKE on it with the same answers (PostgreSQL's ILIKE on a
// UTF-8 database is LIKE of the lowered texts) at a third of the cost.
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('applications')
    .addColumn('company_name_folded', 'text', (col) =>
      col.generatedAlwaysAs(sql`lower(company_name)`).stored(),
    )
    .execute();
  await db.schema.createIndex('applications_created').on('applications').column('created_at').execute();
  await sql`create index applications_status_waiting on applications (status, (coalesce(waiting_since, created_at)), id)`.execute(
    db,
  );
  await db.schema.createIndex('applications_industry').on('applications').column('industry').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('applications_industry').execute();
  await db.schema.dropIndex('applications_status_waiting').execute();
  await db.schema.dropIndex('applications_created').execute();
  await db.schema.alterTable('applications').dropColumn('company_name_folded').execute();
}
