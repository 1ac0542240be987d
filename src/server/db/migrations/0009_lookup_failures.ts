import { type Kysely, sql } from 'kysely';

// Wrong identifiers typed on the overprint and progress lookups, counted per typed 受理編號 and per client
// (an HMAC of its address, never the address itself), so a guesser is locked out for a while on any node
// sharing the database, and across a restart. A row lives until its window and its lock have passed.
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lookup_failures')
    .addColumn('scope', 'text', (col) => col.notNull().check(sql`scope in ('application', 'client')`))
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('window_started_at', 'timestamptz', (col) => col.notNull())
    .addColumn('locked_until', 'timestamptz')
    .addPrimaryKeyConstraint('lookup_failures_pkey', ['scope', 'subject'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lookup_failures').execute();
}
