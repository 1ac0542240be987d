import type { Kysely } from 'kysely';

// The rate limits' counts when several server processes share one PostgreSQL (plugins/rate-limit-store.ts):
// one row per limit key and fixed window, counted up by each request, so a visitor's budget is the same
// whichever process answers it. Rows of past windows are deleted periodically.
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('window_start', 'timestamptz', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('rate_limit_hits_pkey', ['key', 'window_start'])
    .execute();
  await db.schema
    .createIndex('rate_limit_hits_window_start')
    .on('rate_limit_hits')
    .column('window_start')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_hits').execute();
}
