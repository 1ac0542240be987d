import type { Kysely } from 'kysely';

// The cart a visitor session starts, at most one per session: two first inserts racing without a cart
// cookie (two tabs, a double click) meet on the unique key and share one cart instead of making two.
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('carts').addColumn('session_id', 'uuid').execute();
  await db.schema.createIndex('carts_session_id_key').on('carts').column('session_id').unique().execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('carts_session_id_key').execute();
  await db.schema.alterTable('carts').dropColumn('session_id').execute();
}
