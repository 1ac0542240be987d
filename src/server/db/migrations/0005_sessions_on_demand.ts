import type { Kysely } from 'kysely';

// A visitor's session is its signed cookie; a sessions row holds only the activity session, written by
// addSession and purged once idle. Consents and page/campaign views keep the session id they were made
// under, so they no longer reference a row that may be purged.
const RECORDS = ['consents', 'page_traces', 'campaign_traces'] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of RECORDS) {
    await db.schema.alterTable(table).dropConstraint(`${table}_session_id_fkey`).execute();
  }
  await db.schema.createIndex('sessions_last_seen_at_idx').on('sessions').column('last_seen_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sessions_last_seen_at_idx').execute();
  for (const table of RECORDS) {
    // records of purged sessions have no row to point at any more
    await db
      .deleteFrom(table)
      .where('session_id', 'not in', db.selectFrom('sessions').select('id'))
      .execute();
    await db.schema
      .alterTable(table)
      .addForeignKeyConstraint(`${table}_session_id_fkey`, ['session_id'], 'sessions', ['id'], (fk) =>
        fk.onDelete('cascade'),
      )
      .execute();
  }
}
