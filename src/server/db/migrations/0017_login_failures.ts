import { type Kysely, sql } from 'kysely';

// The atlas login counts the wrong sign-ins of a name no analyst has as it counts an analyst's wrong
// passwords, so the answers tell no names apart. Such a name is stored only as an HMAC of it (a name typed
// may be a password typed in the wrong field), and a count is forgotten ANALYST_LOCK_MINUTES after its
// last wrong try, an analyst's as well: so a stranger's row lives no longer than that or its lock, the
// rows are bounded by the rate limits, and both kinds of name forget alike. An analyst's count from before
// this migration starts its time now.
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('analysts').addColumn('last_failed_at', 'timestamptz').execute();
  await db
    .updateTable('analysts')
    .set({ last_failed_at: sql`now()` })
    .where('failed_logins', '>', 0)
    .execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('subject', 'text', (col) => col.primaryKey())
    .addColumn('failed_logins', 'integer', (col) => col.notNull())
    .addColumn('last_failed_at', 'timestamptz', (col) => col.notNull())
    .addColumn('locked_until', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('login_failures_last_failed_at')
    .on('login_failures')
    .column('last_failed_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_failures').execute();
  await db.schema.alterTable('analysts').dropColumn('last_failed_at').execute();
}
